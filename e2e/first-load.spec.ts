import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

interface Fetched {
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Bytes on the wire (encoded), headers excluded. */
  bytes: number;
}

/** Everything the page fetches until the network is idle. */
async function fetchedBy(page: Page, path: string): Promise<Fetched[]> {
  const fetched: Fetched[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (response) {
      fetched.push({
        url: new URL(request.url()).pathname,
        status: response.status(),
        headers: response.headers(),
        bytes: (await request.sizes()).responseBodySize,
      });
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return fetched;
}

test('the login page loads small, compressed and cacheable, without the signed-in shell', async ({
  page,
}) => {
  const fetched = await fetchedBy(page, '/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  const assets = fetched.filter((f) => f.url.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    expect(asset.headers['cache-control'], asset.url).toBe('public, max-age=31536000, immutable');
    if (asset.bytes > 1024) {
      expect(asset.headers['content-encoding'], asset.url).toBe('br');
    }
  }
  const page1 = fetched.find((f) => f.url === '/login')!;
  expect(page1.headers['cache-control']).toBe('no-cache');
  // The header, navigation and menus (the shell chunk) wait until someone signs in.
  expect(fetched.map((f) => f.url).filter((u) => /\/assets\/shell-/.test(u))).toEqual([]);
  // 504 kB before: nothing compressed, the shell included. About 124 kB now.
  const total = fetched.reduce((n, f) => n + f.bytes, 0);
  expect(total).toBeLessThan(160_000);

  // Signing in brings the shell.
  await signIn(page, ADMIN);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
