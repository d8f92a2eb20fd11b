// npm run bench -- public-phone: a resident opening the published dashboard on a phone over
// Lighthouse's 'Slow 4G' (150 ms RTT x 3.75, 1.6 Mbps x 0.9 down, 750 kbps x 0.9 up), cold cache:
// how long until the total and the town's goal show, and whether any chart code arrived before them.
// The real server (`tsx server/index.ts`) with the demo district on a database of the PostgreSQL
// server, the production web build, Debian's Chromium. The time was an assertion of a browser test
// (under 2 s), which a loaded CI machine failed at 3.1 s: a clock belongs here, not in a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../e2e/chromium';
import { BUDGET_KPI } from '../e2e/helpers';
import { emulateSlow4G } from '../e2e/slow-4g';
import {
  apiLogin,
  benchDatabase,
  buildWeb,
  freePort,
  loadRange,
  median,
  startServer,
  type BenchServer,
} from './lib';
import type { BenchContext } from './run';

const RUNS = 5;
const TARGET_MS = 2_000;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
const URL_PATH = 'bench-phone';

/** One cold visit: ms until the total and the goal show, and the chart files asked for by then. */
async function visit(browser: Browser, base: string): Promise<{ ms: number; chartsBefore: number }> {
  const phone = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const page = await phone.newPage();
    await emulateSlow4G(phone, page);
    let charts = 0;
    page.on('requestfinished', (request) => {
      if (/\/assets\/plotly[^/]*\.js$/.test(new URL(request.url()).pathname)) {
        charts += 1;
      }
    });
    const started = Date.now();
    await page.goto(`/public/${URL_PATH}`, { waitUntil: 'commit' });
    await page.locator('.kpi').filter({ hasText: BUDGET_KPI }).filter({ hasText: '$' }).waitFor();
    await page.locator('.kpi').filter({ hasText: "Town's budget goal" }).waitFor();
    return { ms: Date.now() - started, chartsBefore: charts };
  } finally {
    await phone.close();
  }
}

export default async function publicPhoneBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_public_phone_${process.pid}`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-public-phone-'));
  const webDist = path.join(tmp, 'web');
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    buildWeb(webDist);
    server = await startServer({
      databaseUrl: database.url,
      webDist,
      port: await freePort(),
      admin: ADMIN,
      env: {
        DATA_DIR: path.join(tmp, 'data'),
        SEED_DEMO: '1',
        DEMO_PASSWORD: 'bench-demo-password',
        JWT_SECRET: 'bench-public-phone-secret-'.padEnd(48, 'x'),
        PASSWORD_COST: '10',
      },
    });
    const { base } = server;
    const { token } = await apiLogin(base, ADMIN);
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/api${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) {
        throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
      }
      return res.json();
    };
    const { config } = await api('GET', '/public-dashboard/config');
    await api('PATCH', `/public-dashboard/config/${config.id}`, {
      urlPath: URL_PATH,
      publishedYears: [2027],
    });
    await api('POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2027] });

    browser = await chromium.launch(CHROMIUM);
    await visit(browser, base); // not counted: the server's first answers compile its code
    const loads: number[] = [loadavg()[0]];
    const runs: { ms: number; chartsBefore: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await visit(browser, base));
      loads.push(loadavg()[0]);
    }
    ctx.report(
      `phone over Slow 4G, cold: total and goal shown, median of ${RUNS} (target < ${TARGET_MS} ms)`,
      median(runs.map((r) => r.ms)),
      'ms',
    );
    ctx.report('each run', runs.map((r) => r.ms).join(', '), 'ms');
    ctx.report(
      'chart files arrived before the figures, over all runs',
      runs.reduce((n, r) => n + r.chartsBefore, 0),
    );
    ctx.report('load average (1 min)', loadRange(loads));
  } finally {
    await Promise.all([browser?.close(), server?.stop()]);
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
