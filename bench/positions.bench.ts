// npm run bench -- positions: the Positions manager and the Employee Budget Manager in Chromium at
// 50,000 positions (the grid bench's 50,000 employee lines, each made a filled position as the
// migration makes them), and a position edit to updated budget totals. Real PostgreSQL, the real
// server (spawned as in production) and the production web build. First rows: from navigation to
// the frame that draws row 0 (the page's clock), median of 5, each in a fresh browser context. An
// edit: PATCH /positions/:id moving the position to another school (its cost moves with it: the
// proposed salary lines of the year are set again in the same transaction), then the list's first
// page with the year's totals, as the screen asks for them after a save; median of 7. BENCH_KEEP=1
// keeps the server and its database up at the end, until Ctrl-C.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { Knex } from 'knex';
import { loadConfig } from '@server/config';
import { openDb } from '@server/db/index';
import { reconciliation } from '@server/domains/line-items';
import { createLogger } from '@server/lib/log';
import { systemActor } from '@server/policies/index';
import { positionsFromLines } from '@server/domains/positions/queries/from-lines';
import { seed } from './grid.bench';
import {
  apiLogin,
  benchDatabase,
  buildWeb,
  loadRange,
  median,
  signedInContext,
  startServer,
  type BenchServer,
} from './lib';
import { CHROMIUM } from '../e2e/chromium';
import type { BenchContext } from './run';
import { fundShareProbe } from './fund-share-probe';
import { scenarioCutProbe } from './scenario-cut-probe';

const RUNS = 5;
const EDITS = 7;
const PORT = Number(process.env.BENCH_POSITIONS_PORT ?? 3194);
const ADMIN = { email: 'bench-positions@example.org', password: 'bench-positions-password' };

/** The screens measured: where, and the cell of row 0 that says it is drawn. */
const SCREENS = [
  { label: 'Positions manager', path: '/admin/positions', cell: '[col-id="title"]' },
  { label: 'Employee Budget Manager', path: '/admin/operating-budget', cell: '[col-id="name"]' },
] as const;

/** Milliseconds from navigation to the frame that drew row 0's `cell`, in a fresh context. */
async function firstRow(
  browser: Browser,
  base: string,
  session: { token: string; user: unknown },
  screen: (typeof SCREENS)[number],
): Promise<number> {
  const context = await signedInContext(browser, session, {
    baseURL: base,
    viewport: { width: 1280, height: 1200 },
  });
  try {
    await context.addInitScript((cell) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(`.ag-row[row-index="0"] ${cell}`)?.textContent?.trim()) {
          observer.disconnect();
          requestAnimationFrame((frame) => {
            (window as unknown as { firstRowFrame: number }).firstRowFrame = frame;
          });
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }, screen.cell);
    const page = await context.newPage();
    await page.goto(screen.path);
    const handle = await page.waitForFunction(
      () => (window as unknown as { firstRowFrame?: number }).firstRowFrame,
      undefined,
      { timeout: 60_000 },
    );
    const drawn = (await handle.jsonValue()) as number;
    // The screen goes on to read the whole list (megabytes at this size): let it finish before the
    // next run, which would otherwise start while the server is still busy with this one's (a
    // person opens a screen once; the runs are to be alike, not to queue behind each other).
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    return drawn;
  } finally {
    await context.close();
  }
}

/**
 * The grid bench's district as a district using positions keeps it: each employee line in the
 * personnel category of its title with that category's DESE function code (the grid bench's lines
 * have neither, so their positions cost nothing anywhere and an edit moved no salary line), and the
 * fiscal years claimed by the budget year, as an import claims them (unclaimed, every home lookup
 * scans the lines instead).
 */
async function asDistrictKeepsIt(db: Knex): Promise<void> {
  const { rows } = await db.raw(
    `INSERT INTO budget_categories (name, is_personnel, dese_function)
     VALUES ('Teachers', true, '2305'), ('Custodians', true, '4110'), ('Nurses', true, '3200'),
            ('Paraprofessionals', true, '2330')
     RETURNING id, name, dese_function`,
  );
  const category = (name: string) => rows.find((r: { name: string }) => r.name === name);
  const byTitle = [
    ['Custodian', 'Custodians'],
    ['School Nurse', 'Nurses'],
    ['Paraprofessional', 'Paraprofessionals'],
    ['Grade 4 Teacher', 'Teachers'],
    ['Math Teacher', 'Teachers'],
  ];
  for (const [title, name] of byTitle) {
    const c = category(name);
    await db('line_items')
      .where({ position: title })
      .update({ category_id: c.id, dese_code: c.dese_function });
  }
  const year = await db('budget_years').first('id');
  await db('fiscal_year_homes').insert([
    { fiscal_year: 2026, budget_year_id: year.id },
    { fiscal_year: 2027, budget_year_id: year.id },
  ]);
  await db.raw('ANALYZE line_items');
}

/** FY2027's salary lines set to the positions' cost once, as a person does with Update Salary Budget. */
async function startSalaryLines(db: Knex): Promise<void> {
  const year = await db('budget_years').first('id');
  const app = {
    db,
    config: loadConfig({ ...process.env, JWT_SECRET: 'b'.repeat(48) }),
    log: createLogger('silent'),
  };
  await reconciliation.updateSalaryBudget(app, systemActor('bench'), {
    budgetYearId: year.id,
    fiscalYear: 2027,
  });
}

