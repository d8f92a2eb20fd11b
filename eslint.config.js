import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.factories.ts', '**/*-factories.ts', '**/*.suite.ts'];
const restrict = (files, patterns, ignores = TESTS) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
// The one writer of line items (docs/ARCHITECTURE.md, 'The path of a change'): only
// server/domains/line-items/ imports the line-writing queries, and nothing else under server/
// writes line_items itself, so every change gets the status rule, the next-year salary rule and an
// audit entry naming its cause.
const LINE_WRITER = 'server/domains/line-items/**';
const LINE_WRITES = {
  regex: '(^|/)queries/line-items-writes|^\\./line-items-writes',
  message:
    'Only the line writer (server/domains/line-items/) imports the line-writing queries: change lines through it.',
};
// projected_lines (projected employee lines stored apart) is written only by the writer too.
const WRITE_SQL =
  /\b(?:update|insert\s+into|delete\s+from|truncate(?:\s+table)?|copy)\s+(?:only\s+)?"?(?:line_items|projected_lines)"?(?!\w)/i;
const WRITE_CALLS = new Set([
  'update',
  'insert',
  'del',
  'delete',
  'truncate',
  'upsert',
  'increment',
  'decrement',
]);
const LINES_TABLE = /^\s*(?:line_items|projected_lines)(\s+(as\s+)?\w+)?\s*$/i;
const stringOf = (node) =>
  node?.type === 'Literal' && typeof node.value === 'string'
    ? node.value
    : node?.type === 'TemplateLiteral'
      ? node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ')
      : null;
const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? callee.property.name : '';
/** A small local plugin: flags a write to line_items spelled out in SQL or as a knex chain. */
const linesPlugin = {
  rules: {
    'no-line-writes': {
      meta: {
        type: 'problem',
        messages: {
          write:
            'Lines are written only by the line writer (server/domains/line-items/): {{what}} here would skip the status rule, the next-year salary rule and the audit.',
        },
      },
      create(context) {
        const report = (node, what) => context.report({ node, messageId: 'write', data: { what } });
        const checkText = (node) => {
          const text = stringOf(node);
          const hit = text && WRITE_SQL.exec(text);
          if (hit) {
            report(node, `'${hit[0]}'`);
          }
        };
        return {
          Literal: checkText,
          TemplateLiteral: checkText,
          CallExpression(node) {
            if (!node.arguments.some((arg) => LINES_TABLE.test(stringOf(arg) ?? ''))) {
              return;
            }
            if (/copy/i.test(calleeName(node.callee))) {
              report(node, 'a COPY into line_items');
              return;
            }
            // Up the chain: db('line_items').where(...).update(...)
            let current = node;
            for (;;) {
              const parent = current.parent;
              if (parent?.type === 'MemberExpression' && parent.object === current) {
                if (WRITE_CALLS.has(parent.property.name)) {
                  report(parent, `('line_items').${parent.property.name}()`);
                  return;
                }
                current = parent;
              } else if (parent?.type === 'CallExpression' && parent.callee === current) {
                current = parent;
              } else {
                return;
              }
            }
          },
        };
      },
    },
  },
};
// The web app reaches outside web/ only for shared/ (the schemas and the rules both sides run).
const WEB_WALL = {
  regex: '^(@server|@cli|@migrations|@seeds|@test)(/|$)|^(\\.\\./)+(server|cli|shared)(/|$)',
  message:
    'The web app imports from outside web/ only through @shared/ (the schemas and the rules both sides run).',
};
/**
 * A domain (server/domains/<name>/) is entered only through its index.ts: a file outside the folder
 * that names one of its files, by alias or by a relative path, is refused. Tests may reach inside.
 */
