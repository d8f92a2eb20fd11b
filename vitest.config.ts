import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { TIMED_FILES } from './test/timed-files.ts';

const r = (p: string) => path.resolve(import.meta.dirname, p);

/**
 * CI runs every test file twice, on embedded PGlite and on a PostgreSQL server. The CLI's tests run
 * the real binary, which opens the embedded database anew for every command: 4 to 5 times slower
 * than on a server (cli/contracts and cli/cola: 56 s against 12 s). With CI_CLI_ON_SERVER=1 (set
 * by .ci/run only when its server phase will run) the PGlite phase keeps just the CLI files about
 * the embedded database itself (backup and restore, the folder's lock) and the rest run in the
 * server phase; the files that touch no database (DATABASE_FREE) run only in the PGlite phase.
 */
const EMBEDDED_CLI_FILES = new Set(['backup.test.ts', 'cli.test.ts']);
/**
 * Files that open no database, so a second phase would run them unchanged: shared/ (which imports
 * nothing of the server, held by lint), the file readers of imports, and the checks that read the
 * source tree (the lint rules' tests parse every server file: 12 s each, twice). They run in the
 * PGlite phase only, as the screens' tests do.
 */
const DATABASE_FREE = [
  'web/src/**',
  'shared/**',
  'server/lib/import/**',
  'test/web-build.test.ts',
  'test/layering-lint.test.ts',
  'test/boundaries.test.ts',
  'test/money-scan.test.ts',
  'test/server-layout.test.ts',
  'test/file-length.test.ts',
  'test/table-writers.test.ts',
  'test/timed-files.test.ts',
  'test/precompress.test.ts',
  'test/pure-schemas.test.ts',
];
/**
 * The files that load a ledger of 100,000 rows or more to show the server keeps answering
 * and its memory flat while it works: the embedded database is where that can fail (it runs in the
 * server's process, on a thread of its own), so in CI they run in the PGlite phase only; their SQL
 * is the same the smaller tests run on both databases. On the server they took 120 s of a phase.
 */
const EMBEDDED_SCALE = [
  'server/routes/ledger-report-large.test.ts',
  'server/routes/ledger-import-size.test.ts',
];
function phaseExclusions(): string[] {
  if (process.env.CI_CLI_ON_SERVER !== '1') {
    return [];
  }
  if (process.env.TEST_DATABASE_URL) {
    return [...DATABASE_FREE, ...EMBEDDED_SCALE];
  }
  return readdirSync(r('cli'))
    .filter((f) => f.endsWith('.test.ts') && !EMBEDDED_CLI_FILES.has(f))
    .map((f) => `cli/${f}`);
}

/**
 * The screens' test files that replace a module (vi.mock, vi.doMock) or the environment
 * (vi.stubEnv): the replacement would reach the files after them in a shared module graph, so each
 * keeps a process of its own. Found by reading the files, so a new one needs no list.
 */
const WEB_OWN_PROCESS = (readdirSync(r('web/src'), { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(mock|doMock|stubEnv)\(/.test(readFileSync(r(`web/src/${f}`), 'utf8')))
  .map((f) => `web/src/${f.split(path.sep).join('/')}`);

/** Tests on the server side: each file opens its own database (test/db.ts) or none. */
const SERVER_FILES = [
  'server/**/*.test.ts',
  'shared/**/*.test.ts',
  'cli/**/*.test.ts',
  'migrations/**/*.test.ts',
  'seeds/**/*.test.ts',
  'test/**/*.test.ts',
];
/**
 * CI_TIMED=skip leaves out the files that hold the clock (test/timed-files.ts), CI_TIMED=only runs
 * just them (a run beside other work, then these alone).
 */
const timed = process.env.CI_TIMED;
const exclude = [...configDefaults.exclude, ...phaseExclusions(), ...(timed === 'skip' ? TIMED_FILES : [])];

export default defineConfig({
  resolve: {
    alias: {
      '@server': r('server'),
      '@web': r('web/src'),
      '@cli': r('cli'),
      '@migrations': r('migrations'),
      '@seeds': r('seeds'),
      '@shared': r('shared'),
    },
  },
  test: {
    // Each server test file gets its own database (a PGlite clone, or a fresh database on a real
    // server), so files run in parallel without sharing rows. Two cores: two workers.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { PASSWORD_COST: '10', LOG_LEVEL: 'silent' },
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content and the config): a run after the first reads them instead of transforming the
    // server's modules again. A focused run of two files took 8.8 s against 12.7 s without
    // (transform 1.6 s against 7.5 s); a full CI run showed no gain beyond its spread.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: timed === 'only' ? TIMED_FILES : SERVER_FILES,
          exclude,
          // Migrates once per run; at the end of a full run, the response sweep (every route
          // answered a 2xx checked against its response schema somewhere: test/global-setup.ts).
          globalSetup: ['test/global-setup.ts'],
          // A worker runs its files one after another in one process, keeping the modules it
          // loaded: a new process per file loaded the server's code anew every time, a second or
          // more of a file's run. Nothing these files share is per file: each opens its own
          // database and server, and test/shared-worker.ts puts back the environment a file changed.
          isolate: false,
          setupFiles: ['test/shared-worker.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The screens' unit tests, in one module graph per worker like the server's: a process
          // and a page environment per file cost more than the tests (118 files: 101 s, of which
          // 54 s making environments and 60 s importing, against 48 s of tests). What a test leaves
          // (the rendered tree, storage, stubbed globals) is put back after each one
          // (web/src/test/each-file.ts). 42 s for the same tests, all passing.
          name: 'web',
          include: timed === 'only' ? [] : ['web/src/**/*.test.{ts,tsx}'],
          exclude: [...exclude, ...WEB_OWN_PROCESS],
          isolate: false,
          setupFiles: ['web/src/test/each-file.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web-own-process',
          include: timed === 'only' ? [] : WEB_OWN_PROCESS,
          exclude,
          setupFiles: ['web/src/test/each-file.ts'],
        },
      },
    ],
  },
});
