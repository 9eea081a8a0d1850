/**
 * The dependency rules `npm run lint` holds the code to (docs/architecture.md, "How the code is laid out").
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import that closes a cycle. Only the bilingual text tables (frontend/src/i18n) may: each language imports the English shape it fills.',
      from: { pathNot: '^frontend/src/i18n/' },
      to: { circular: true },
    },
    {
      name: 'domain-knows-no-aws',
      severity: 'error',
      comment: 'The domain is plain TypeScript: it reaches the table, IoT and the gateway through its ports, never an adapter, a provider or a handler.',
      from: { path: '^functions/[^/]+/domain/', pathNot: '[.]test[.-]' },
      to: { path: ['^functions/[^/]+/(adapters|providers)/', '^functions/(http|iot|identity|composition|data)', '^infra/', 'node_modules/@aws-sdk/'] },
    },
    {
      name: 'ports-are-interfaces',
      severity: 'error',
      comment: 'A port says what the domain needs; it knows no use case and no adapter.',
      from: { path: '^functions/[^/]+/ports/' },
      to: { path: ['^functions/[^/]+/(domain|adapters|providers)/', '^functions/(http|iot)/', 'node_modules/@aws-sdk/'] },
    },
    {
      name: 'contexts-meet-at-their-interface',
      severity: 'error',
      comment: 'A part of the business (functions/<context>/) offers the others its domain and its ports; its adapters and providers are its own. Only wiring (providers, handlers, the composition) reaches across, and the platform is everyone\'s.',
      from: { path: '^functions/([^/]+)/(domain|ports|adapters)/', pathNot: '[.]test[.-]' },
      to: { path: '^functions/[^/]+/(adapters|providers)/', pathNot: '^functions/($1|platform)/' },
    },
    {
      name: 'platform-knows-no-context',
      severity: 'error',
      comment: 'The platform (HTTP, the table client, settings, e-mail, AWS calls) serves every context and knows none of them.',
      from: { path: '^functions/platform/', pathNot: '[.]test[.-]' },
      to: { path: '^functions/(accounts|fieldwork|fleet|guests|partners|stations|system|vending|wallet)/' },
    },
    {
      name: 'payments-know-no-products',
      severity: 'error',
      comment: 'The payment code (orders, reports, confirmation) knows no product: guests and purchases react to what payments report, through PaymentDeps.afterPaid.',
      from: { path: '^functions/wallet/domain/payment-(orders|reports|confirmation|deps)\\.ts$' },
      to: { path: ['^functions/(guests|vending)/domain/', '^functions/wallet/domain/(purchase\\.|after-payment|topup|withdrawals)'] },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ is read by the browser and the functions alike: it imports neither.',
      from: { path: '^shared/' },
      to: { path: '^(functions|frontend|infra|test)/' },
    },
    {
      name: 'browser-imports-no-server',
      severity: 'error',
      comment: 'The browser bundle takes the contract from shared/, never code of the functions or the infrastructure.',
      from: { path: '^frontend/src/', pathNot: '[.]test[.-]' },
      to: { path: '^(functions|infra)/' },
    },
    {
      name: 'product-imports-no-harness',
      severity: 'error',
      comment: 'What deploys never imports the tests, and the functions never the infrastructure code.',
      from: { path: '^(functions|shared|frontend/src)/', pathNot: '[.]test[.-]' },
      to: { path: '^(test|infra)/' },
    },
    {
      name: 'deploy-imports-no-harness',
      severity: 'error',
      comment: 'What deploys (the CDK app) imports neither the local cloud nor the parity harness; they read it.',
      from: { path: '^infra/(constructs|templates|app[.]ts)', pathNot: '[.]test[.-]' },
      to: { path: '^infra/(local|parity)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'cdk\\.out', '/dist/', '\\.local/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'] },
  },
};
