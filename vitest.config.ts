import { readdirSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const r = (p: string) => path.resolve(import.meta.dirname, p);

/**
 * CI runs every test file twice, on embedded PGlite and on a PostgreSQL server. The CLI's tests run
 * the real binary, which opens the embedded database anew for every command: 4 to 5 times slower
 * than on a server (cli/contracts and cli/cola: 56 s against 12 s). With CI_CLI_ON_SERVER=1 (set
 * by .ci/run only when its server phase will run) the PGlite phase keeps just the CLI files about
 * the embedded database itself (backup and restore, the folder's lock) and the rest run in the
 * server phase; the screens' unit tests, which touch no database, run only in the PGlite phase.
 */
const EMBEDDED_CLI_FILES = new Set(['backup.test.ts', 'cli.test.ts']);
function phaseExclusions(): string[] {
  if (process.env.CI_CLI_ON_SERVER !== '1') {
    return [];
  }
  if (process.env.TEST_DATABASE_URL) {
    return ['web/src/**'];
  }
  return readdirSync(r('cli'))
    .filter((f) => f.endsWith('.test.ts') && !EMBEDDED_CLI_FILES.has(f))
    .map((f) => `cli/${f}`);
}

export default defineConfig({
  resolve: {
    alias: {
      '@server': r('server'),
      '@web': r('web/src'),
      '@cli': r('cli'),
      '@migrations': r('migrations'),
      '@seeds': r('seeds'),
    },
  },
  test: {
    // Migrates once per run; at the end of a full run, the response sweep (every route answered a
    // 2xx checked against its response schema somewhere: test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Each server test file gets its own database (a PGlite clone, or a fresh database on a real
    // server), so files run in parallel without sharing rows. Two cores: two workers.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: [
      'server/**/*.test.ts',
      'cli/**/*.test.ts',
      'migrations/**/*.test.ts',
      'seeds/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, ...phaseExclusions()],
    env: { PASSWORD_COST: '10', LOG_LEVEL: 'silent' },
  },
});
