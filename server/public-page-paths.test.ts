import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createApp } from './app';
import { DATA_SLOT, HTML_SLOT } from './public-page';

/**
 * Issue 23 item 9: an address no public dashboard can have is a 404 'Dashboard Not Found' from the
 * real app and database, never a 500 (a NUL byte in the path reached SQL). The app serves a web
 * build of this test's own (a template of the residents' page), so no build is needed.
 */
let t: TestApp;
let server: Server;
let base: string;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'budget-public-paths-'));
  writeFileSync(path.join(dir, 'index.html'), '<p>staff app</p>');
  writeFileSync(
    path.join(dir, 'public.html'),
    `<html><head><title>t</title></head><body>${HTML_SLOT}${DATA_SLOT}</body></html>`,
  );
  server = createApp(t.app, { webDist: dir }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('GET /public/{anything}', () => {
  it.each(['x%00', 'a%00b', '%00', 'a'.repeat(300), 'caf%C3%A9', 'no-such-district'])(
    'answers /public/%s with 404 Dashboard Not Found',
    async (p) => {
      const res = await fetch(`${base}/public/${p}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Dashboard Not Found');
    },
  );
});
