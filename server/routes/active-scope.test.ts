import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

/**
 * Every read that totals or lists lines agrees with one rule (server/sql/line-items-scope.ts),
 * here restated on the rows themselves: a line counts when it is in no budget, in an active budget,
 * or its budget year has no active budget of its kind. Inactive alternative budgets hold lines in
 * every year, one fiscal year holds nothing else, and a second budget year has no active proposed
 * budget at all. Money is compared in BigInt cents.
 */

const { t, finance } = useApp(['FINANCE']);
let a: number;
let b: number;
let versionId: number;

interface Row {
  id: number;
  budget_year_id: number;
  scenario_id: number | null;
  fiscal_year: number;
  is_operating: boolean;
  is_projected: boolean;
  version_id: number | null;
  money: string;
}
interface Scenario {
  id: number;
  budget_year_id: number;
  scenario_type: string;
  is_active: boolean;
}

beforeAll(async () => {
  const db = t.db.knex;
  a = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  b = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  const op = await buildScenario(db, a, 'operating');
  const opAlt = await buildScenario(db, a, 'operating', false);
  const pr = await buildScenario(db, a, 'proposed');
  const alt = await buildScenario(db, a, 'proposed', false);
  const bAlt = await buildScenario(db, b, 'proposed', false);
  const cat = await buildCategory(db, { isPersonnel: true, yoy: 2.5 });
  const [v] = await db('budget_versions')
    .insert({ fiscal_year: 2027, label: `FY27 Preliminary ${process.pid}`, budget_year_id: a })
    .returning('id');
  versionId = v.id;
  const e = (budgetYearId: number, fiscalYear: number, scenarioId: number | null, salary: string) => ({
    budgetYearId,
    fiscalYear,
    scenarioId,
    salary,
    categoryId: cat,
  });
  await insertEmployees(db, [
    e(a, 2026, op, '61000.10'),
    e(a, 2026, op, '2147490000.00'),
    e(a, 2026, null, '45000.05'),
    e(a, 2026, opAlt, '99000.99'),
    e(a, 2030, opAlt, '12345.67'),
    e(b, 2026, null, '50000.00'),
  ]);
  const p = (budgetYearId: number, fiscalYear: number, scenarioId: number | null, amount: string) => ({
    budgetYearId,
    fiscalYear,
    scenarioId,
    amount,
    categoryId: cat,
  });
  await insertProposed(db, [
    p(a, 2026, pr, '1000000.10'),
    p(a, 2026, pr, '311865755.60'),
    p(a, 2026, null, '500.01'),
    p(a, 2026, alt, '48000000.00'),
    // FY27 as the demo has it: projected lines filed under the FY27 version, in both budgets.
    { ...p(a, 2027, pr, '24470250.00'), isProjected: true, versionId },
    { ...p(a, 2027, pr, '24470250.50'), isProjected: true, versionId },
    { ...p(a, 2027, alt, '1000000.00'), isProjected: true, versionId },
    p(a, 2030, alt, '777.77'),
    p(b, 2026, bAlt, '333.33'),
    p(b, 2026, bAlt, '666.67'),
  ]);
});

async function linesThatCount(): Promise<Row[]> {
  const db = t.db.knex;
  const scenarios: Scenario[] = await db('scenarios').select(
    'id',
    'budget_year_id',
    'scenario_type',
    'is_active',
  );
  const rows: Row[] = await db('line_items_all').select(
    'id',
    'budget_year_id',
    'scenario_id',
    'fiscal_year',
    'is_operating',
    'is_projected',
    'version_id',
    db.raw('coalesce(amount, current_salary, 0)::text AS money'),
  );
  const active = (s: Scenario) => s.is_active;
  const kindOf = (s: Scenario) => s.scenario_type === 'operating';
  return rows.filter(
    (r) =>
      r.scenario_id === null ||
      scenarios.some((s) => s.id === r.scenario_id && active(s)) ||
      !scenarios.some(
        (s) => active(s) && s.budget_year_id === r.budget_year_id && kindOf(s) === r.is_operating,
      ),
  );
}

const cents = (money: string | number) => {
  const [whole, frac = ''] = String(money).split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
};
const sum = (rows: Row[]) => rows.reduce((n, r) => n + cents(r.money), 0n);
const get = async (path: string) => {
  const res = await t.api('get', path, { token: finance.token });
  expect(res.status, path).toBe(200);
  return res.body;
};

