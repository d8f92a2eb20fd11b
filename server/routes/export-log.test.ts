import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@server/routes/index';
import { createTestApp, type TestApp } from '../../test/app';
import { buildBudgetYear, buildScenario, insertProposed } from '../../test/factories';

/**
 * A workbook downloaded through the API left no trace in the security log, while the same figures
 * exported from a screen did ('data-exported'). Every signed-in download of a workbook or CSV now
 * writes that entry: who, which file, which route and year, its size. The routes are found from
 * the route table, so a new report's download is called here or this test says it was missed.
 */
let t: TestApp;
let admin: { id: number; token: string };
let viewer: { id: number; token: string };
const FY = 2027;
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
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWith('ADMIN');
  viewer = await t.userWith('VIEW_ONLY');
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, {
    currentFiscalYear: FY,
    label: `FY27 exports ${process.pid}`,
  });
  const scenarioId = await buildScenario(db, budgetYearId, 'proposed', true);
  await insertProposed(db, [
    { budgetYearId, fiscalYear: FY, amount: '1500.25', scenarioId, columns: { dese_code: '2305' } },
  ]);
  const advanced = await t.api('post', '/budget-stages/advance', {
    token: admin.token,
    body: { budgetYearId, fiscalYear: FY, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2027-02-01' },
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  const stageId = (advanced.body.events as { id: number; event: string }[]).find(
    (e) => e.event === 'advance',
  )!.id;
  query = { budgetYearId: String(budgetYearId), stageId: String(stageId) };
});
afterAll(() => t.close());

async function exportsOf(userId: number) {
  const res = await t.api('get', `/auth/security-log?event=data-exported&userId=${userId}`, {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return res.body.events as { actor: string; address: string | null; detail: Record<string, unknown> }[];
}

async function download(path: string, token: string) {
  const res = await fetch(`${t.url}/api${path}?${CALLS[path]()}`, {
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

  it.each(Object.keys(CALLS))(
    'GET %s writes a data-exported entry naming the file, year and size',
    async (path) => {
      expect(downloads).toContain(path);
      const before = (await exportsOf(admin.id)).length;
      const res = await download(path, admin.token);
      expect(res.status, res.body.toString('utf8').slice(0, 300)).toBe(200);
      expect(res.type).toMatch(/spreadsheetml|text\/csv/);
      const events = await exportsOf(admin.id);
      expect(events.length).toBe(before + 1);
      expect(events[0]).toMatchObject({ actor: expect.stringContaining('@'), address: expect.any(String) });
      expect(events[0].detail).toMatchObject({
        via: 'api',
        what: `GET ${path}`,
        file: expect.stringMatching(/\.(xlsx|csv)$/),
        bytes: res.body.length,
        fiscalYear: FY,
        budgetYearId: Number(query.budgetYearId),
      });
    },
  );

  it('logs a VIEW_ONLY reader’s download too, and nothing for a JSON report', async () => {
    const before = (await exportsOf(viewer.id)).length;
    expect((await download('/dese-report.xlsx', viewer.token)).status).toBe(200);
    const json = await t.api('get', `/dese-report?budgetYearId=${query.budgetYearId}&fiscalYear=${FY}`, {
      token: viewer.token,
    });
    expect(json.status).toBe(200);
    const events = await exportsOf(viewer.id);
    expect(events.length).toBe(before + 1);
    expect(events[0].detail).toMatchObject({
      what: 'GET /dese-report.xlsx',
      file: `DESE-report-FY${FY}.xlsx`,
    });
  });
});
