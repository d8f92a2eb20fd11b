import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@server/routes/index';
import { buildBudgetYear, buildScenario, insertProposed } from '../../test/factories';
import { LEDGER_FILE, ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * A workbook downloaded through the API left no trace in the security log, while the same figures
 * exported from a screen did ('data-exported'). Every signed-in download of a workbook or CSV now
 * writes that entry: who, which file, which route and year, its size. The routes are found from
 * the route table, so a new report's download is called here or this test says it was missed.
 */
const s = ledgerSuite('export-log-');
const FY = 2027;
/** The ledger's year (the fixture is FY2023's ledger). */
const LEDGER_FY = 2023;
let query: Record<string, string> = {};

/** A GET route that answers with a file: its path or its summary says so. */
const isDownload = (r: (typeof allRoutes)[number]) =>
  r.method === 'get' &&
  r.action !== 'public' &&
  (/\.(xlsx|xls|csv)$/.test(r.path) || /\b(workbook|csv)\b/i.test(r.summary));

/** How to ask each download route for a real file of this test's budget year. */
const CALLS: Record<string, () => string> = {
  '/dese-report.xlsx': () => `budgetYearId=${query.budgetYearId}&fiscalYear=${FY}`,
  '/budget-stages/compare.xlsx': () =>
    `budgetYearId=${query.budgetYearId}&fiscalYear=${FY}&from=${query.stageId}&to=current`,
  '/ledger/report.xlsx': () => `budgetYearId=${query.ledgerYearId}&fiscalYear=${LEDGER_FY}`,
  // The old path of /ledger/report.xlsx, kept as an alias.
  '/actuals/report.xlsx': () => `budgetYearId=${query.ledgerYearId}&fiscalYear=${LEDGER_FY}`,
};
/** The year each download is asked for. */
const YEARS: Record<string, () => { fiscalYear: number; budgetYearId: number }> = {
  '/ledger/report.xlsx': () => ({ fiscalYear: LEDGER_FY, budgetYearId: Number(query.ledgerYearId) }),
  '/actuals/report.xlsx': () => ({ fiscalYear: LEDGER_FY, budgetYearId: Number(query.ledgerYearId) }),
};
const yearOf = (path: string) =>
  YEARS[path]?.() ?? { fiscalYear: FY, budgetYearId: Number(query.budgetYearId) };

beforeAll(async () => {
  const db = s.t.db.knex;
  const budgetYearId = await buildBudgetYear(db, {
    currentFiscalYear: FY,
    label: `FY27 exports ${process.pid}`,
  });
  const scenarioId = await buildScenario(db, budgetYearId, 'proposed', true);
  await insertProposed(db, [
    { budgetYearId, fiscalYear: FY, amount: '1500.25', scenarioId, columns: { dese_code: '2305' } },
  ]);
  const advanced = await s.t.api('post', '/budget-stages/advance', {
    token: s.admin.token,
    body: { budgetYearId, fiscalYear: FY, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2027-02-01' },
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  const stageId = (advanced.body.events as { id: number; event: string }[]).find(
    (e) => e.event === 'advance',
  )!.id;
  const ledgerYear = await s.budgetYear(LEDGER_FY);
  const imported = await s.importFile(readFileSync(LEDGER_FILE), { fiscalYear: LEDGER_FY });
  expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(200);
  query = {
    budgetYearId: String(budgetYearId),
    stageId: String(stageId),
    ledgerYearId: String(ledgerYear.budgetYearId),
  };
});

async function exportsOf(userId: number) {
  const res = await s.t.api('get', `/auth/security-log?event=data-exported&userId=${userId}`, {
    token: s.admin.token,
  });
  expect(res.status).toBe(200);
  return res.body.events as { actor: string; address: string | null; detail: Record<string, unknown> }[];
}

async function download(path: string, token: string) {
  const res = await fetch(`${s.t.url}/api${path}?${CALLS[path]()}`, {
    headers: { Authorization: `Bearer ${token}`, 'User-Agent': 'export-log test' },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', body };
}

describe('downloading a workbook through the API', () => {
  const downloads = allRoutes.filter(isDownload).map((r) => r.path);

  it('knows how to call every route that answers with a file', () => {
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    expect(
      downloads.filter((p) => !(p in CALLS)),
      'a download route this test does not call: add it to CALLS',
    ).toEqual([]);
  });

  it.each(downloads)('GET %s writes a data-exported entry naming the file, year and size', async (path) => {
    const before = (await exportsOf(s.admin.id)).length;
    const res = await download(path, s.admin.token);
    expect(res.status, res.body.toString('utf8').slice(0, 300)).toBe(200);
    expect(res.type).toMatch(/spreadsheetml|text\/csv/);
    const events = await exportsOf(s.admin.id);
    expect(events.length).toBe(before + 1);
    expect(events[0]).toMatchObject({ actor: expect.stringContaining('@'), address: expect.any(String) });
    expect(events[0].detail).toMatchObject({
      via: 'api',
      what: `GET ${path}`,
      file: expect.stringMatching(/\.(xlsx|csv)$/),
      ...yearOf(path),
    });
    // A workbook built in memory has its size; one streamed as it is written is logged as it starts.
    expect([res.body.length, null]).toContain(events[0].detail.bytes);
  });

  it('logs a VIEW_ONLY reader’s download too, and nothing for a JSON report', async () => {
    const before = (await exportsOf(s.viewer.id)).length;
    const file = await download('/dese-report.xlsx', s.viewer.token);
    expect(file.status).toBe(200);
    const json = await s.t.api('get', `/dese-report?budgetYearId=${query.budgetYearId}&fiscalYear=${FY}`, {
      token: s.viewer.token,
    });
    expect(json.status).toBe(200);
    const events = await exportsOf(s.viewer.id);
    expect(events.length).toBe(before + 1);
    expect(events[0].detail).toMatchObject({
      what: 'GET /dese-report.xlsx',
      file: `DESE-report-FY${FY}.xlsx`,
      bytes: file.body.length,
    });
  });
});
