// npm run bench -- grid: the Employee Budget Manager in Chromium with 50,000 employee lines in one
// fiscal year. Real PostgreSQL, the real server (spawned as in production) and the production web
// build; reports the time from navigation to the first grid row on screen (the frame that draws it,
// and when the test driver sees it; median of 5, each in a fresh browser context: no HTTP cache, no
// TanStack Query cache) and whether scrolling ever shows a blank row. The list is read in the
// compact form the app asks for (format=rows) and, for comparison in the same conditions, in the
// object form (the request rewritten without format=rows, which the app reads as it is); the two
// alternate, so a busy machine weighs on both alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { blankRowsWhileScrolling, parseInPage } from './grid-probes';
import { openDb } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import {
  apiLogin,
  benchDatabase,
  buildWeb,
  insertOperatingYear,
  median,
  signedInContext,
  startServer,
  type BenchServer,
} from './lib';
import { CHROMIUM } from '../e2e/chromium';
import type { BenchContext } from './run';

const LINES = 50_000;
const RUNS = 5;
const FORMATS = ['rows', 'objects'] as const;
type Format = (typeof FORMATS)[number];
const PORT = Number(process.env.BENCH_GRID_PORT ?? 3193);
const ADMIN = { email: 'bench-grid@example.org', password: 'bench-grid-password' };

/** One INSERT ... SELECT: names, jobs, buildings and salaries derived from the row number. Returns the budget year's id. */
export async function seed(url: string): Promise<number> {
  const handle = await openDb({ url });
  try {
    const db = handle.knex;
    await migrateLatest(db);
    const { yearId, scenarioId, buildingIds } = await insertOperatingYear(db);
    await db.raw(
      `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, first_name, last_name,
         position, current_salary, next_year_salary, current_fte, location_code, department, work_group,
         job_class, hire_date, employee_status, dese_code, building_id, metadata)
       SELECT ?, ?, 2026, true,
         (ARRAY['Amy','Ben','Carla','David','Elena','Frank','Grace','Henry','Isabel','Jacob'])[1 + g % 10],
         'Surname-' || lpad((g * 7919 % 100000)::text, 5, '0'),
         (ARRAY['Grade 4 Teacher','Math Teacher','Custodian','School Nurse','Paraprofessional'])[1 + g % 5],
         round((32000 + (g * 7907) % 88000 + ((g * 31) % 100) / 100.0)::numeric, 2),
         round((32000 + (g * 7907) % 88000) * 1.035, 2),
         CASE WHEN g % 10 = 0 THEN 0.5 ELSE 1.0 END, 'S' || (1 + g % 8), 'Department ' || (g % 20),
         (ARRAY['Teachers','Custodians','Nurses','Paraprofessionals'])[1 + g % 4], 'JC' || (g % 30),
         date '2000-08-25' + ((g * 37) % 9000)::int,
         CASE WHEN g % 50 = 0 THEN 'Retiring' WHEN g % 97 = 0 THEN 'Inactive' ELSE 'Active' END,
         '2305', CASE WHEN g % 9 = 0 THEN NULL ELSE (?::int[])[1 + g % 8] END, '{}'::jsonb
       FROM generate_series(1::bigint, ?) AS g`,
      [yearId, scenarioId, buildingIds, LINES],
    );
    await db.raw('ANALYZE line_items');
    return yearId;
  } finally {
    await handle.close();
  }
}

/**
 * A fresh context signed in through the API (the token and user the login screen would store). For
 * `objects`, the whole list's request goes through a route that rewrites it to the object form.
 */
