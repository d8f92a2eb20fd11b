import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { translateDbError, type AppError } from '@server/errors';
import { openCopy } from '@server/lib/import/copy';
import { openDb, type DbHandle } from './index';

/**
 * Embedded PGlite on a thread of its own (server/db/pglite-worker.mjs, through
 * server/db/pglite-remote.ts) must answer exactly as PGlite on the server's thread does (values,
 * types, errors, COPY from a blob, dumps, order) while no statement holds the event loop.
 * Each case runs the same thing on both and compares; the embedded database only.
 */
const embedded = !process.env.TEST_DATABASE_URL;
let main: DbHandle;
let worker: DbHandle;
const template = () => new Blob([readFileSync(inject('pgliteTemplate'))]);
beforeAll(async () => {
  if (embedded) {
    [main, worker] = await Promise.all([
      openDb({ loadDataDir: template(), thread: 'main' }),
      openDb({ loadDataDir: template(), thread: 'worker' }),
    ]);
  }
});
afterAll(async () => {
  await Promise.all([main?.close(), worker?.close()]);
});

const both = async <T>(run: (db: DbHandle) => Promise<T>) => Promise.all([run(main), run(worker)]);

describe.skipIf(!embedded)('PGlite on its own thread', () => {
  it('answers the same values of the same types as on the main thread', async () => {
    const sql = `SELECT 1234567.89::numeric(14,2) AS money, 9007199254740::int8 AS big, 7::int AS small,
      '2025-07-01'::date AS hired, '2025-07-01T12:00:00Z'::timestamptz AS at, '{"a":[1,"x"]}'::jsonb AS meta,
      ARRAY[1,2]::int[] AS ids, ARRAY['2025-07-01']::date[] AS dates, 'x'::bytea AS raw, NULL AS none,
      true AS yes, ?::text AS param, ?::timestamptz AS param_at`;
    const bindings = ['héllo', new Date('2026-01-02T03:04:05Z')];
    const [a, b] = await both((db) => db.knex.raw(sql, bindings));
    expect(b.rows).toEqual(a.rows);
    expect(b.fields).toEqual(a.fields);
    const row = b.rows[0];
    expect(row.money).toBe(1234567.89);
    expect(row.big).toBe(9007199254740);
    expect(row.hired).toBe('2025-07-01');
    expect(row.at).toBeInstanceOf(Date);
    expect(row.at.toISOString()).toBe('2025-07-01T12:00:00.000Z');
    expect(row.meta).toEqual({ a: [1, 'x'] });
    expect(row.raw).toBeInstanceOf(Uint8Array);
    expect(row.param_at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('returns the same rows and counts from knex writes', async () => {
    const run = async (db: DbHandle) => {
      const inserted = await db
        .knex('buildings')
        .insert([
          { name: 'Worker School', code: 'WS1' },
          { name: 'Worker School 2', code: 'WS2' },
        ])
        .returning(['name', 'code']);
      const updated = await db.knex('buildings').whereIn('code', ['WS1', 'WS2']).update({ name: 'Renamed' });
      const first = await db.knex('buildings').where({ code: 'WS1' }).first('name', 'code');
      const deleted = await db.knex('buildings').whereIn('code', ['WS1', 'WS2']).del();
      return { inserted, updated, first, deleted };
    };
    const [a, b] = await both(run);
    expect(b).toEqual(a);
    expect(b.first).toEqual({ name: 'Renamed', code: 'WS1' });
  });

  it('throws the same PostgreSQL errors, which server/errors.ts translates alike', async () => {
    const fields = ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity', 'name'];
    const pick = (err: unknown) =>
      Object.fromEntries(fields.map((f) => [f, (err as Record<string, unknown>)[f]]));
    const fail = async (db: DbHandle, write: () => Promise<unknown>) => {
      const err = await write().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      return err as Error;
    };
    const unique = await both(async (db) => {
      await db.knex('buildings').insert({ name: 'Twice', code: 'TW' });
      return fail(db, () => db.knex('buildings').insert({ name: 'Twice', code: 'TW' }));
    });
    expect(pick(unique[1])).toEqual(pick(unique[0]));
    expect(unique[1].message).toBe(unique[0].message);
    expect(pick(unique[1]).code).toBe('23505');
    const translated = unique.map((e) => translateDbError(e) as AppError);
    expect(translated[1].status).toBe(409);
    expect(translated[1].message).toBe(translated[0].message);

    // Fixed times: the error's detail shows the whole failing row.
    const at = '2026-01-01T00:00:00Z';
    const missing = await both((db) =>
      fail(db, () => db.knex('buildings').insert({ code: 'NN', created_at: at, updated_at: at })),
    );
    expect(pick(missing[1])).toEqual(pick(missing[0]));
    expect(missing[1]).toMatchObject({ code: '23502', column: 'name', table: 'buildings' });
    expect((translateDbError(missing[1]) as AppError).message).toBe('Missing required value: name');

    const syntax = await both((db) => fail(db, () => db.knex.raw('SELEC 1')));
    expect(pick(syntax[1])).toEqual(pick(syntax[0]));
    // The transaction after a failure is usable, as on the main thread.
    expect((await worker.knex.raw('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('copies rows from a blob inside a transaction, and a rollback takes them back', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `${i},"name, ${i}"\n`);
    const copied = await both(async (db) => {
      await db.knex.raw('CREATE TABLE copy_probe (n int, label text)');
      await db.knex.transaction(async (trx) => {
        const copy = await openCopy(trx, 'copy_probe', ['n', 'label']);
        for (const line of rows) {
          await copy.write(line);
        }
        await copy.finish();
      });
      await db.knex
        .transaction(async (trx) => {
          const copy = await openCopy(trx, 'copy_probe', ['n', 'label']);
          await copy.write('99999,"never"\n');
          await copy.finish();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      return db.knex.raw('SELECT count(*) AS n, sum(n) AS total, max(label) AS last FROM copy_probe');
    });
    expect(copied[1].rows).toEqual(copied[0].rows);
    expect(copied[1].rows[0]).toEqual({ n: 5_000, total: (4_999 * 5_000) / 2, last: 'name, 999' });
  });

  it('runs statements in the order they were sent', async () => {
    await worker.knex.raw('CREATE TABLE order_probe (seq serial, n int)');
    await Promise.all(Array.from({ length: 200 }, (_, n) => worker.knex('order_probe').insert({ n })));
    const rows = await worker.knex('order_probe').orderBy('seq').select('n');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('sends a large result whole and in order, in slices', async () => {
    const sql = 'SELECT g AS n, md5(g::text) AS h FROM generate_series(1, 12345) g ORDER BY g';
    const [a, b] = await both((db) => db.knex.raw(sql));
    expect(b.rows.length).toBe(12_345);
    expect(b.rows).toEqual(a.rows);
  });

  it('dumps a database that opens again with its rows', async () => {
    await worker.knex('buildings').insert({ name: 'Dumped', code: 'DMP' });
    const dump = await worker.pglite!.dumpDataDir('gzip');
    const copy = await openDb({ loadDataDir: dump });
    try {
      expect(await copy.knex('buildings').where({ code: 'DMP' }).first('name')).toEqual({ name: 'Dumped' });
    } finally {
      await copy.close();
    }
  });

  it('keeps the event loop turning through a long statement', async () => {
    // About a second of work inside PostgreSQL on this machine; on the main thread it would hold
    // the loop for all of it.
    const sql = 'SELECT count(*) AS n FROM generate_series(1, 4000000)';
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const result = await worker.knex.raw(sql);
    const took = performance.now() - started;
    loop.disable();
    expect(result.rows).toEqual([{ n: 4_000_000 }]);
    console.log(
      `long statement ${Math.round(took)} ms; event loop held at most ${Math.round(loop.max / 1e6)} ms`,
    );
    expect(loop.max / 1e6).toBeLessThan(Math.max(150, took / 4));
  });

  it('refuses work once closed, and a dump it cannot open', async () => {
    const db = await openDb({ loadDataDir: template(), thread: 'worker' });
    await db.close();
    await expect(db.pglite!.query('SELECT 1')).rejects.toThrow(/closed/);
    await expect(openDb({ loadDataDir: new Blob(['not a dump']), thread: 'worker' })).rejects.toThrow();
  });
});
