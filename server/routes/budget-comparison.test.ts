import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);
let budgetYearId: number;
const cats: Record<string, number> = {};

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2026 });
  const op = await buildScenario(db, budgetYearId, 'operating');
  const pr = await buildScenario(db, budgetYearId, 'proposed');
  for (const name of ['Aligned', 'Minor', 'Highlight', 'Large', 'Supplies', 'NoProposed']) {
    cats[name] = await buildCategory(db, { name: `Cmp ${name}`, isPersonnel: name !== 'Supplies' });
  }
  const e = (category: string, salary: string, fiscalYear = 2026) => ({
    budgetYearId,
    fiscalYear,
    scenarioId: op,
    salary,
    categoryId: cats[category],
  });
  const p = (category: string, amount: string, fiscalYear = 2026) => ({
    budgetYearId,
    fiscalYear,
    scenarioId: pr,
    amount,
    categoryId: cats[category],
  });
  await insertEmployees(db, [
    e('Aligned', '50000.00'),
    e('Aligned', '50000.00'),
    e('Minor', '100000.00'),
    e('Highlight', '100000.00'),
    e('Large', '100000.00'),
    e('NoProposed', '40000.00'),
    e('Aligned', '1.00', 2032), // outside the six years
  ]);
  await insertProposed(db, [
    p('Aligned', '100900.00'), // +0.9%
    p('Minor', '103000.00'), // +3%
    p('Highlight', '93000.00'), // -7%
    p('Large', '111000.00'), // +11%
    p('Supplies', '2500.50'),
    p('Supplies', '2600.00', 2027),
  ]);
});

describe('GET /budget-comparison', () => {
  it('returns 401, 400, 403 for VIEW_ONLY and 404 for a budget year of nothing', async () => {
    expect((await t.api('get', `/budget-comparison?budgetYearId=${budgetYearId}`)).status).toBe(401);
    expect((await t.api('get', '/budget-comparison?budgetYearId=x', { token: finance.token })).status).toBe(
      400,
    );
    expect(
      (await t.api('get', `/budget-comparison?budgetYearId=${budgetYearId}`, { token: viewer.token })).status,
    ).toBe(403);
    expect(
      (await t.api('get', '/budget-comparison?budgetYearId=999999', { token: finance.token })).status,
    ).toBe(404);
  });

  it('compares operating with proposed per category for six years and flags the variances', async () => {
    const res = await t.api('get', `/budget-comparison?budgetYearId=${budgetYearId}`, {
      token: finance.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.baseYear).toBe(2026);
    expect(res.body.fiscalYears).toEqual([2026, 2027, 2028, 2029, 2030, 2031]);
    const fy26 = Object.fromEntries(
      res.body.rows.map((r: any) => [r.category.replace('Cmp ', ''), r.years[0]]),
    );
    expect(fy26.Aligned).toMatchObject({
      operating: 100000,
      proposed: 100900,
      variance: 900,
      variancePercent: 0.9,
      flag: 'ALIGNED',
    });
    expect(fy26.Minor).toMatchObject({ variancePercent: 3, flag: 'MINOR' });
    expect(fy26.Highlight).toMatchObject({ variance: -7000, variancePercent: -7, flag: 'HIGHLIGHT' });
    expect(fy26.Large).toMatchObject({ variancePercent: 11, flag: 'LARGE' });
    expect(fy26.Supplies).toMatchObject({
      operating: 0,
      proposed: 2500.5,
      variancePercent: null,
      flag: 'NO_OPERATING',
    });
    expect(fy26.NoProposed).toMatchObject({ operating: 40000, proposed: 0, flag: 'NO_PROPOSED' });
    const supplies = res.body.rows.find((r: any) => r.categoryId === cats.Supplies);
    expect(supplies.years[1]).toMatchObject({ fiscalYear: 2027, proposed: 2600, flag: 'NO_OPERATING' });
    expect(supplies.years[2]).toMatchObject({ fiscalYear: 2028, proposed: 0, operating: 0, flag: null });
    expect(res.body.totals[0]).toMatchObject({ operating: 440000, proposed: 410400.5, variance: -29599.5 });
    // Salaries against salary lines: every category but Supplies is personnel.
    expect(res.body.personnelTotals[0]).toMatchObject({
      operating: 440000,
      proposed: 407900,
      variance: -32100,
    });
    expect(res.body.personnelTotals[1]).toMatchObject({ operating: 0, proposed: 0, flag: null });
  });
});
