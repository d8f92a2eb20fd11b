import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type DbHandle } from '@server/db/index';
import { runBinary, runInProcess, type CliResult } from './cli-process';
import { adminUrl } from './pg-names';

export type { CliResult } from './cli-process';

export interface CliRunner {
  /**
   * Runs budget-cli with these arguments in this process (cli/main.ts, the code bin/budget-cli.mjs
   * runs); a non-zero exit is returned, not thrown.
   */
  cli(...args: string[]): Promise<CliResult>;
  /**
   * The same through the real bin/budget-cli.mjs in a process of its own, for what only that shows
   * (test/cli-process.ts).
   */
  binary(...args: string[]): Promise<CliResult>;
  /** The CLI's DATA_DIR (its PGlite folder unless DATABASE_URL is set); removed on close. */
  dataDir: string;
  /**
   * Opens the CLI's database from the test process, to write rows no command makes. On PGlite the
   * folder is locked while it is open: close the handle before the next `cli` call.
   */
  openDb(): Promise<DbHandle>;
  /** Removes the data folder and drops the database. */
  close(): Promise<void>;
}

/**
 * A database of the CLI's own and a way to run the binary on it: a temporary DATA_DIR (PGlite), or
 * with TEST_DATABASE_URL a new, empty database on that server. Empty rather than a copy of the
 * migrated template, because the CLI's own `db migrate` and `db seed` are under test.
 * `name` (letters, digits, `-`) tells the folders and databases of the test files apart.
 */
export async function createCliRunner(name: string, options: { timeout?: number } = {}): Promise<CliRunner> {
  if (!/^[a-z0-9-]+$/.test(name)) {
    throw new Error(`createCliRunner: "${name}" must be lower-case letters, digits and '-'`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `budget-cli-${name}-`));
  const env: Record<string, string> = {
    ...process.env,
    DATA_DIR: dataDir,
    PASSWORD_COST: '10',
    SEED_DEMO: '0',
  } as Record<string, string>;
  // A developer's own DATABASE_URL must never reach the child: it would run on their database.
  delete env.DATABASE_URL;

  const url = process.env.TEST_DATABASE_URL;
  // The pid keeps parallel workers (and parallel runs) apart; a leftover of a crashed run with the
  // same pid is dropped first.
  const dbName = `budget_cli_${name.replaceAll('-', '_')}_${process.pid}`;
  if (url) {
    try {
      const admin = await openDb({ url: adminUrl(url) });
      try {
        await admin.knex.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.knex.raw(`CREATE DATABASE ${dbName}`);
      } finally {
        await admin.close();
      }
    } catch (err) {
      // No runner is returned, so nobody else would remove the folder.
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
    env.DATABASE_URL = adminUrl(url, dbName);
  }

  return {
    dataDir,
    cli: (...args) => runInProcess(args, env),
    binary: (...args) => runBinary(args, env, options.timeout ?? 120_000),
    openDb: () => openDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir }),
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
      if (url) {
        const admin = await openDb({ url: adminUrl(url) });
        try {
          await admin.knex.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        } finally {
          await admin.close();
        }
      }
    },
  };
}

/**
 * The one JSON document a `--json` run printed. Fails the test unless the run exited 0 and stdout
 * is exactly one document of the expected kind: an object for a command about one thing, an array
 * for a list (never an object wrapped in an array, nor a second document or a message after it).
 */
export function jsonDocument(res: CliResult, kind: 'object' | 'array'): any {
  if (res.code !== 0) {
    throw new Error(`exited ${res.code}: ${res.stderr}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(res.stdout);
  } catch (err) {
    throw new Error(`stdout is not one JSON document (${(err as Error).message}):\n${res.stdout}`);
  }
  const actual = Array.isArray(doc)
    ? 'array'
    : doc !== null && typeof doc === 'object'
      ? 'object'
      : typeof doc;
  if (actual !== kind) {
    throw new Error(`expected one JSON ${kind}, got ${actual}:\n${res.stdout}`);
  }
  return doc;
}
