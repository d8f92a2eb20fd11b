import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { sumCents } from '../../test/factories';
import { buildPublicWorld, FY, type PublicWorld } from '../../test/worlds/public-dashboard.world';

/** 'Download the data': the published tables as CSV, safe to open in a spreadsheet. */
const { t } = useApp();
let w: PublicWorld;
const PATH = 'csv-district';

const csv = (query = '') => fetch(`${t.url}/api/public-dashboard/view/${PATH}/data.csv${query}`);
const rowsOf = async (res: Response) =>
  parse(await res.text(), { columns: true }) as Record<string, string>[];

beforeAll(async () => {
  const admin = (await t.userWith('ADMIN')).token;
  w = await buildPublicWorld(t.db.knex);
  const id = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config.id;
  // Every section on (salary charts are off by default): a section switched off is not in the CSV.
  await t.api('patch', `/public-dashboard/config/${id}`, {
    token: admin,
    body: { urlPath: PATH, showSalaryCharts: true },
  });
  const published = await t.api('post', `/public-dashboard/publish/${id}`, {
    token: admin,
    body: { publishedYears: [FY] },
  });
  expect(published.status).toBe(200);
});

describe('GET /public-dashboard/view/:urlPath/data.csv', () => {
  it('answers every public table of the year as a CSV attachment, figures equal to the view', async () => {
    const res = await csv(`?year=${FY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${PATH}-budget-fy${FY}.csv"`);
    const rows = await rowsOf(res);
    const tables = new Set(rows.map((r) => r.Table));
    expect([...tables]).toEqual([
      'Summary',
      'Budget by category',
      'Budget by building',
      'Budget by DESE function',
      'Spending per pupil',
      'Salary ranges',
      'Staff by location',
    ]);
    const total = rows.find((r) => r.Table === 'Summary' && r.Item === 'Total budget')!;
    expect(sumCents([total.Amount])).toBe(sumCents(w.proposed.map((p) => p.amount)));
    // Every line here is the general fund's: the figure the goal is compared with is the same total.
    const compared = rows.find(
      (r) => r.Table === 'Summary' && r.Item === 'Budget compared with the town goal',
    )!;
    expect([compared.Group, sumCents([compared.Amount])]).toEqual([
      'General fund only',
      sumCents([total.Amount]),
    ]);
    const categories = rows.filter((r) => r.Table === 'Budget by category');
    expect(sumCents(categories.map((r) => r.Amount))).toBe(sumCents(w.proposed.map((p) => p.amount)));
    // No one's name, and no cell of fewer than 5 people.
    const text = JSON.stringify(rows);
    for (const e of w.employees) {
      expect(text).not.toContain(e.lastName!);
    }
    for (const r of rows.filter((r) => ['Salary ranges', 'Staff by location'].includes(r.Table))) {
      expect(Number(r.Count)).toBeGreaterThanOrEqual(5);
    }
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves negative numbers as numbers', async () => {
    const rows = await rowsOf(await csv());
    const names = rows.filter((r) => r.Table === 'Budget by category').map((r) => r.Item);
    expect(names).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(names.some((n) => n.startsWith('='))).toBe(false);
    const unassigned = rows.find((r) => r.Group === 'No DESE function code')!;
    expect(unassigned.Amount).toBe(String(sumCents(['-2500.00', '9999.99', '12345.67']) / 100));
  });

  it('answers 404 Dashboard Not Found for an unknown path or a year not published', async () => {
    for (const url of [
      `${t.url}/api/public-dashboard/view/unknown/data.csv`,
      `${t.url}/api/public-dashboard/view/${PATH}/data.csv?year=2031`,
    ]) {
      const res = await fetch(url);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('Dashboard Not Found');
    }
    expect((await csv('?year=abc')).status).toBe(400);
  });
});
