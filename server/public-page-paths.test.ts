import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { servePublicPage } from '../test/public-page-server';

/**
 * An address no public dashboard can have is a 404 'Dashboard Not Found' from the
 * real app and database, never a 500 (a NUL byte in the path once reached SQL). The app serves a web
 * build of this test's own (a template of the residents' page), so no build is needed.
 */
let t: TestApp;
let base: string;
let closePage: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await createTestApp();
  const page = await servePublicPage(t);
  base = page.base;
  closePage = page.close;
});
afterAll(async () => {
  await closePage?.();
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
