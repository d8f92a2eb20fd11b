// npm run bench -- reports: the budget stages, stage comparison, DESE report and budget vs actual
// over HTTP with the dashboard bench's district (50,000 employee + 20,000 proposed lines in one
// fiscal year), its lines given DESE function codes (1 in 20 left without one), about 110 job
// titles, and a 20,000-account ledger at period 6, against the real app (spawned as `tsx
// server/index.ts`) on a real PostgreSQL server, in a database this bench creates and drops: the
// DESE report and its workbook, the NSS meter after the state figures are entered, the
// unmapped-lines count, a stage advance (it freezes every line), the stage comparison with today's
// figures after edits (and its workbook), the position crosswalk's preview of 11 rules, budget vs
// actual as the screen reads it (by category and by function, no account; one group's accounts) and
// with every account; then the DESE Report and Budget vs Actual screens' first render in Chromium.
// Each call: one warm-up, then the median of RUNS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openDb } from '@server/db/index';
import {
  apiLogin,
  benchDatabase,
  buildWeb,
  freePort,
  loadNow,
  median,
  signedInContext,
  startServer,
  type BenchServer,
  BENCH_ADMIN as ADMIN,
} from './lib';
import { seed } from './dashboard.bench';
import { CHROMIUM } from '../e2e/chromium';
import type { BenchContext } from './run';

const RUNS = 5;
const BROWSER_RUNS = 3;
const FY = 2026;
const LEDGER_ACCOUNTS = 20_000;
const LEDGER_PERIOD = 6;
const SLOW_MS = 1000;

/** The DESE function code of each of the dashboard seed's positions (a title's base, before any suffix). */
const POSITION_CODES: [string, string][] = [
  ['Grade 2 Teacher', '2305'],
  ['Mathematics Teacher', '2305'],
  ['English Teacher', '2305'],
  ['Special Education Teacher', '2310'],
  ['Instructional Paraprofessional', '2330'],
  ['Special Education Paraprofessional', '2330'],
  ['Custodian', '4110'],
  ['School Secretary', '2210'],
  ['School Nurse', '3200'],
  ['Principal', '2210'],
];

/** The codes a proposed line of each of the dashboard seed's categories gets (one picked by line). */
const CATEGORY_CODES: [string, string[]][] = [
  ['Teachers', ['2305', '2310', '2324', '2325']],
  ['Paraprofessionals', ['2330']],
  ['Administration', ['1110', '1210', '1230', '1410', '1420', '1450', '2210']],
  ['Pupil Services', ['2710', '2720', '2800', '3100', '3200', '3510', '3520']],
  ['Operations & Maintenance', ['4110', '4210', '4220', '4230', '4400', '4450']],
  ['Instructional Materials & Technology', ['2410', '2415', '2420', '2430', '2451', '2455']],
  ['Transportation', ['3300', '9130']],
  ['Special Education Tuition', ['9100', '9200', '9300', '9400']],
  ['Utilities & Facilities', ['4120', '4130', '5260', '5350']],
  ['Professional Development', ['2351', '2352', '2356', '2357']],
  ['Food Services', ['3400']],
];

/** Suffixes 1 in 4 employees' titles get, so the crosswalk sees about 110 titles, not 10. */
const TITLE_SUFFIXES = [
  '(Elementary)',
  '(Middle)',
  '(High)',
  '(Title I)',
  '(ELL)',
  '(Part-Time)',
  '(Long-Term Sub)',
  '(Interim)',
  '(Preschool)',
  '(Summer)',
];

interface Prepared {
  /** Proposed and employee line ids to edit after the stage is frozen. */
  proposedIds: number[];
  employeeIds: number[];
  categoryId: Map<string, number>;
  workGroupId: Map<string, number>;
  scenarioIds: { operating: number; proposed: number };
}

/**
 * After the dashboard seed: DESE function codes on the lines (1 in 20 without), varied titles, the
 * proposed lines' account numbers in the default account pattern (fund-x-xxx-FUNC-...-OBJECT), and
 * a current ledger import of FY2026 at period 6 with 20,000 accounts stored as the import stores
 * them: function and object codes split from the account, no location (the pattern has no LOC),
 * amounts numeric(14,2), 40 rows set aside whose account does not fit the pattern. 19 in 20 accounts
 * are a proposed line's account (the line's code is the account's FUNC); the rest no line names, and
 * 1 in 20 proposed lines names no account.
 */
