import type { Knex } from 'knex';
import { openDb, type DbHandle } from '@server/db/index';
import { planReset, takeBaseline, type Baseline as SharedBaseline, type RunQuery } from './lend-baseline';
import { adminUrl } from './pg-names';

/**
 * Test databases on a PostgreSQL server lent from file to file, one worker's worth, as the
 * embedded ones are (test/pglite-lend.ts): CREATE DATABASE from the run's template took 0.2 to
 * 1.5 s a file here, and each DROP DATABASE behind it a checkpoint. A file's database is put back
 * to the template's rows when the file closes it and lent to the next file; one whose schema,
 * roles or settings a file changed is dropped instead, as every database was before.
 */

/** The template's rows kept as JSON. */
type Baseline = SharedBaseline<string>;

/** At most this many databases wait between files (a file may hold two at once). */
const KEEP = 2;
const idle: string[] = [];
/** How often each database has been put back (planReset makes every so many a full reset). */
const resets = new Map<string, number>();
let baseline: Promise<Baseline | null> | undefined;

const runOn =
  (knex: Knex): RunQuery =>
  async <T>(sql: string) =>
    ((await knex.raw(sql)) as { rows: T[] }).rows;

/** A knex of one connection to the database `name`, for `work`; always closed. */
async function withDb<T>(url: string, name: string, work: (knex: Knex) => Promise<T>): Promise<T> {
  const db = await openDb({ url: adminUrl(url, name) });
  try {
    return await work(db.knex);
  } finally {
    await db.close();
  }
}

/**
 * A database of the template's content for one test file: a kept one put back to it, else the new
 * one `create` makes. Closing the handle gives it back; one not kept goes to `drop`.
 */
export async function lendServerDb(
  url: string,
  create: () => Promise<string>,
  drop: (name: string) => void,
): Promise<DbHandle> {
  let name = idle.pop();
  if (!name) {
    name = await create();
    const made = name;
    baseline ??= withDb(url, made, takeBaselineOf).catch(() => null);
    await baseline;
  }
  const held = name;
  const db = await openDb({ url: adminUrl(url, held) });
  let given = false;
  return {
    ...db,
    close: async () => {
      if (given) {
        return;
      }
      given = true;
      await db.close();
      await giveBack(url, held, drop);
    },
  };
}

async function giveBack(url: string, name: string, drop: (name: string) => void): Promise<void> {
  const base = await baseline;
  let kept = false;
  if (base && idle.length < KEEP) {
    kept = await withDb(url, name, (knex) => reset(knex, base, name)).catch(() => false);
  }
  if (kept) {
    idle.push(name);
  } else {
    drop(name);
  }
}

const takeBaselineOf = (knex: Knex): Promise<Baseline> =>
  takeBaseline(runOn(knex), async (table) => {
    const [{ rows }] = await runOn(knex)<{ rows: string }>(
      `SELECT json_agg(t)::text AS rows FROM ${table} t`,
    );
    return rows;
  });

/**
 * Puts the database back to the template's rows and sequences. False (and nothing done) when the
 * file changed more than rows. Sessions the file left (a child process's) are ended first.
 */
async function reset(knex: Knex, base: Baseline, name: string): Promise<boolean> {
  const run = runOn(knex);
  await knex.raw(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const count = resets.get(name) ?? 0;
  const plan = await planReset(run, base, count);
  if (!plan) {
    return false;
  }
  resets.set(name, count + 1);
  await knex.transaction(async (trx) => {
    // Triggers (the audit, locked-year and reference checks) do not fire while rows are put back.
    await trx.raw('SET LOCAL session_replication_role = replica');
    if (plan.tables.length) {
      await trx.raw(
        plan.full
          ? `TRUNCATE ${plan.tables.join(', ')} CASCADE`
          : plan.tables.map((table) => `DELETE FROM ${table};`).join(' '),
      );
    }
    for (const { table, columns, rows } of base.filled) {
      if (plan.full || plan.refill.includes(table)) {
        await trx.raw(
          `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM json_populate_recordset(NULL::${table}, ?::json)`,
          [rows],
        );
      }
    }
    if (base.sequences) {
      await trx.raw(base.sequences);
    }
  });
  return true;
}
