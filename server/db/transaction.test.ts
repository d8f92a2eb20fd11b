import { describe, expect, it } from 'vitest';
import { translateDbError } from '@server/errors';
import { useDb } from '../../test/use-db';

/**
 * The transaction helper retries a deadlock victim once. Two transactions lock
 * two rows in opposite orders; PostgreSQL aborts one with 40P01. Before the helper, that call
 * failed (a 500 to its user); now it runs again after the other committed and both succeed.
 * Only a real server can deadlock (PGlite has one connection), so this runs with TEST_DATABASE_URL.
 */

const db = useDb();

describe('transaction retry', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs a deadlock victim again, so both writers succeed',
    async () => {
      const knex = db.knex;
      await knex.raw('CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL)');
      await knex('retry_probe').insert([
        { id: 1, n: 0 },
        { id: 2, n: 0 },
      ]);
      let attempts = 0;
      // Each first attempt waits at the barrier holding its first row, so the two cross for sure.
      let arrived = 0;
      let open: () => void = () => {};
      const barrier = new Promise<void>((resolve) => (open = resolve));
      const writer = (first: number, second: number) =>
        knex.transaction(async (trx) => {
          attempts += 1;
          await trx('retry_probe').where({ id: first }).increment('n', 1);
          if (attempts <= 2) {
            arrived += 1;
            if (arrived === 2) {
              open();
            }
            await barrier;
          }
          await trx('retry_probe').where({ id: second }).increment('n', 1);
        });
      const results = await Promise.allSettled([writer(1, 2), writer(2, 1)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(attempts).toBe(3);
      expect((await knex('retry_probe').orderBy('id')).map((r) => r.n)).toEqual([2, 2]);
    },
  );

  it('answers a conflict that outlived its retry with 503, not 500', () => {
    for (const code of ['40001', '40P01']) {
      expect(translateDbError(Object.assign(new Error('deadlock detected'), { code }))).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
});