async function prepare(url: string, budgetYearId: number): Promise<Prepared> {
  const handle = await openDb({ url });
  try {
    const db = handle.knex;
    const positionValues = POSITION_CODES.map(() => '(?, ?)').join(', ');
    await db.raw(
      `UPDATE line_items li SET dese_code = m.code
         FROM (VALUES ${positionValues}) AS m(pos, code)
        WHERE li.budget_year_id = ? AND li.is_operating AND li.position = m.pos AND li.id % 20 <> 3`,
      [...POSITION_CODES.flat(), budgetYearId],
    );
    await db.raw(
      `UPDATE line_items SET position = position || ' ' || (?::text[])[1 + (id / 40) % ?]
        WHERE budget_year_id = ? AND is_operating AND (id / 10) % 4 = 0`,
      [TITLE_SUFFIXES, TITLE_SUFFIXES.length, budgetYearId],
    );
    const categoryValues = CATEGORY_CODES.map(() => '(?, ?::text[])').join(', ');
    // g numbers the proposed lines 1..20,000 in id order; the ledger below numbers its accounts alike.
    await db.raw(
      `WITH n AS (
         SELECT id, category_id, row_number() OVER (ORDER BY id)::int AS g FROM line_items
          WHERE budget_year_id = ? AND NOT is_operating
       ), coded AS (
         SELECT n.id, n.g, m.codes[1 + (n.g / 11) % cardinality(m.codes)] AS code
           FROM n JOIN budget_categories c ON c.id = n.category_id
           JOIN (VALUES ${categoryValues}) AS m(name, codes) ON m.name = c.name
       )
       UPDATE line_items li
          SET dese_code = CASE WHEN coded.g % 20 = 3 THEN NULL ELSE coded.code END,
              account_line = '0100-3-300-' || coded.code || '-' || (500000 + coded.g)
         FROM coded WHERE li.id = coded.id`,
      [budgetYearId, ...CATEGORY_CODES.flatMap(([name, codes]) => [name, codes])],
    );
    const [ledger] = await db('ledger_imports')
      .insert({
        fiscal_year: FY,
        period: LEDGER_PERIOD,
        file_name: 'FY26 ledger December.xlsx',
        file_sha256: 'bench',
        account_pattern: 'fund-x-xxx-FUNC-...-OBJECT',
        column_mappings: JSON.stringify({ actor: 'bench' }),
        row_count: LEDGER_ACCOUNTS,
        account_count: LEDGER_ACCOUNTS - LEDGER_ACCOUNTS / 500,
        set_aside_count: LEDGER_ACCOUNTS / 500,
        is_current: true,
      })
      .returning('id');
    // Row g+1 (the file's header is row 1): line g's account, else (1 in 20) an account no line
    // names, else (1 in 500) one the pattern cannot read. Amounts: the line's (or a derived) budget,
    // a transfer of -3% to +3%, 40% to 64% expended (1 in 50 overspent), 0% to 8% encumbered.
    await db.raw(
      `INSERT INTO ledger_accounts (ledger_import_id, fiscal_year, row_number, account, description,
         function_code, object_code, location_code, building_id, original_budget, transfers, revised_budget,
         expended, encumbered, warnings, set_aside_reason)
       SELECT ?, ?, g + 1, a.account, 'Account ' || g,
              CASE WHEN a.set_aside THEN NULL ELSE split_part(a.account, '-', 4) END,
              CASE WHEN a.set_aside THEN NULL ELSE split_part(a.account, '-', 5) END,
              NULL, NULL, a.base, a.transfer, a.base + a.transfer,
              round((a.base + a.transfer) * CASE WHEN g % 50 = 0 THEN 1.05 ELSE (40 + g % 25) / 100.0 END, 2),
              round((a.base + a.transfer) * (g % 9) / 100.0, 2), '[]'::jsonb,
              CASE WHEN a.set_aside THEN 'account ''' || a.account || ''' does not match the pattern fund-x-xxx-FUNC-...-OBJECT' END
         FROM generate_series(1, ?) AS g
         LEFT JOIN (SELECT account_line, amount, row_number() OVER (ORDER BY id)::int AS n FROM line_items
                     WHERE budget_year_id = ? AND NOT is_operating) l ON l.n = g
         CROSS JOIN LATERAL (
           SELECT g % 500 = 250 AS set_aside,
                  CASE WHEN g % 500 = 250 THEN 'SUSPENSE ' || g
                       WHEN g % 20 = 0 OR l.account_line IS NULL
                         THEN '0100-3-300-' || (?::text[])[1 + g % ?] || '-' || (600000 + g)
                       ELSE l.account_line END AS account,
                  coalesce(CASE WHEN g % 20 <> 0 THEN l.amount END, round((1000 + (g * 7919) % 90000)::numeric, 2)) AS base,
                  round(coalesce(CASE WHEN g % 20 <> 0 THEN l.amount END, 1000 + (g * 7919) % 90000) * ((g % 7) - 3) / 100.0, 2) AS transfer
         ) a`,
      [ledger.id, FY, LEDGER_ACCOUNTS, budgetYearId, ['5100', '5200', '5250', '5300', '5500', '4300'], 6],
    );
    await db.raw('ANALYZE line_items');
    await db.raw('ANALYZE ledger_accounts');

    const ids = async (operating: boolean) =>
      (
        await db('line_items')
          .where({ budget_year_id: budgetYearId, fiscal_year: FY, is_operating: operating })
          .whereRaw('id % 997 = 1')
          .orderBy('id')
          .limit(12)
          .select('id')
      ).map((r: { id: number }) => r.id);
    const categories = await db('budget_categories').select('id', 'name');
    const groups = await db('work_groups').select('id', 'name');
    const scenarios = await db('scenarios')
      .where({ budget_year_id: budgetYearId })
      .select('id', 'scenario_type');
    return {
      proposedIds: await ids(false),
      employeeIds: await ids(true),
      categoryId: new Map(categories.map((c: { id: number; name: string }) => [c.name, c.id])),
      workGroupId: new Map(groups.map((g: { id: number; name: string }) => [g.name, g.id])),
      scenarioIds: {
        operating: scenarios.find((s: { scenario_type: string }) => s.scenario_type === 'operating').id,
        proposed: scenarios.find((s: { scenario_type: string }) => s.scenario_type === 'proposed').id,
      },
    };
  } finally {
    await handle.close();
  }
}