export default async function positionsBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_positions_${process.pid}`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-positions-'));
  const webDist = path.join(tmp, 'web');
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    let start = performance.now();
    await seed(database.url);
    const handle = await openDb({ url: database.url });
    let made: number;
    try {
      await asDistrictKeepsIt(handle.knex);
      made = await positionsFromLines(handle.knex, { actorLabel: 'bench' });
      await handle.knex.raw('ANALYZE positions; ANALYZE position_holders; ANALYZE position_history');
      await startSalaryLines(handle.knex);
    } finally {
      await handle.close();
    }
    ctx.report(
      `insert 50,000 employee lines and make ${made.toLocaleString('en-US')} positions`,
      performance.now() - start,
      'ms',
    );

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
        JWT_SECRET: 'bench-positions-secret-'.padEnd(48, 'x'),
        PASSWORD_COST: '10',
      },
    });
    const { base } = server;
    const session = await apiLogin(base, ADMIN);
    browser = await chromium.launch(CHROMIUM);
    const loads: number[] = [loadavg()[0]];

    for (const screen of SCREENS) {
      // One visit first, not counted: a production server has long compiled its code and warmed
      // PostgreSQL's cache; the browser side stays cold in every measured run.
      await firstRow(browser, base, session, screen);
      const drawn: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        drawn.push(await firstRow(browser, base, session, screen));
        loads.push(loadavg()[0]);
      }
      ctx.report(`${screen.label}: first row drawn, median of ${RUNS}`, median(drawn), 'ms');
      ctx.report(`${screen.label}: first row drawn, each run`, drawn.map(Math.round).join(', '), 'ms');
    }

    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/api${url}`, {
        method,
        headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) {
        throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
      }
      return res.json();
    };
    const list = `/positions?fiscalYear=FY2026&limit=200`;
    const first = (await api('GET', `${list}&search=Custodian`)).positions[0];
    const ids = ((await api('GET', '/buildings')).buildings as { id: number }[]).map((b) => b.id);
    let version: number = first.version;
    const patch: number[] = [];
    const toTotals: number[] = [];
    for (let run = 0; run < EDITS; run += 1) {
      const t0 = performance.now();
      const saved = await api('PATCH', `/positions/${first.id}`, {
        version,
        buildingId: ids[run % ids.length],
        reason: 'Bench: moved between schools',
      });
      const t1 = performance.now();
      await api('GET', list);
      const t2 = performance.now();
      version = saved.position.version;
      patch.push(t1 - t0);
      toTotals.push(t2 - t0);
      loads.push(loadavg()[0]);
    }
    ctx.report(`a position moved to another school: the PATCH, median of ${EDITS}`, median(patch), 'ms');
    ctx.report(
      `  then the list's first page and totals read again: edit to totals, median of ${EDITS}`,
      median(toTotals),
      'ms',
    );
    ctx.report('  each run (edit to totals)', toTotals.map(Math.round).join(', '), 'ms');

    // The list as the screen reads it: the first page with the totals, then the whole list (its size
    // is what the browser downloads and parses while the first rows are on screen).
    const timedGet = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api${url}`, { headers: { Authorization: `Bearer ${session.token}` } });
      const bytes = (await res.arrayBuffer()).byteLength;
      return { ms: performance.now() - t0, bytes };
    };
    const pages: number[] = [];
    for (let run = 0; run < EDITS; run += 1) {
      pages.push((await timedGet(list)).ms);
      loads.push(loadavg()[0]);
    }
    ctx.report(`GET ${list}, median of ${EDITS}`, median(pages), 'ms');
    // The whole list in the object form, then in the compact form the screen reads (each position
    // an array of values, names once).
    for (const [label, url] of [
      ['the whole list (no limit)', '/positions?fiscalYear=FY2026'],
      ['the whole list, format=rows (what the screen reads)', '/positions?fiscalYear=FY2026&format=rows'],
    ]) {
      const wholes: { ms: number; bytes: number }[] = [];
      for (let run = 0; run < 3; run += 1) {
        wholes.push(await timedGet(url));
        loads.push(loadavg()[0]);
      }
      ctx.report(
        `${label}, median of 3`,
        `${Math.round(median(wholes.map((w) => w.ms)))} ms, ${(wholes[0].bytes / 1e6).toFixed(1)} MB`,
      );
    }
    await scenarioCutProbe(api, first.budgetYearId, EDITS, ctx.report.bind(ctx), loads);
    const now = (await api('GET', `/positions/${first.id}`)).position;
    await fundShareProbe(api, now, EDITS, ctx.report.bind(ctx), loads);
    ctx.report('load average (1 min) during the runs', loadRange(loads));
  } finally {
    await browser?.close();
    if (process.env.BENCH_KEEP && server) {
      // For bench/first-row-probe.ts and the like: the server and its 50,000 positions stay up.
      process.stdout.write(`Kept: ${server.base} over ${database.url}; Ctrl-C ends both\n`);
      // Every SIGINT is taken (tsx passes Ctrl-C on as a second one), so the clean-up below runs.
      await new Promise((resolve) => process.on('SIGINT', resolve));
    }
    await server?.stop();
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
