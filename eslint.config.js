import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.factories.ts', '**/*-factories.ts', '**/*.suite.ts'];
const restrict = (files, patterns, ignores = TESTS) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const screens = readdirSync(new URL('./web/src/screens', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'web/dist', 'data', 'test-results', 'playwright-report'] },
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
  // The layering of DESIGN section 1, held by the linter rather than by memory.
  restrict(
    ['server/schemas/**/*.ts'],
    [
      {
        regex: '^(?!zod$|\\./|@server/lib/budget-math$)',
        message:
          'Schemas import only zod (and each other, and the budget arithmetic, which imports nothing): web/ and cli/ bundle them.',
      },
    ],
  ),
  // Regexes rather than globs, so an alias, a bare folder ('@server/queries') and a relative path
  // of any depth ('../../queries/users') are all caught.
  restrict(
    ['server/routes/**/*.ts'],
    [{ regex: '^(@server/|(\\.\\./)+)queries(/|$)', message: 'Routes call services, never queries.' }],
  ),
  restrict(
    ['server/queries/**/*.ts'],
    [{ regex: '^(@server/|(\\.\\./)+)services(/|$)', message: 'Queries import nothing from services.' }],
  ),
  restrict(
    ['cli/**/*.ts'],
    [
      {
        regex:
          '^(@server/(queries|db)|(\\.\\./)+server/(queries|db)|knex|pg|@electric-sql/pglite|knex-pglite)($|/)',
        message: 'The CLI reaches data only through services; cli/context.ts alone opens the database.',
      },
    ],
    [...TESTS, 'cli/context.ts'],
  ),
  // A screen's files may climb to their screen's folder and no further ('../' from its top level
  // leaves it), nor name another screen by alias: one config per screen and depth, since a later
  // no-restricted-imports replaces an earlier one for the same file.
  ...screens.flatMap((screen) =>
    [0, 1, 2, 3].map((depth) =>
      restrict(
        [`web/src/screens/${screen}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        [
          {
            group: ['@web/screens/*', `!@web/screens/${screen}`, `!@web/screens/${screen}/**`],
            message:
              'Screens do not import other screens: move what two screens share to web/src/components.',
          },
          {
            regex: `^(\\.\\./){${depth + 1}}`,
            message:
              'Screens do not import other screens: move what two screens share to web/src/components.',
          },
        ],
        [],
      ),
    ),
  ),
);