const DOMAINS = 'server/domains/';
const domainOf = (file) => {
  const at = file.indexOf(DOMAINS);
  return at < 0 ? null : file.slice(at + DOMAINS.length).split('/')[0];
};
const domainsPlugin = {
  rules: {
    'through-index': {
      meta: {
        type: 'problem',
        messages: {
          inside:
            "'{{spec}}' reaches inside the {{domain}} domain: import '@server/domains/{{domain}}' (its index.ts, the one door).",
        },
      },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') {
            return;
          }
          let target = null;
          if (spec.startsWith('@server/')) {
            target = `/server/${spec.slice('@server/'.length)}`;
          } else if (spec.startsWith('.')) {
            target = path.posix.join(path.posix.dirname(file), spec);
          }
          const domain = target && domainOf(target);
          if (!domain) {
            return;
          }
          const rest = target.slice(target.indexOf(DOMAINS) + DOMAINS.length + domain.length);
          // The door is spelled one way, '@server/domains/<name>', so a search finds every caller.
          const door = spec.startsWith('@server/') && (rest === '' || rest === '/' || rest === '/index');
          if (door || domainOf(file) === domain) {
            return;
          }
          context.report({ node: node.source, messageId: 'inside', data: { spec, domain } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
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
    files: ['server/domains/**/*.ts'],
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
  {
    files: ['server/**/*.ts', 'cli/**/*.ts', 'seeds/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: TESTS,
    plugins: { domains: domainsPlugin },
    rules: { 'domains/through-index': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, '**/*.world.ts', LINE_WRITER],
    plugins: { lines: linesPlugin },
    rules: { 'lines/no-line-writes': 'error' },
  },
  // Before the layering below: a later no-restricted-imports replaces this one for its files, so
  // the queries' own rule repeats it.
  // The line-writing queries are private to the writer, and share SQL among themselves.
  restrict(['server/**/*.ts'], [LINE_WRITES], [...TESTS, LINE_WRITER]),
  // The layering (schemas import only zod; queries hold all knex; services are their only callers;
  // routes stay thin), held by the linter rather than by memory.
  // The shared folder is what the browser and the server both run: it imports nothing of theirs.
  // (Before the schemas' own rule, which replaces this one for their files and is stricter.)
  restrict(
    ['shared/**/*.ts'],
    [
      {
        regex:
          '^(@server|@web|@cli|@migrations|@seeds|@test)(/|$)|^(\\.\\./)+(server|web|cli)(/|$)|^(\\.\\./){2,}',
        message: 'shared/ imports nothing from the server, the web app or the CLI: both sides run it.',
      },
    ],
  ),
  restrict(['web/src/**/*.{ts,tsx}'], [WEB_WALL], []),
  restrict(
    ['shared/schemas/**/*.ts'],
    [
      {
        regex: '^(?!zod$|\\./|@shared/(budget-math|money|public-groups|day-words|signed-words)$)',
        message:
          "Schemas import only zod (and each other, the budget and money arithmetic, the public page's small-group words, the way a day is written and the way a change is signed, which import nothing): web/ and cli/ bundle them.",
      },
    ],
  ),
  // Regexes rather than globs, so an alias, a bare folder ('@server/domains/admin/queries') and a
  // relative path of any depth ('../../domains/admin/queries/users') are all caught.
  restrict(
    ['server/routes/**/*.ts'],
    [{ regex: '(^|/)queries(/|$)', message: 'Routes call services, never queries.' }],
  ),
  // A domain's queries import no service: not their own domain's ('../x' from queries/) nor another's.
  restrict(
    ['server/domains/*/queries/**/*.ts'],
    [{ regex: '^\\.\\.(/|$)', message: 'Queries import nothing from services.' }, LINE_WRITES],
    [...TESTS, LINE_WRITER],
  ),
  restrict(
    ['server/domains/line-items/queries/**/*.ts'],
    [{ regex: '^\\.\\.(/|$)', message: 'Queries import nothing from services.' }],
  ),
  restrict(
    ['cli/**/*.ts'],
    [
      {
        regex:
          '^(@server/(db|sql)|(\\.\\./)+server/(db|sql)|knex|pg|@electric-sql/pglite|knex-pglite)($|/)|(^|/)queries(/|$)',
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
          WEB_WALL,
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
