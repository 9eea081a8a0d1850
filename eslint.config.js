// ESLint (npm run lint, part of npm test): type-aware checks typescript-eslint can make and the compiler cannot
// (promises nobody awaits, `any` leaking into typed code), and the rules of React hooks.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'cdk.out/', '.local/', 'bench/', 'frontend/src/routeTree.gen.ts', '**/*.cjs', '**/*.mjs', 'eslint.config.js'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Shallow imports (docs/architecture.md, "Dependency rules"): past two folders up, a path says less than the alias.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./){3}', message: 'Import through the alias (@frontend/, @functions/, @shared/, @infra/, @test/) instead of climbing three folders.' }] }],
    },
  },
  {
    // Tests read JSON answers as `any` on purpose and pin their shape with expect(); promises stay checked there too.
    files: ['**/*.test.{ts,tsx}', 'test/**/*.ts', 'infra/constructs/testing.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.tsx', 'frontend/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
