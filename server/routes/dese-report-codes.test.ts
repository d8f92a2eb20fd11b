import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildWorld, insertEmployees, insertProposed, type World } from '../../test/factories';

/**
 * The codes a year's DESE report lists: the codes in force that fiscal year (DESE's list for it),
 * plus any code the year's lines carry that DESE no longer lists, marked so the finance officer
 * can recode those lines. Which codes should appear is worked out here again from DESE's list
 * (fixtures/dese_function_codes.csv: a code's name_fyYYYY is its name in DESE's list of that
 * year, empty when that list lacks it) and the lines this file writes.
 */
const { t, finance } = useApp(['FINANCE']);
let w: World;

interface CsvRow {
  code: string;
  level: string;
  name_fy2009: string;
  name_fy2025: string;
}
const chart = (
  parse(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/dese_function_codes.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as CsvRow[]
).filter((r) => r.level === 'detail');
/** Codes DESE listed for FY2009, and those it lists now (FY2025, the newest list the app ships). */
const listed2009 = chart.filter((r) => r.name_fy2009 !== '').map((r) => r.code);
const listed2025 = chart.filter((r) => r.name_fy2025 !== '').map((r) => r.code);
const byNumber = (codes: Iterable<string>) => [...new Set(codes)].sort((a, b) => Number(a) - Number(b));

beforeAll(async () => {
  w = await buildWorld(t.db.knex);
  const db = t.db.knex;
  const line = (fiscalYear: number, amount: string, code: string) => ({
    budgetYearId: w.budgetYearId,
    scenarioId: w.proposedScenarioId,
    fiscalYear,
    amount,
    columns: { dese_code: code },
  });
  await insertProposed(db, [
    line(2026, '1000.00', '2305'),
    // 2310 Teachers, Specialists: DESE's FY2009 list only.
    line(2026, '2500.25', '2310'),
    line(2009, '300.00', '2305'),
    // 2352 Instructional Coaches: not in DESE's FY2009 list.
    line(2009, '400.10', '2352'),
  ]);
  // 2357 (FY2009 list only) carried by an employee line alone.
  await insertEmployees(db, [
    {
      budgetYearId: w.budgetYearId,
      scenarioId: w.operatingScenarioId,
      fiscalYear: 2026,
      salary: '50000.00',
      columns: { dese_code: '2357' },
    },
  ]);
});

async function report(fiscalYear: number) {
  const res = await t.api('get', `/dese-report?budgetYearId=${w.budgetYearId}&fiscalYear=FY${fiscalYear}`, {
    token: finance.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = res.body.series.flatMap((s: { rows: unknown[] }) => s.rows) as {
    code: string;
    detail: boolean;
    current: boolean;
    total: number;
    lineCount: number;
    employeeCount: number;
  }[];
  return { body: res.body, rows, codes: rows.filter((r) => r.detail).map((r) => r.code) };
}

describe('GET /dese-report: the codes of the year', () => {
  it('FY2026 lists the codes DESE lists now, and a retired code only where lines carry it, marked', async () => {
    const { body, rows, codes } = await report(2026);
    expect(codes).toEqual(byNumber([...listed2025, '2310', '2357']));
    // The 2009-era codes no line carries are not rows of zero.
    for (const retired of ['2220', '2315', '2353', '2355']) {
      expect(codes, retired).not.toContain(retired);
    }
    const notCurrent = rows.filter((r) => r.current === false).map((r) => r.code);
    expect(notCurrent).toEqual(['2310', '2357']);
    expect(rows.find((r) => r.code === '2310')).toMatchObject({ total: 2500.25, lineCount: 1 });
    expect(rows.find((r) => r.code === '2357')).toMatchObject({ employeeCount: 1, lineCount: 0 });
    expect(rows.find((r) => r.code === '2305')).toMatchObject({ current: true, total: 1000 });
    // The retired code's dollars stay in the budget and its series.
    expect(body.series.find((s: { code: string }) => s.code === '2000').total).toBe(3500.25);
    expect(body.totals.total).toBe(3500.25);
    expect(body.unmapped.lineCount).toBe(0);
    expect(body.notes.join(' ')).toContain('not a current DESE code');
  });

  it("FY2009 lists DESE's FY2009 codes, and marks a newer code its lines carry", async () => {
    const { rows, codes } = await report(2009);
    expect(codes).toEqual(byNumber([...listed2009, '2352']));
    expect(rows.filter((r) => r.current === false).map((r) => r.code)).toEqual(['2352']);
    expect(rows.find((r) => r.code === '2310')).toMatchObject({ current: true, lineCount: 0 });
  });
});