describe('one active-budget rule for every read', () => {
  it('the dashboard, grids, fiscal-year lists, gap, comparison and diagnostics count the same lines', async () => {
    const counted = await linesThatCount();
    const of = (budgetYearId: number, fiscalYear: number, isOperating: boolean) =>
      counted.filter(
        (r) =>
          r.budget_year_id === budgetYearId && r.fiscal_year === fiscalYear && r.is_operating === isOperating,
      );
    for (const [by, fy] of [
      [a, 2026],
      [a, 2027],
      [b, 2026],
    ]) {
      const scope = `budgetYearId=${by}&fiscalYear=${fy}`;
      const proposed = of(by, fy, false);
      const employees = of(by, fy, true);
      const summary = await get(`/line-items/budget/summary?${scope}`);
      expect([cents(summary.proposedBudget), summary.proposedCount]).toEqual([
        sum(proposed),
        proposed.length,
      ]);
      expect(cents((await get(`/line-items/summary/by-category?${scope}`)).total)).toBe(sum(proposed));
      expect(cents((await get(`/line-items/summary/by-building?${scope}`)).total)).toBe(sum(proposed));
      const stats = await get(`/line-items/budget/stats?${scope}`);
      expect([stats.totalEmployees, cents(stats.totalSalary)]).toEqual([employees.length, sum(employees)]);
      const headcount = await get(`/line-items/headcount-by-location?${scope}`);
      expect([headcount.totalEmployees, cents(headcount.totalSalary)]).toEqual([
        employees.length,
        sum(employees),
      ]);
      const gap = await get(`/town-goals/analysis/gap?${scope}`);
      expect(cents(gap.districtNeed)).toBe(sum(proposed));
      const grid = await get(`/line-items/budget/totals?${scope}&isOperating=false`);
      expect([grid.count, cents(grid.totalAmount)]).toEqual([proposed.length, sum(proposed)]);
      const payroll = await get(`/line-items/budget/totals?${scope}&isOperating=true`);
      expect([payroll.count, cents(payroll.totalCurrentSalary)]).toEqual([employees.length, sum(employees)]);
      const list = await get(`/line-items/budget?${scope}&isOperating=false`);
      expect(list.lineItems.map((l: { id: number }) => l.id).sort()).toEqual(
        proposed.map((r) => r.id).sort(),
      );
      const comparison = await get(`/budget-comparison?budgetYearId=${by}`);
      const total = comparison.totals.find((c: { fiscalYear: number }) => c.fiscalYear === fy);
      expect([cents(total.operating), cents(total.proposed)]).toEqual([sum(employees), sum(proposed)]);
      const status = await get(`/projections/status?budgetYearId=${by}`);
      const year = status.years.find((y: { fiscalYear: number }) => y.fiscalYear === fy);
      expect([year.operatingCount, year.proposedCount]).toEqual([employees.length, proposed.length]);
    }
    // FY30 holds only inactive alternatives' lines: no list offers it.
    expect((await get(`/line-items/fiscal-years?budgetYearId=${a}`)).fiscalYears).toEqual([2026, 2027]);
    const all = await get('/line-items/all-fiscal-years');
    const years = [...new Set(counted.map((r) => r.fiscal_year))].sort();
    expect(all.fiscalYears).toEqual(
      years.map((fy) => {
        const rows = counted.filter((r) => r.fiscal_year === fy);
        return { fiscalYear: fy, itemCount: rows.length, isProjected: rows.every((r) => r.is_projected) };
      }),
    );
  });

  it('a version’s district need survives Generate Projections (its regenerated lines carry no version)', async () => {
    const path = `/town-goals/analysis/gap?fiscalYear=2027&versionId=${versionId}`;
    const versioned = (rows: Row[]) =>
      rows.filter(
        (r) =>
          r.budget_year_id === a &&
          r.fiscal_year === 2027 &&
          !r.is_operating &&
          (r.version_id === versionId || r.version_id === null),
      );
    const before = await get(path);
    expect(cents(before.districtNeed)).toBe(sum(versioned(await linesThatCount())));
    expect(before.districtNeed).toBe(48_940_500.5);
    const regenerated = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { budgetYearId: a, toFiscalYear: 2027, projectionType: 'proposed', forceRegenerate: true },
    });
    expect(regenerated.status).toBe(200);
    const after = await get(path);
    const counted = versioned(await linesThatCount());
    expect(cents(after.districtNeed)).toBe(sum(counted));
    expect(after.districtNeed).toBeGreaterThan(0);
    expect(after.districtNeed).toBe(
      (await get(`/line-items/budget/summary?budgetYearId=${a}&fiscalYear=2027`)).proposedBudget,
    );
  });
});
