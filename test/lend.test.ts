import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from './db';
import { DELETE_AT_MOST } from './lend-baseline';

/** Every table's rows (a digest), each sequence's last value, and the session's own state. */
async function contents(db: DbHandle) {
  const tables = (await db.knex.raw(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  )) as { rows: { name: string }[] };
  const rows: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const digest = (await db.knex.raw(
      `SELECT count(*) || ' ' || coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS d FROM ${name} t`,
    )) as { rows: { d: string }[] };
    rows[name] = digest.rows[0].d;
  }
  const sequences = (await db.knex.raw(`SELECT sequencename, last_value FROM pg_sequences ORDER BY 1`)) as {
    rows: unknown[];
  };
  const session = (await db.knex.raw(
    `SELECT current_setting('statement_timeout') AS timeout, current_setting('session_replication_role') AS role,
            (SELECT count(*) FROM pg_class WHERE relpersistence = 't') AS temporary`,
  )) as { rows: unknown[] };
  return { rows, sequences: sequences.rows, session: session.rows[0] };
}

/**
 * The database a handle was lent, to tell a kept one from a new one: the embedded database itself
 * (test/pglite-lend.ts), or the database's name on a server (test/pg-lend.ts).
 */
const underlying = async (db: DbHandle): Promise<unknown> =>
  db.pglite
    ? (db.pglite as unknown as { db: object }).db
    : ((await db.knex.raw('SELECT current_database() AS name')) as { rows: { name: string }[] }).rows[0].name;

describe('test databases lent from file to file', () => {
  it('puts back the rows, sequences and session a file changed: the next file reads the template', async () => {
    const first = await createTestDb();
    const template = await contents(first);
    const filled = Object.entries(template.rows).find(([, d]) => !d.startsWith('0 '));
    expect(filled, 'the template has a table with rows').toBeDefined();

    await first
      .knex('users')
      .insert({ name: 'Pat', email: 'pat@example.org', password_hash: 'x', role: 'ADMIN' });
    await first.knex.raw(`SET session_replication_role = replica`);
    await first.knex.raw(`DELETE FROM ${filled![0]}`);
    await first.knex.raw(`SET statement_timeout = '5s'`);
    await first.knex.raw(`CREATE TEMPORARY TABLE scratch (x int)`);
    // A transaction left open, as a test that failed half-way leaves it.
    await first.knex.raw('BEGIN');
    await first.knex.raw(`INSERT INTO scratch VALUES (1)`);
    const changed = await contents(first);
    const firstOne = await underlying(first);
    expect(changed).not.toEqual(template);
    await first.close();

    const second = await createTestDb();
    try {
      expect(await underlying(second)).toBe(firstOne);
      expect(await contents(second)).toEqual(template);
    } finally {
      await second.close();
    }
  });

  it('never lends again a database whose schema a file changed', async () => {
    const first = await createTestDb();
    await first.knex.raw(`CREATE TABLE leftover (x int)`);
    const firstOne = await underlying(first);
    await first.close();
    const second = await createTestDb();
    try {
      expect(await underlying(second)).not.toBe(firstOne);
      expect(await second.knex.schema.hasTable('leftover')).toBe(false);
    } finally {
      await second.close();
    }
  });

  it("rewrites only what a file changed: the template's rows it left alone keep their row versions", async () => {
    // A template table (the first filled one) and its rows' versions: rewritten rows get new ones.
    const versions = async (db: DbHandle) =>
      (
        (await db.knex.raw(
          `SELECT string_agg(xmin::text, ',' ORDER BY xmin::text) AS v FROM nss_inclusion_rules`,
        )) as {
          rows: { v: string }[];
        }
      ).rows[0].v;
    const kept: boolean[] = [];
    // Two files in a row: every so many resets is a full one (lend-baseline.ts), never two running.
    for (let file = 0; file < 2; file += 1) {
      const db = await createTestDb();
      const before = await versions(db);
      await db
        .knex('users')
        .insert({ name: 'Pat', email: `pat${file}@example.org`, password_hash: 'x', role: 'ADMIN' });
      await db.close();
      const next = await createTestDb();
      kept.push((await versions(next)) === before);
      expect(Number((await next.knex('users').where('email', 'like', 'pat%').count({ n: '*' }))[0].n)).toBe(
        0,
      );
      await next.close();
    }
    expect(kept).toContain(true);
  });

  it('puts back a table a file filled by the thousands', async () => {
    const first = await createTestDb();
    const template = await contents(first);
    await first.knex.raw(
      `INSERT INTO buildings (name) SELECT 'Building ' || n FROM generate_series(1, ${DELETE_AT_MOST + 500}) n`,
    );
    await first.close();
    const second = await createTestDb();
    try {
      expect(await contents(second)).toEqual(template);
    } finally {
      await second.close();
    }
  });
});
