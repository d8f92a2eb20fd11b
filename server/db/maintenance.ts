import type { Knex } from 'knex';
import { dbKind, queueFor } from './queue';

/**
 * Vacuuming. A PostgreSQL server has autovacuum; embedded PGlite has none, so rows left by an
 * aborted import or a replaced budget stay in the files for ever (a 12,000-row table held 163 MB).
 * `vacuumDeadRows` cleans the tables whose dead rows outweigh a fifth of their live ones; on PGlite a
 * table with more dead rows than live ones is rewritten (VACUUM FULL): plain VACUUM cannot give the
 * space back while a single live row sits at the end of the file, which is where new rows go.
 * It runs with nothing else in the database (the queue's exclusive turn).
 */

export interface VacuumedTable {
  table: string;
  deadRows: number;
  full: boolean;
}

const MIN_DEAD = 1000;

export async function vacuumDeadRows(knex: Knex): Promise<VacuumedTable[]> {
  const pglite = dbKind(knex) === 'pglite';
  return queueFor(knex).exclusive(async () => {
    const { rows } = (await knex.raw(
      `SELECT schemaname, relname, n_live_tup::int AS live, n_dead_tup::int AS dead
         FROM pg_stat_user_tables
        WHERE n_dead_tup >= ? AND n_dead_tup > n_live_tup / 5
        ORDER BY n_dead_tup DESC`,
      [MIN_DEAD],
    )) as { rows: { schemaname: string; relname: string; live: number; dead: number }[] };
    const done: VacuumedTable[] = [];
    for (const row of rows) {
      const full = pglite && row.dead > row.live;
      await knex.raw(`VACUUM (${full ? 'FULL, ' : ''}ANALYZE) ??.??`, [row.schemaname, row.relname]);
      done.push({ table: row.relname, deadRows: row.dead, full });
    }
    return done;
  });
}

/** The database's size on disk, in bytes. */
export async function databaseBytes(knex: Knex): Promise<number> {
  const { rows } = (await knex.raw('SELECT pg_database_size(current_database())::bigint AS bytes')) as {
    rows: { bytes: number | string }[];
  };
  return Number(rows[0].bytes);
}

export interface MaintenanceOptions {
  /** How often to look for work (default one minute). */
  pollMs?: number;
  /** Quiet time after the last write before vacuuming (default 30 s: not in the middle of a session's work). */
  quietMs?: number;
  /** Vacuum at least this often even without writes seen (default 6 hours). */
  everyMs?: number;
  /** Look at the first poll too (default): catches what the CLI or a previous run left. */
  atStart?: boolean;
  onVacuum?: (tables: VacuumedTable[]) => void;
  onError?: (err: unknown) => void;
}

/**
 * The schedule: after writes (once they have been quiet for `quietMs`) and every `everyMs`.
 * Writes are counted by the request queue, so a large import is followed by a vacuum.
 */
export function startMaintenance(knex: Knex, options: MaintenanceOptions = {}): { stop(): void } {
  const pollMs = options.pollMs ?? 60_000;
  const quietMs = options.quietMs ?? 30_000;
  const everyMs = options.everyMs ?? 6 * 3600_000;
  const queue = queueFor(knex);
  let seenWrites = queue.writes;
  let lastRun = options.atStart === false ? Date.now() : 0;
  let running = false;
  const tick = async () => {
    const wrote = queue.writes !== seenWrites && Date.now() - queue.lastWriteAt >= quietMs;
    if (running || !(wrote || Date.now() - lastRun >= everyMs)) {
      return;
    }
    running = true;
    seenWrites = queue.writes;
    try {
      const tables = await vacuumDeadRows(knex);
      lastRun = Date.now();
      if (tables.length) {
        options.onVacuum?.(tables);
      }
    } catch (err) {
      options.onError?.(err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
