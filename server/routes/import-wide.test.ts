import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { analyze } from '../../test/factories';

/**
 * An ADMIN's analysis of a CSV whose header has 200,000 columns once held the event loop
 * for 12 s (every column profiled and matched against every field's synonyms), /api/health
 * included. A row wider than any budget export is now refused as it is read, and the server keeps
 * answering meanwhile.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWith('ADMIN')).token;
});
afterAll(() => t.close());

/** GET /api/health on a connection of its own, timed in ms. */
function healthMs(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(`${t.url}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    }).on('error', reject);
  });
}

describe('an import file with 200,000 columns', () => {
  it('is refused on its width, and health answers within a second meanwhile', async () => {
    const header = Array.from({ length: 200_000 }, (_, i) => `Column ${i}`).join(',');
    const csv = `${header}\n${Array(200_000).fill('1').join(',')}\n`;
    let done = false;
    let slowest = 0;
    const probes = (async () => {
      while (!done) {
        slowest = Math.max(slowest, await healthMs());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const res = await analyze(t, admin, { name: 'wide.csv', data: csv });
    done = true;
    await probes;
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Row 1: 200,000 columns; an import file may have at most 1,000/);
    expect(slowest).toBeLessThan(1_000);
  });
});
