import { openDb, type DbHandle } from '@server/db/index';
import type { EmbeddedDb } from '@server/db/pglite-remote';
import { planReset, takeBaseline, type Baseline as SharedBaseline, type RunQuery } from './lend-baseline';

/**
 * Embedded databases lent to test files, one worker's worth. Starting PGlite from the run's template
 * costs about 0.5 CPU-s (its files unpacked, PostgreSQL started in WebAssembly): a third of what a
 * typical test file spends. A file's database is given back when the file closes it, put back to
 * the template's rows (below) and lent to the next file; a database whose schema, roles or settings
 * a file changed is closed instead, as every database was before.
 */

type Baseline = SharedBaseline<Blob>;

/** At most this many databases wait between files (a file may hold two at once). */
const KEEP = 2;
const idle: EmbeddedDb[] = [];
/** Every copy of the run's template holds the same, so one baseline serves them all. */
let baseline: Promise<Baseline> | undefined;
/** How often each database has been put back (planReset makes every so many a full reset). */
const resets = new WeakMap<EmbeddedDb, number>();

/**
 * A database of the template's content for one test file: a kept one put back to it, else a new
 * one `start` opens. Closing the handle gives it back.
 */
export async function lendEmbedded(start: () => Promise<DbHandle>): Promise<DbHandle> {
  let kept = idle.pop();
  if (!kept) {
    // The handle's own knex is never used: the database is reached through the lent handles below.
    const fresh = (await start()).pglite!;
    baseline ??= takeBaselineOf(fresh);
    await baseline;
    kept = fresh;
  }
  const lent = new Lent(kept);
  const handle = await openDb({ embedded: lent });
  let given = false;
  return {
    ...handle,
    close: async () => {
      if (given) {
        return;
      }
      given = true;
      await handle.close();
      await giveBack(kept);
    },
  };
}

async function giveBack(db: EmbeddedDb): Promise<void> {
  try {
    if (idle.length < KEEP && !db.closed && (await reset(db, await baseline!))) {
      idle.push(db);
      return;
    }
  } catch {
    // A database that cannot be put back is closed below.
  }
  await db.close().catch(() => undefined);
}

/** The database as a test file's knex sees it: every statement reaches it; closing only gives it back. */
class Lent implements EmbeddedDb {
  private given = false;
  constructor(private readonly db: EmbeddedDb) {}
  get waitReady() {
    return this.db.waitReady;
  }
  get closed() {
    return this.given || this.db.closed;
  }
  query: EmbeddedDb['query'] = (sql, params, options) => this.db.query(sql, params, options);
  exec: EmbeddedDb['exec'] = (sql, options) => this.db.exec(sql, options);
  dumpDataDir: EmbeddedDb['dumpDataDir'] = (compression) => this.db.dumpDataDir(compression);
  async close(): Promise<void> {
    this.given = true;
  }
}

/** The embedded database's statements as the shared checks run them. */
const runOn =
  (db: EmbeddedDb): RunQuery =>
  async <T>(sql: string) =>
    (await db.query<T>(sql)).rows;

const takeBaselineOf = (db: EmbeddedDb): Promise<Baseline> =>
  takeBaseline(
    runOn(db),
    async (table, columns) => (await db.query(`COPY ${table} (${columns}) TO '/dev/blob'`)).blob!,
  );

/**
 * Puts the database back to the template's rows and sequences, with the session as new. False
 * (and nothing done) when the file changed more than rows: that database is not lent again.
 */
async function reset(db: EmbeddedDb, baseline: Baseline): Promise<boolean> {
  // A transaction a failed test left open, then the session's own state (settings, temporary
  // tables, prepared statements, advisory locks).
  await db.exec('ROLLBACK');
  await db.exec('DISCARD ALL');
  const count = resets.get(db) ?? 0;
  const plan = await planReset(runOn(db), baseline, count);
  if (!plan) {
    return false;
  }
  resets.set(db, count + 1);
  // Triggers (the audit, locked-year and reference checks) do not fire while rows are put back.
  await db.exec('SET session_replication_role = replica');
  if (plan.tables.length) {
    await db.exec(
      plan.full
        ? `TRUNCATE ${plan.tables.join(', ')} CASCADE`
        : plan.tables.map((table) => `DELETE FROM ${table};`).join(' '),
    );
  }
  for (const { table, columns, rows } of baseline.filled) {
    if (plan.full || plan.refill.includes(table)) {
      await db.query(`COPY ${table} (${columns}) FROM '/dev/blob'`, [], { blob: rows });
    }
  }
  if (baseline.sequences) {
    await db.query(baseline.sequences);
  }
  await db.exec('RESET session_replication_role');
  return true;
}
