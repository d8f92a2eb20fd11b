import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { openDb, type DbHandle } from '@server/db/index';
import { adminUrl, templateName } from './pg-names';
import { lendEmbedded } from './pglite-lend';
import { lendServerDb } from './pg-lend';

let counter = 0;

/**
 * A Blob whose bytes are handed over as they are held: PGlite reads a data dump and its own files
 * with arrayBuffer() and only copies out of them, and a plain Blob copies all 44 MB first on every
 * open (70 ms of CPU an open, a few hundred opens a run). Only for PGlite on this thread: a Blob
 * posted to a worker thread is cloned as a plain, empty one.
 */
class HeldBlob extends Blob {
  constructor(private readonly held: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.held);
  }
}
const held = (bytes: Buffer) =>
  new HeldBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);

// The template's bytes, read once per worker: test files sharing a worker (vitest.config.ts) load
// the same ~40 MB file.
let template: { file: string; blob: Blob; held: Blob } | undefined;
let fsBundle: Blob | undefined;

/**
 * A migrated database of this test file's own: a PGlite clone of the run's template, or (with
 * TEST_DATABASE_URL) a new database copied from the run's template on the real server, dropped on close.
 */
export async function createTestDb(options: { thread?: 'worker' | 'main' } = {}): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = inject('pgliteTemplate');
    if (template?.file !== file) {
      const bytes = readFileSync(file);
      template = { file, blob: new Blob([bytes]), held: held(bytes) };
    }
    if (options.thread === 'worker') {
      return openDb({ loadDataDir: template.blob, thread: 'worker' });
    }
    fsBundle ??= held(
      readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.data')),
    );
    const { held: dump } = template;
    const bundle = fsBundle;
    return lendEmbedded(() => openDb({ loadDataDir: dump, fsBundle: bundle }));
  }
  const runId = inject('testRunId');
  return lendServerDb(
    url,
    async () => {
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
      return name;
    },
    (name) => dropLater(url, name),
  );
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
