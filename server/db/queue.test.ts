import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { createTestApp, type TestApp } from '../../test/app';
import { queueFor, WorkQueue } from './queue';

/**
 * Under a 200-client load on the embedded database, /api/health and the web
 * app's files once waited until the load ended, and requests hung past 30 s. Now database work waits in
 * a fair, bounded queue: health and files answer at once, everyone is served in turn, and a full
 * queue answers 503 with Retry-After instead of hanging.
 */

let t: TestApp;
let token: string;
let base: string;
let server: Server;
let webDist: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWith('VIEW_ONLY')).token;
  webDist = mkdtempSync(path.join(tmpdir(), 'budget-queue-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Budget</title>');
  // The same database (and so the same queue) as t, serving a web build of its own.
  server = createApp(t.app, { webDist }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(webDist, { recursive: true, force: true });
  await t.close();
});

/** One request on a connection of its own (node:http, no shared agent), timed. */
function timed(url: string, init: { headers?: Record<string, string> } = {}) {
  const start = performance.now();
  return new Promise<{ status: number; ms: number; retryAfter: string | undefined }>((resolve, reject) => {
    const req = request(url, { agent: false, headers: init.headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - start,
          retryAfter: res.headers['retry-after'],
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('database work queue', () => {
  it('answers health and the web app at once while the database is busy with long work', async () => {
    const queue = queueFor(t.app.db);
    // A transaction held open for three seconds, as a large import holds one (a timer inside it,
    // not pg_sleep: PGlite runs on this thread and a sleeping query would stop the whole process).
    // PGlite's one connection is taken: anything that queries now waits for it.
    const long = queue.run(() =>
      t.app.db.transaction(async (trx) => {
        await trx.raw('select 1');
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await timed(`${base}/api/health`);
    const page = await timed(`${base}/`);
    const read = timed(`${base}/api/budget-years`, { headers: { Authorization: `Bearer ${token}` } });
    expect({ health: health.status, page: page.status }).toEqual({ health: 200, page: 200 });
    expect(health.ms).toBeLessThan(1000);
    expect(page.ms).toBeLessThan(1000);
    await long;
    expect((await read).status).toBe(200);
  });

  it('serves 200 clients reading at once for 3 s with no error (no connection timeout, no hang)', async () => {
    const result = await autocannon({
      url: `${base}/api/budget-years`,
      connections: 200,
      duration: 3,
      timeout: 30,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(result.requests.total).toBeGreaterThan(0);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
  }, 60_000);

  it('answers 503 with Retry-After when the line is full, never a hung connection', async () => {
    const queue = queueFor(t.app.db);
    const saved = { ...queue.options };
    // The clients of the last test hung up; what they left in the line was withdrawn.
    while (queue.busy || queue.depth) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    Object.assign(queue.options, { maxWaiting: 5 });
    try {
      // The database held by long work; ten requests arrive, five may wait.
      const long = queue.exclusive(() => new Promise((resolve) => setTimeout(resolve, 3000)));
      const auth = { headers: { Authorization: `Bearer ${token}` } };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => timed(`${base}/api/budget-years`, auth)),
      );
      await long;
      const refused = results.filter((r) => r.status === 503);
      expect(refused.length).toBe(5);
      expect(refused.every((r) => r.retryAfter === '2')).toBe(true);
      expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    } finally {
      Object.assign(queue.options, saved);
    }
    expect(
      (await timed(`${base}/api/budget-years`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });

  it('serves in arrival order, gives up on a wait longer than the limit, and runs exclusive work alone', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 1000 });
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    const job = (n: number, ms: number) => () =>
      new Promise<number>((resolve) => {
        inside += 1;
        most = Math.max(most, inside);
        order.push(n);
        setTimeout(() => {
          inside -= 1;
          resolve(n);
        }, ms);
      });
    const done = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(job(n, 10))));
    expect(done).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);

    const long = queue.run(job(6, 150));
    const long2 = queue.run(job(7, 150));
    const exclusive = queue.exclusive(async () => inside);
    const late = queue.run(job(8, 10));
    expect(await exclusive).toBe(0);
    await Promise.all([long, long2]);
    expect(await late).toBe(8);

    const blockers = [queue.run(job(9, 1500)), queue.run(job(10, 1500))];
    await expect(queue.run(job(11, 10))).rejects.toMatchObject({ status: 503 });
    await Promise.all(blockers);
  });
});
