import { expect, test, type Page } from '@playwright/test';
import { ADMIN, FINANCE, signIn } from './helpers';
import { builtText, entryScript } from './web-build';

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
  // The header, navigation and menus (the shell, in the app's shared chunk) wait until someone
  // signs in: no script the login page loads holds the main navigation.
  const scripts = fetched.filter((f) => f.url.endsWith('.js')).map((f) => f.url);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(builtText(script), script).not.toContain('app-nav');
  }
  // 504 kB before: nothing compressed, the shell included. About 124 kB now.
  const total = fetched.reduce((n, f) => n + f.bytes, 0);
  expect(total).toBeLessThan(160_000);

  // Signing in brings the shell.
  await signIn(page, ADMIN);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a grid screen opened at page load checks the session first and loads its code in a few files', async ({
  page,
}) => {
  await signIn(page, FINANCE);
  const fetched = await fetchedBy(page, '/admin/operating-budget');
  await expect(page.getByRole('grid', { name: 'Employees' })).toBeVisible();
  const requests = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  // The session check leaves before any code the page loads on demand (it waited behind ~30
  // script files before), and before the screen's data.
  const check = requests.indexOf('/api/auth/me');
  expect(check).toBeGreaterThanOrEqual(0);
  const entry = entryScript('index.html');
  const firstPage = new Set([
    entry,
    ...[...builtText('index.html').matchAll(/href="(\/assets\/[^"]+)"/g)].map((m) => m[1]),
  ]);
  const onDemand = requests.findIndex((u) => u.startsWith('/assets/') && !firstPage.has(u));
  expect(check).toBeLessThan(onDemand);
  expect(check).toBeLessThan(requests.findIndex((u) => u.startsWith('/api/line-items')));
  // The shell, the screen, the shared code and the grid: a handful of files, not 40.
  const scripts = fetched.filter((f) => f.url.endsWith('.js') && !firstPage.has(f.url));
  expect(scripts.length, scripts.map((s) => s.url).join(' ')).toBeLessThanOrEqual(8);
});
