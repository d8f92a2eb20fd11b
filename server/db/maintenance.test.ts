import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { databaseBytes, startMaintenance, vacuumDeadRows } from './maintenance';

/**
 * The embedded database once never vacuumed, so an aborted import left its rows in
 * the files (163 MB for 12,417 live rows). An aborted large write is simulated the way an import
 * fails: thousands of rows written in a transaction that rolls back, then one more row written.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWith('ADMIN')).token;
});
afterAll(() => t.close());

const tableBytes = async (table: string) =>
  Number((await t.db.knex.raw('SELECT pg_total_relation_size(?)::bigint AS b', [table])).rows[0].b);

async function abortedImport(table: string) {
  await t.db.knex.raw(`CREATE TABLE IF NOT EXISTS ${table} (id serial PRIMARY KEY, note text NOT NULL)`);
  await t.db.knex
    .transaction(async (trx) => {
      await trx.raw(
        `INSERT INTO ${table} (note) SELECT repeat(md5(g::text), 8) FROM generate_series(1, 40000) g`,
      );
      throw new Error('the file had a bad row');
    })
    .catch(() => undefined);
  await t.db.knex(table).insert({ note: 'kept' });
  // A PostgreSQL server reports table statistics a moment after the transaction (PGlite at once).
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const row = await t.db.knex('pg_stat_user_tables').where({ relname: table }).first('n_dead_tup');
    if (Number(row?.n_dead_tup) > 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('vacuum', () => {
  it('gives back the space an aborted import left, keeping the rows that were kept', async () => {
    await abortedImport('bloat_probe');
    const before = await tableBytes('bloat_probe');
    expect(before).toBeGreaterThan(5_000_000);
    const done = await vacuumDeadRows(t.db.knex);
    expect(done.map((d) => d.table)).toContain('bloat_probe');
    // On a PostgreSQL server plain VACUUM only marks the space reusable; there autovacuum runs too.
    if (!process.env.TEST_DATABASE_URL) {
      expect(await tableBytes('bloat_probe')).toBeLessThan(before / 10);
    }
    expect((await t.db.knex('bloat_probe').select('note')).map((r) => r.note)).toEqual(['kept']);
    expect(await databaseBytes(t.db.knex)).toBeGreaterThan(0);
  });

  it('vacuums on its own after a write request, once writes are quiet', async () => {
    await abortedImport('bloat_probe_2');
    const vacuumed: string[] = [];
    const schedule = startMaintenance(t.db.knex, {
      pollMs: 50,
      quietMs: 100,
      atStart: false,
      onVacuum: (tables) => vacuumed.push(...tables.map((x) => x.table)),
    });
    try {
      // Any write through the API counts (here: saving a town goal).
      const res = await t.api('post', '/town-goals', {
        token: admin,
        body: { fiscalYear: 2033, goalType: 'DOLLAR', dollarGoal: 1000 },
      });
      expect(res.status).toBeLessThan(300);
      const deadline = Date.now() + 10_000;
      while (!vacuumed.includes('bloat_probe_2') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(vacuumed).toContain('bloat_probe_2');
    } finally {
      schedule.stop();
    }
  });
});