/** Edits between the stage and today, as the grids make them, with reasons where the API takes one. */
async function editLines(
  url: string,
  api: (method: string, p: string, body?: unknown) => Promise<Response>,
  budgetYearId: number,
  prepared: Prepared,
): Promise<void> {
  for (const [i, id] of prepared.proposedIds.slice(0, 10).entries()) {
    await ok(
      api('PUT', `/line-items/${id}`, {
        amount: 12_000 + i * 1_250.5,
        changeReason: `Vendor quote revised (${i + 1})`,
      }),
    );
  }
  for (const [i, id] of prepared.employeeIds.slice(0, 10).entries()) {
    await ok(
      api('PATCH', `/line-items/budget/${id}`, {
        currentSalary: 58_000 + i * 725.25,
        changeReason: `Step corrected after HR review (${i + 1})`,
      }),
    );
  }
  await ok(api('DELETE', `/line-items/${prepared.proposedIds[10]}`));
  await ok(
    api('POST', '/line-items', {
      isOperating: false,
      budgetYearId,
      fiscalYear: FY,
      accountDescription: 'Literacy intervention materials',
      accountLine: '0100-3-300-2430-599999',
      deseCode: '2430',
      amount: 48_250,
      buildingId: null,
      categoryId: prepared.categoryId.get('Instructional Materials & Technology'),
    }),
  );
  // And what an afternoon of grid edits adds up to: 1 in 100 proposed amounts and employee salaries.
  const handle = await openDb({ url });
  try {
    await handle.knex.raw(
      `UPDATE line_items SET amount = round(amount * 1.02, 2)
        WHERE budget_year_id = ? AND NOT is_operating AND id % 100 = 17`,
      [budgetYearId],
    );
    await handle.knex.raw(
      `UPDATE line_items SET current_salary = round(current_salary * 1.01, 2)
        WHERE budget_year_id = ? AND is_operating AND id % 100 = 17`,
      [budgetYearId],
    );
  } finally {
    await handle.close();
  }
}

