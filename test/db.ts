import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDb, type DbHandle } from '@server/db/index';
import { adminUrl, templateName } from './pg-names';

let counter = 0;
// The template's bytes, read once per worker: test files sharing a worker (vitest.config.ts) load
// the same ~40 MB file.
let template: { file: string; blob: Blob } | undefined;

/**
 * A migrated database of this test file's own: a PGlite clone of the run's template, or (with
 * TEST_DATABASE_URL) a new database copied from the run's template on the real server, dropped on close.
 */
export async function createTestDb(options: { thread?: 'worker' | 'main' } = {}): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = inject('pgliteTemplate');
    if (template?.file !== file) {
      template = { file, blob: new Blob([readFileSync(file)]) };
    }
    return openDb({ loadDataDir: template.blob, thread: options.thread });
  }
  const runId = inject('testRunId');
  const name = `budget_test_${runId}_${process.pid}_${++counter}_${Date.now() % 100000}`;
  const admin = await openDb({ url: adminUrl(url) });
  try {
    await admin.knex.raw(`CREATE DATABASE ${name} TEMPLATE ${templateName(runId)}`);
    // A test database is thrown away: a commit need not wait for its WAL to reach the disk (3 ms
    // an fdatasync here, thousands of commits a run). What a test reads is the same either way.
    await admin.knex.raw(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.close();
  }
  const db = await openDb({ url: adminUrl(url, name) });
  return {
    ...db,
    close: async () => {
      await db.close();
      dropLater(url, name);
    },
  };
}

/**
 * DROP DATABASE waits for a checkpoint and unlinks every file of the database: 0.5 to 4 s a file
 * on this machine, which the file's afterAll used to wait out before the worker's next file could
 * start. The drops run one at a time behind the tests instead; the run's teardown drops whatever a
 * worker left when it ended (dropRunDatabases).
 */
let drops: Promise<void> = Promise.resolve();
function dropLater(url: string, name: string): void {
  drops = drops.then(async () => {
    try {
      const admin = await openDb({ url: adminUrl(url) });
      try {
        await admin.knex.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    } catch {
      // Left for the run's teardown.
    }
  });
}