async function signedInPage(browser: Browser, base: string, format: Format = 'rows'): Promise<Page> {
  const session = await apiLogin(base, ADMIN);
  const context = await signedInContext(browser, session, {
    baseURL: base,
    viewport: { width: 1280, height: 1200 },
  });
  // The frame that draws the first row, on the page's own clock (from navigation start): what the
  // user sees. The driver's own check can only run when the page's thread is free, so a long task
  // right after that frame (the whole list arriving) delays the check, not the rows on screen.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('.ag-row[row-index="0"] [col-id="name"]')?.textContent?.trim()) {
        observer.disconnect();
        requestAnimationFrame((frame) => {
          (window as unknown as { firstRowFrame: number }).firstRowFrame = frame;
        });
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
  if (format === 'objects') {
    // Only the whole list is rewritten (the first 100 lines are the same few kilobytes either
    // way); the app's own runs go through no route at all, since each routed request waits for
    // this process to answer it.
    await context.route(
      (url) => url.pathname === '/api/line-items/budget' && !url.searchParams.has('limit'),
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.delete('format');
        return route.continue({ url: url.toString() });
      },
    );
  }
  return context.newPage();
}

export default async function gridBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_grid_${process.pid}`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-grid-'));
  const webDist = path.join(tmp, 'web');
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    let start = performance.now();
    const yearId = await seed(database.url);
    ctx.report(`insert ${LINES.toLocaleString('en-US')} employee lines`, performance.now() - start, 'ms');

    start = performance.now();
    buildWeb(webDist);
    ctx.report('production web build', performance.now() - start, 'ms');

    server = await startServer({
      databaseUrl: database.url,
      webDist,
      port: PORT,
      admin: ADMIN,
      env: {
        DATA_DIR: path.join(tmp, 'data'),
        JWT_SECRET: 'bench-grid-secret-'.padEnd(48, 'x'),
        PASSWORD_COST: '10',
      },
    });
    const { base } = server;
    browser = await chromium.launch(CHROMIUM);

    // One visit first, not counted: a production server has long compiled its code and warmed
    // PostgreSQL's cache; the browser side stays cold in every measured run (fresh context).
    const warm = await signedInPage(browser, base);
    await warm.goto('/admin/operating-budget');
    await warm
      .locator('.ag-row[row-index="0"] [col-id="name"]')
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    await warm.context().close();

    const times: Record<Format, number[]> = { rows: [], objects: [] };
    const drawn: Record<Format, number[]> = { rows: [], objects: [] };
    const downloaded: Record<Format, number[]> = { rows: [], objects: [] };
    // The list request as the page saw it, from navigation: sent, first byte, last byte.
    const phases: Record<Format, { sent: number[]; firstByte: number[]; lastByte: number[] }> = {
      rows: { sent: [], firstByte: [], lastByte: [] },
      objects: { sent: [], firstByte: [], lastByte: [] },
    };
    // The page's main-thread CPU time until the first row: steadier than the clock when the machine
    // is busy (the page's renderer is a new process in each fresh context).
    const cpu: Record<Format, number[]> = { rows: [], objects: [] };
    // When the first 100 lines had arrived in the page (from navigation).
    const firstLines: Record<Format, number[]> = { rows: [], objects: [] };
    const loads: number[] = [loadavg()[0]];
    let page: Page | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      // Alternate which form goes first, so neither always follows the other's garbage.
      const order = run % 2 ? [...FORMATS].reverse() : FORMATS;
      for (const format of order) {
        await page?.context().close();
        page = await signedInPage(browser, base, format);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        const t0 = performance.now();
        const lines = page
          .waitForResponse(
            (r) => r.url().includes('/api/line-items/budget?') && !r.url().includes('limit='),
            {
              timeout: 60_000,
            },
          )
          .then(async (r) => {
            await r.finished();
            downloaded[format].push(performance.now() - t0);
          });
        await page.goto('/admin/operating-budget');
        await page
          .locator('.ag-row[row-index="0"] [col-id="name"]')
          .first()
          .waitFor({ state: 'visible', timeout: 60_000 });
        times[format].push(performance.now() - t0);
        drawn[format].push(
          await page
            .waitForFunction(() => (window as unknown as { firstRowFrame?: number }).firstRowFrame)
            .then((h) => h.jsonValue() as Promise<number>),
        );
        const { metrics } = await cdp.send('Performance.getMetrics');
        cpu[format].push((metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000);
        await lines;
        const timing = await page.evaluate(() => {
          const lists = performance
            .getEntriesByType('resource')
            .filter((r) => r.name.includes('/api/line-items/budget?')) as PerformanceResourceTiming[];
          const first = lists.find((r) => r.name.includes('limit='));
          const e = lists.find((r) => !r.name.includes('limit=')) as PerformanceResourceTiming;
          return {
            firstLines: first?.responseEnd ?? 0,
            sent: e.requestStart,
            firstByte: e.responseStart,
            lastByte: e.responseEnd,
          };
        });
        firstLines[format].push(timing.firstLines);
        phases[format].sent.push(timing.sent);
        phases[format].firstByte.push(timing.firstByte);
        phases[format].lastByte.push(timing.lastByte);
        const shown = await page.getByText(/^[\d,]+ of [\d,]+ employees/).textContent();
        if (!shown?.includes(LINES.toLocaleString('en-US'))) {
          throw new Error(`The grid did not load every line (${format}): ${shown}`);
        }
      }
      loads.push(loadavg()[0]);
    }
    // Shared machines: the load says how much of the time was someone else's.
    ctx.report(
      'load average (1 min) during the runs',
      `${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`,
    );
    for (const format of FORMATS) {
      const label = format === 'rows' ? 'compact rows (what the app reads)' : 'object form (before)';
      ctx.report(
        `${label}: first grid row drawn (the page's clock), median of ${RUNS}`,
        median(drawn[format]),
        'ms',
      );
      ctx.report(
        `${label}: first grid row drawn, each run`,
        drawn[format].map((t) => Math.round(t)).join(', '),
        'ms',
      );
      ctx.report(
        `${label}: first grid row seen by the driver, median of ${RUNS}`,
        median(times[format]),
        'ms',
      );
      ctx.report(`${label}:   of which: 50,000 lines downloaded (median)`, median(downloaded[format]), 'ms');
      ctx.report(`${label}:   the first 100 lines in the page (median)`, median(firstLines[format]), 'ms');
      const p = phases[format];
      ctx.report(
        `${label}:   the whole list in the page: sent, first byte, last byte (medians)`,
        [p.sent, p.firstByte, p.lastByte].map((t) => Math.round(median(t))).join(', '),
        'ms',
      );
      ctx.report(`${label}:   main-thread CPU time until then (median)`, median(cpu[format]), 'ms');
      ctx.report(
        `${label}: first grid row seen by the driver, each run`,
        times[format].map((t) => Math.round(t)).join(', '),
        'ms',
      );
    }
    // Scrolling, then parsing both forms, on a fresh page of what the app reads.
    await page?.context().close();
    page = await signedInPage(browser, base);
    await page.goto('/admin/operating-budget');
    await page
      .locator('.ag-row[row-index="0"] [col-id="name"]')
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    const fractions = [0.1, 0.25, 0.5, 0.75, 0.9, 1, 0.33, 0];
    const { checked, blank, frames, blanks } = await blankRowsWhileScrolling(page, fractions);
    ctx.report(`points probed at ${fractions.length} scroll offsets (2 per row)`, checked);
    ctx.report('blank points while scrolling', blank);
    // A frame that came before the grid drew (a few ms after the jump) shows which jumps they were.
    ctx.report(
      'each jump: next frame (ms) / blank points',
      frames.map((f, i) => `${Math.round(f)}/${blanks[i]}`).join(', '),
    );
    ctx.report('scroll jump to next frame, median', median(frames), 'ms');
    ctx.report('scroll jump to next frame, max', Math.max(...frames), 'ms');
    const listPath = `/api/line-items/budget?budgetYearId=${yearId}&fiscalYear=2026&isOperating=true`;
    const parsed = await parseInPage(page, listPath);
    for (const format of FORMATS) {
      const mb = Math.round((parsed[format].bytes / 1024 / 1024) * 10) / 10;
      ctx.report(`${format}: body size`, mb, 'MB');
      ctx.report(`${format}: JSON.parse in Chromium, median of 5`, parsed[format].parse, 'ms');
    }
    ctx.report('load average (1 min) at the end', loadavg()[0].toFixed(1));
  } finally {
    await browser?.close();
    await server?.stop();
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
