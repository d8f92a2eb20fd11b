import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      curly: ['error', 'all'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test helpers read loosely typed JSON responses.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // PGlite has one connection: inside app.db.transaction(trx => ...) every query must use trx.
    // A query on app.db there waits forever, so flag the pattern wherever it appears.
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='transaction'] > ArrowFunctionExpression MemberExpression[object.name='app'][property.name='db']",
          message:
            'Inside a transaction use the transaction (trx), not app.db: PGlite has one connection and would deadlock.',
        },
      ],
    },
  },
);
