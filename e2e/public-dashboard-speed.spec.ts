import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, BUDGET_KPI, signIn } from './helpers';
import { emulateSlow4G } from './slow-4g';
import { builtText, entryScript, WEB_DIST } from './web-build';

/** The public dashboard is a small page of its own that shows its totals fast on a slow phone. */

/** Bytes of a built file as sent gzip-compressed (the .gz the build wrote, else compressed here). */
function gzipBytes(file: string): number {
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

test('the public entry loads under 100 kB of JavaScript (gzip), with no grid, router, zod or chart code', () => {
  const html = readFileSync(path.join(WEB_DIST, 'public.html'), 'utf8');
  // The entry script and every chunk it imports before running (Vite lists them as modulepreload).
  const scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = scripts.map((s) => ({ file: s, gzip: gzipBytes(path.join(WEB_DIST, s)) }));
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  console.log(`public first-load JS: ${total} bytes gzip in ${sizes.length} files`);
  expect(total).toBeLessThan(100_000);
  for (const { file } of sizes) {
    const code = readFileSync(path.join(WEB_DIST, file), 'utf8');
    // Zod's minified build drops the name ZodError: its messages say it is there.
    expect(code, file).not.toMatch(
      /ag-grid|ZodError|Invalid discriminator value|createBrowserRouter|QueryClient|Plotly\.register/,
    );
  }
});

test("no script the public page may load, now or later (charts, video), is the staff app's", () => {
  const staff = entryScript('index.html');
  expect(staff).not.toBe('');
  // Every chunk reachable from the public entry through static and dynamic imports.
  const seen = new Set<string>();
  const stack = [entryScript('public.html')];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (!seen.has(file)) {
      seen.add(file);
      for (const m of builtText(file).matchAll(/(?:from|import)\s*\(?["`]\.\/([^"`]+\.js)["`]/g)) {
        stack.push(`/assets/${m[1]}`);
      }
    }
  }
  expect(seen.size).toBeGreaterThan(1);
  // The staff entry renders the staff app into the page: a resident saw its 'Page Not Found'.
  expect([...seen]).not.toContain(staff);
});

// How long that takes is measured in `npm run bench -- public-phone` (docs/PERFORMANCE.md): asserted
// here, a loaded CI machine took 3.1 s where a quiet one takes about 1.1.
test('on a phone over slow 4G the total and the goal show before any chart code', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN);
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, {
    urlPath: 'slow-phone',
    publishedYears: [2027],
  });
  await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2027] });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const pub = await phone.newPage();
  await emulateSlow4G(phone, pub);
  const chartCode: string[] = [];
  pub.on('requestfinished', (request) => {
    if (/\/assets\/plotly[^/]*\.js$/.test(new URL(request.url()).pathname)) {
      chartCode.push(request.url());
    }
  });

  const started = Date.now();
  await pub.goto('/public/slow-phone', { waitUntil: 'commit' });
  const budget = pub.locator('.kpi').filter({ hasText: BUDGET_KPI });
  const goal = pub.locator('.kpi').filter({ hasText: "Town's budget goal" });
  await expect(budget).toContainText('$', { timeout: 5_000 });
  await expect(goal).toBeVisible({ timeout: 5_000 });
  const elapsed = Date.now() - started;
  const chartsBefore = chartCode.length;
  console.log(`total and goal visible after ${elapsed} ms over slow 4G`);
  expect(chartsBefore).toBe(0);
  await phone.close();
});