async function ok(pending: Promise<Response>): Promise<Response> {
  const res = await pending;
  if (!res.ok) {
    throw new Error(`${res.url} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  }
  return res;
}

export default async function reportsBench(ctx: BenchContext): Promise<void> {
  const database = await benchDatabase(ctx.serverUrl, `bench_reports_${process.pid}`);
  const webDist = mkdtempSync(path.join(tmpdir(), 'bench-reports-web-'));
  let server: BenchServer | undefined;
  try {
    ctx.report('load average at start (1 min, 2 cores)', loadNow());
    let started = performance.now();
    const budgetYearId = await seed(database.url);
    const prepared = await prepare(database.url, budgetYearId);
    ctx.report(
      `load 50,000 + 20,000 lines, codes, ${LEDGER_ACCOUNTS.toLocaleString('en-US')} ledger accounts`,
      performance.now() - started,
      'ms',
    );

    buildWeb(webDist);
    server = await startServer({
      databaseUrl: database.url,
      webDist,
      port: await freePort(),
      admin: ADMIN,
      env: { PASSWORD_COST: '12' },
    });
    const { base } = server;
    const session = await apiLogin(base, ADMIN);
    const api = (method: string, p: string, body?: unknown) =>
      fetch(`${base}/api${p}`, {
        method,
        headers: {
          Authorization: `Bearer ${session.token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const slow: string[] = [];
    /** One warm-up call, then the median of RUNS; the clock stops when the whole body has arrived. */
    const measure = async (label: string, p: string, what: 'json' | 'xlsx' = 'json') => {
      const times: number[] = [];
      let bytes = 0;
      let body: unknown;
      for (let i = 0; i <= RUNS; i += 1) {
        const start = performance.now();
        const res = await ok(api('GET', p));
        const buf = Buffer.from(await res.arrayBuffer());
        const ms = performance.now() - start;
        if (i > 0) {
          times.push(ms);
        }
        bytes = buf.length;
        if (what === 'json') {
          body = JSON.parse(buf.toString('utf8'));
        } else if (buf.subarray(0, 2).toString('latin1') !== 'PK') {
          throw new Error(`${p} did not answer a workbook`);
        }
      }
      const m = median(times);
      if (m > SLOW_MS) {
        slow.push(label);
      }
      ctx.report(
        `${label} (median of ${RUNS}, ${bytes.toLocaleString('en-US')} bytes)`,
        m,
        `ms (runs ${Math.round(Math.min(...times))} to ${Math.round(Math.max(...times))}, load ${loadNow()})`,
      );
      return body;
    };
    const scope = `budgetYearId=${budgetYearId}&fiscalYear=${FY}`;

    // The DESE report (its NSS section reads "enter the state figures" until they are).
    await measure('GET /dese-report', `/dese-report?${scope}`);
    await measure('GET /dese-report.xlsx', `/dese-report.xlsx?${scope}`, 'xlsx');

    // The NSS meter once the year's state figures are in.
    await ok(
      api('PUT', `/nss/state-figures/${FY}`, {
        foundationEnrollment: 21_450.5,
        foundationBudget: 2_150_000_000,
        requiredLocalContribution: 1_320_000_000,
        chapter70Aid: 830_000_000,
        requiredNss: 2_380_000_000,
        carryForward: -1_250_000,
        foundationEnrollmentSource: 'DESE Chapter 70 FY26 final',
        requiredNssSource: 'DESE Chapter 70 FY26 final',
        municipal: [
          { eoyrCode: '1000', amount: 4_500_000, source: 'Town accountant' },
          { eoyrCode: '3300', amount: 12_000_000 },
          { eoyrCode: '5100', amount: 38_000_000 },
          { eoyrCode: '5200', amount: 150_000_000 },
          { eoyrCode: '8000', amount: 9_000_000 },
        ],
      }),
    );
    const meter = (await measure('GET /nss/meter', `/nss/meter?${scope}`)) as { status: string };
    if (meter.status === 'NO_FIGURES') {
      throw new Error('The NSS meter did not see the state figures');
    }
    await measure('GET /dese-report (with state figures)', `/dese-report?${scope}`);

    // The dashboard's 'lines have no function code' figure.
    const unmapped = (await measure('GET /function-codes/unmapped', `/function-codes/unmapped?${scope}`)) as {
      lineCount: number;
    };
    ctx.report('lines without a function code', unmapped.lineCount);

    // Budget vs actual: the screen's read (no account), a drill-down into its largest group, and
    // the report with every account (the CLI's --json and the Excel export).
    const bva = (await measure(
      'GET /ledger/report?by=category&accounts=none (the screen)',
      `/ledger/report?${scope}&by=category&accounts=none`,
    )) as {
      rows: { key: string; label: string; accountCount: number }[];
      linesWithoutAccount: unknown[];
      unmatchedAccountCount: number;
    };
    await measure(
      'GET /ledger/report?by=function&accounts=none (the screen)',
      `/ledger/report?${scope}&by=function&accounts=none`,
    );
    const largest = bva.rows.reduce((a, b) => (b.accountCount > a.accountCount ? b : a));
    const drilled = (await measure(
      `GET /ledger/report?by=category&group=… (drill-down: ${largest.label}, ${largest.accountCount.toLocaleString('en-US')} accounts, first 1,000)`,
      `/ledger/report?${scope}&by=category&group=${encodeURIComponent(largest.key)}&limit=1000`,
    )) as { accounts: unknown[]; accountsPage: { total: number } };
    if (drilled.accountsPage.total !== largest.accountCount) {
      throw new Error(
        `The drill-down counted ${drilled.accountsPage.total} of ${largest.accountCount} accounts`,
      );
    }
    const all = (await measure(
      'GET /ledger/report?by=category&accounts=all (first page of 1,000 accounts: the CLI)',
      `/ledger/report?${scope}&by=category&accounts=all&limit=1000`,
    )) as { accountsPage: { total: number } };
    await measure(
      'GET /ledger/report.xlsx (every account, streamed)',
      `/ledger/report.xlsx?${scope}&by=category`,
      'xlsx',
    );
    ctx.report(
      'budget vs actual: accounts / unmatched accounts / lines without account',
      `${all.accountsPage.total.toLocaleString('en-US')} / ${bva.unmatchedAccountCount.toLocaleString('en-US')} / ${bva.linesWithoutAccount.length.toLocaleString('en-US')}`,
    );

    // The position crosswalk: 11 rules (exact, glob, regex; some disagree), previewed on the year.
    const cat = (name: string) => prepared.categoryId.get(name)!;
    const grp = (name: string) => prepared.workGroupId.get(name)!;
    await ok(
      api('POST', '/crosswalk/rules/batch', {
        budgetYearId,
        fiscalYear: FY,
        rules: [
          {
            matchType: 'exact',
            pattern: 'Grade 2 Teacher',
            workGroupId: grp('Teachers'),
            categoryId: cat('Teachers'),
            deseCode: '2305',
          },
          {
            matchType: 'glob',
            pattern: '*Mathematics Teacher*',
            workGroupId: grp('Teachers'),
            deseCode: '2305',
          },
          { matchType: 'glob', pattern: 'English Teacher*', workGroupId: grp('Teachers'), deseCode: '2305' },
          {
            matchType: 'regex',
            pattern: '^Special Education Teacher',
            workGroupId: grp('Special Education'),
            deseCode: '2310',
          },
          {
            matchType: 'glob',
            pattern: '*Paraprofessional*',
            workGroupId: grp('Paraprofessionals'),
            categoryId: cat('Paraprofessionals'),
            deseCode: '2330',
          },
          {
            matchType: 'exact',
            pattern: 'Custodian',
            workGroupId: grp('Custodians'),
            categoryId: cat('Operations & Maintenance'),
            deseCode: '4110',
          },
          {
            matchType: 'glob',
            pattern: 'School Secretary*',
            workGroupId: grp('Secretaries'),
            deseCode: '2210',
          },
          {
            matchType: 'glob',
            pattern: 'School Nurse*',
            workGroupId: grp('Nurses'),
            categoryId: cat('Pupil Services'),
            deseCode: '3200',
          },
          {
            matchType: 'regex',
            pattern: '^Principal\\b',
            workGroupId: grp('Administrators'),
            categoryId: cat('Administration'),
            deseCode: '2210',
          },
          { matchType: 'glob', pattern: '* (Long-Term Sub)', deseCode: '2324' },
          { matchType: 'glob', pattern: '*Teacher*', categoryId: cat('Teachers') },
        ],
      }),
    );
    const preview = (await measure('GET /crosswalk/preview', `/crosswalk/preview?${scope}`)) as {
      titleCount: number;
      changedLines: number;
      conflicts: unknown[];
    };
    ctx.report(
      'crosswalk preview: titles / lines it would change / conflicts',
      `${preview.titleCount} / ${preview.changedLines.toLocaleString('en-US')} / ${preview.conflicts.length}`,
    );
    await measure('GET /crosswalk/preview?overwrite=true', `/crosswalk/preview?${scope}&overwrite=true`);

    // A stage: the advance freezes all 70,000 lines; then edits, and the comparison with today.
    started = performance.now();
    const advanced = (await (
      await ok(
        api('POST', '/budget-stages/advance', {
          budgetYearId,
          fiscalYear: FY,
          stage: 'SUPERINTENDENT_RECOMMENDED',
          date: '2026-02-10',
          note: "Superintendent's recommended budget, presented 10 February",
        }),
      )
    ).json()) as { events: { id: number; event: string; lineCount: number | null }[] };
    const advanceMs = performance.now() - started;
    const stage = advanced.events.find((e) => e.event === 'advance')!;
    if (advanceMs > SLOW_MS) {
      slow.push('POST /budget-stages/advance');
    }
    ctx.report(
      `POST /budget-stages/advance (one call, ${(stage.lineCount ?? 0).toLocaleString('en-US')} lines frozen)`,
      advanceMs,
      `ms (load ${loadNow()})`,
    );
    await editLines(database.url, api, budgetYearId, prepared);
    const compareScope = `${scope}&from=${stage.id}&to=current`;
    const comparison = (await measure(
      'GET /budget-stages/compare',
      `/budget-stages/compare?${compareScope}`,
    )) as {
      lineCounts: { added: number; removed: number; changed: number; unchanged: number };
      lines: unknown[];
    };
    const c = comparison.lineCounts;
    ctx.report(
      'stage comparison: lines added / removed / changed / unchanged (rows listed)',
      `${c.added} / ${c.removed} / ${c.changed.toLocaleString('en-US')} / ${c.unchanged.toLocaleString('en-US')} (${comparison.lines.length.toLocaleString('en-US')})`,
    );
    await measure('GET /budget-stages/compare.xlsx', `/budget-stages/compare.xlsx?${compareScope}`, 'xlsx');

    // The screens in Chromium: a fresh context each time, the session already stored.
    ctx.report('load average before Chromium (1 min, 2 cores)', loadNow());
    const browser = await chromium.launch(CHROMIUM);
    try {
      /** From navigation to `ready`, in a fresh context (no cache, the session already stored). */
      const render = async (p: string, ready: (page: Page) => Promise<void>) => {
        const context = await signedInContext(browser, session, { viewport: { width: 1440, height: 900 } });
        try {
          const page = await context.newPage();
          const start = performance.now();
          await page.goto(`${base}${p}`);
          await ready(page);
          return performance.now() - start;
        } finally {
          await context.close();
        }
      };
      const screens: [string, string, (page: Page) => Promise<void>][] = [
        [
          'DESE Report',
          '/dese-report',
          async (page) => {
            await page.waitForSelector('[data-testid="dese-check"]', { timeout: 60_000 });
            await page.waitForSelector('.dese-report__body[aria-busy="false"]', { timeout: 60_000 });
          },
        ],
        [
          'Budget vs Actual',
          '/budget-vs-actual',
          async (page) => {
            await page.waitForSelector('.bva-card table tbody tr', { timeout: 60_000 });
            await page.waitForSelector('.bva-kpis', { timeout: 60_000 });
          },
        ],
      ];
      for (const [name, p, ready] of screens) {
        await render(p, ready); // one visit first, not counted
        const times: number[] = [];
        for (let i = 0; i < BROWSER_RUNS; i += 1) {
          times.push(await render(p, ready));
        }
        ctx.report(
          `${name} first render in Chromium (median of ${BROWSER_RUNS}, cold cache, 1440x900)`,
          median(times),
          `ms (runs ${times.map((t) => Math.round(t)).join(', ')}, load ${loadNow()})`,
        );
      }
    } finally {
      await browser.close();
    }
    ctx.report('load average at end (1 min, 2 cores)', loadNow());
    ctx.report('calls over 1 s', slow.length ? slow.join('; ') : 'none');
  } finally {
    await server?.stop();
    rmSync(webDist, { recursive: true, force: true });
    await database.drop();
  }
}
