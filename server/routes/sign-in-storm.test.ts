import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueFor } from '@server/db/queue';
import { createTestApp, type TestApp } from '../../test/app';
import { DEGRADED_AFTER_MS } from './health';

/**
 * Forty wrong-password sign-ins from forty addresses, each under every limit, once held
 * every database turn while they hashed and slept the 2 s slowdown; signed-in staff waited 12-20 s
 * and got 503, and /api/health still said ok. Now a sign-in gives its turn back while it hashes or
 * waits, sign-ins hold at most a quarter of the turns, hashing has a pool of its own, and health
 * says 'degraded' when requests wait.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  // Behind one trusted proxy, so each guess comes "from" its own address; the real 2 s slowdown.
  t = await createTestApp({ config: { trustProxy: 1, loginSlowdownMs: 2_000 } });
  staff = (await t.userWith('FINANCE')).token;
});
afterAll(() => t.close());

/** A GET on a connection of its own, timed: its status and how long the answer took. */
function timedGet(url: string, token?: string): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
    }).on('error', reject);
  });
}

describe('a storm of sign-in guesses', () => {
  it('leaves signed-in staff answered within a second throughout', async () => {
    const victim = await t.userWith('ADMIN');
    // Five failures first: from then on every guess at the account sleeps the slowdown.
    for (let i = 0; i < 5; i += 1) {
      const r = await t.api('post', '/auth/login', {
        body: { email: victim.email, password: 'wrong-guess' },
        headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
      });
      expect(r.status).toBe(401);
    }
    const storm = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.api('post', '/auth/login', {
          body: { email: victim.email, password: `guess-${i}` },
          headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
        }),
      ),
    );
    let stormDone = false;
    const answers: { status: number; ms: number }[] = [];
    const staffReads = (async () => {
      while (!stormDone) {
        answers.push(await timedGet(`${t.url}/api/budget-years`, staff));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const guesses = await storm;
    stormDone = true;
    await staffReads;

    // Every guess was refused (401, 429 or a 503 from a full hashing pool), none let in.
    expect(guesses.every((g) => [401, 429, 503].includes(g.status))).toBe(true);
    // The storm lasted: the slowed guesses took seconds, and staff were asked throughout.
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1_000);
  });

  it('makes health say degraded while requests wait over a second for the database', async () => {
    const queue = queueFor(t.db.knex);
    // Every turn held, and one more request waiting behind them.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: queue.options.concurrency + 1 }, () => queue.run(() => held));
    await new Promise((resolve) => setTimeout(resolve, DEGRADED_AFTER_MS + 200));
    const during = await timedGet(`${t.url}/api/health`);
    release();
    await Promise.all(holders);
    const after = await timedGet(`${t.url}/api/health`);
    expect(JSON.parse(during.body)).toMatchObject({ status: 'degraded', waitingRequests: 1 });
    expect(JSON.parse(during.body).oldestWaitMs).toBeGreaterThan(DEGRADED_AFTER_MS);
    expect(JSON.parse(after.body)).toMatchObject({ status: 'ok', waitingRequests: 0, oldestWaitMs: 0 });
  });
});
