import { describe, expect, it } from 'vitest';
import { usePublicPage } from '../test/public-page-server';
import { useApp } from '../test/use-app';

/**
 * An address no public dashboard can have is a 404 'Dashboard Not Found' from the
 * real app and database, never a 500 (a NUL byte in the path once reached SQL). The app serves a web
 * build of this test's own (a template of the residents' page), so no build is needed.
 */
const { t } = useApp();
const page = usePublicPage(t);

describe('GET /public/{anything}', () => {
  it.each(['x%00', 'a%00b', '%00', 'a'.repeat(300), 'caf%C3%A9', 'no-such-district'])(
    'answers /public/%s with 404 Dashboard Not Found',
    async (p) => {
      const res = await fetch(`${page.base}/public/${p}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Dashboard Not Found');
    },
  );
});
