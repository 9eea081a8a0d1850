// ESLint (npm run lint, part of npm test): the rules that need no types (unused names, shallow imports, the rules of
// React hooks). The type-aware checks the compiler cannot make (promises nobody awaits, `any` leaking into typed code)
// run in oxlint's type-aware mode (.oxlintrc.json), on tsgo: the same rules as typescript-eslint's at a tenth of the CPU.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const QUERY_KEYS_FROM_FACTORIES = [
  { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Take the query key from its factory in frontend/src/api/ (adminQueries.x().queryKey, or a prefix key such as adminKeys.all).' },
  { selector: 'CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression.arguments', message: 'Take the query key from its factory in frontend/src/api/ (adminQueries.x().queryKey).' },
];
const MUTATIONS_AS_HOOKS = { selector: "CallExpression[callee.name='useMutation']", message: 'Make the mutation a hook beside its queries in frontend/src/api/ (useWithdrawal, useUpdateHostRequest...), with the screen\'s reactions passed in.' };
/** Shallow imports through the aliases, and one UI kit. */
const IMPORT_PATTERNS = [
  { regex: '^(\\.\\./){3}', message: 'Import through the alias (@frontend/, @functions/, @shared/, @infra/, @test/) instead of climbing three folders.' },
  // One UI kit (docs/architecture.md, "Frontend: one way each"): a feature's own `ui` or dialog is a second kit.
  { regex: '^(\\.{1,2}/(.*/)?|@frontend/features/(.*/)?)(ui|Dialog|Modal|Sheet)$', message: 'Take the UI kit from @frontend/components/ui (one Card, one dialog, the buttons and fields).' },
];
/**
 * Adapters report facts, the domain decides the answer (docs/architecture.md, "Errors: facts and answers"): no adapter
 * or provider picks the words people read or an answer's status, but a dependency that cannot serve (503).
 */
const ADAPTERS_REPORT_FACTS = [
  { regex: '(^|/)domain/texts$', message: 'An adapter reports what happened (a refusal with its reason, null, an outcome); the domain picks the words people read.' },
  { regex: '(^|/)domain/errors$', allowImportNames: ['unavailable', 'DependencyUnavailable'], message: 'An adapter reports what happened (a refusal with its reason, null, an outcome); the domain decides the answer. Only a dependency that cannot serve is answered here (503).' },
];

const ENTITY_BUILDER = 'functions/platform/adapters/dynamodb/entity.ts';
const UPDATE_FROM_ENTITY = {
  selector: "Property[key.name='UpdateExpression']",
  message: 'Build the update from its entity: entity<Attributes>()(keys.x).update(key, { set, add, remove, condition }) (functions/platform/adapters/dynamodb/entity.ts).',
};
const CONDITIONS_FROM_ENTITY = [
  { selector: "Property[key.name='KeyConditionExpression']", message: "Build the query from its entity: x.query('GSI1' or 'table', partition, { sort, filter, project }) (functions/platform/adapters/dynamodb/entity.ts)." },
  { selector: "Property[key.name='ConditionExpression']", message: 'Build the condition from its entity: ...x.condition((c) => c.itemNotExists()) (functions/platform/adapters/dynamodb/entity.ts).' },
  { selector: "Property[key.name='ProjectionExpression']", message: "Name what a Get or a BatchGet reads through its entity: ...x.project(['a', 'b']); a query's through its spec's `project` (functions/platform/adapters/dynamodb/entity.ts)." },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'cdk.out/', '.local/', 'bench/', 'frontend/src/routeTree.gen.ts', '**/*.cjs', '**/*.mjs', 'eslint.config.js'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Shallow imports (docs/architecture.md, "Dependency rules"): past two folders up, a path says less than the alias.
      'no-restricted-imports': ['error', { patterns: IMPORT_PATTERNS }],
    },
  },
  {
    files: ['functions/*/adapters/**/*.ts', 'functions/*/providers/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...IMPORT_PATTERNS, ...ADAPTERS_REPORT_FACTS] }] },
  },
  {
    // Entities declared once (docs/infrastructure.md, "Entities in the table"): updates, conditions and key conditions
    // are built from an entity's declaration, so one written by hand fails here.
    files: ['functions/**/*.ts'],
    ignores: [ENTITY_BUILDER, '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', UPDATE_FROM_ENTITY, ...CONDITIONS_FROM_ENTITY] },
  },
  {
    files: ['frontend/src/**/*.tsx', 'frontend/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One home for each query key and each mutation (docs/architecture.md, "Frontend: one way each"): a key comes from a
    // queryOptions factory in frontend/src/api/, or from a prefix key one exports; a literal array elsewhere drifts from
    // the factory's. A mutation is a hook beside its queries there; a screen passes its own reactions to it.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/api/**'],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_KEYS_FROM_FACTORIES, MUTATIONS_AS_HOOKS] },
  },
);
