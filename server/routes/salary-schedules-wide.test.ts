import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { uploadSchedule } from '../../test/worlds/salary-schedules.suite';

/**
 * A salary schedule whose header has 40,000 lane columns (a 496 kB CSV) is refused
 * on the 40-lane limit at once; it used to hold the event loop for 42.6 s (a quadratic duplicate
 * check ran first), /api/health included. While it is uploaded, the health check keeps answering
 * within a second, and so does a signed-in request.
 */
const { t, finance } = useApp(['FINANCE']);

/**
 * GET on a connection of its own: the refused upload's connection is closed by the server, and
 * fetch's pool could hand that closing socket to the next probe (ECONNRESET, a client-side race).
 */
function getOnItsOwnConnection(url: string, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    get(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** The slowest of the answers `probe` gets while `work` runs, polled every 25 ms. */
async function slowestDuring(probe: () => Promise<unknown>, work: Promise<unknown>): Promise<number> {
  let done = false;
  let slowest = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await probe();
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  await work.finally(() => {
    done = true;
  });
  await poll;
  return slowest;
}

describe('a schedule upload with 40,000 lane columns', () => {
  it('is refused on the lane limit, and the server keeps answering meanwhile', async () => {
    const header = ['fiscal_year', 'cola', 'step', ...Array.from({ length: 40_000 }, (_, i) => `Lane ${i}`)];
    const csv = `${header.join(',')}\nFY26,2.5,1,${Array(40_000).fill('50000').join(',')}\n`;
    expect(csv.length).toBeGreaterThan(450_000);
    let answer: Awaited<ReturnType<typeof uploadSchedule>> | undefined;
    const upload = uploadSchedule(t, finance.token, { name: 'wide.csv', data: csv }, { name: 'Wide' }).then(
      (r) => {
        answer = r;
      },
    );
    const health = await slowestDuring(() => getOnItsOwnConnection(`${t.url}/api/health`), upload);
    expect(answer!.status).toBe(400);
    expect(answer!.body.error).toMatch(/at most 40 lanes/);
    expect(health).toBeLessThan(1000);
    const me = await slowestDuring(
      () => getOnItsOwnConnection(`${t.url}/api/auth/me`, finance.token),
      uploadSchedule(t, finance.token, { name: 'wide.csv', data: csv }, { name: 'Wide' }),
    );
    expect(me).toBeLessThan(1000);
  });
});
