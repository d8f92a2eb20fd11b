import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertEmployees, insertProposed } from '../../test/factories';

/**
 * GET /cola/planning-defaults: the planning tools open on the district's own
 * figures, the budget of the year before the planned one and the planned year's town goal, each
 * saying where it comes from; a year without a goal has no funding figure. Expected amounts are
 * summed here in BigInt cents from the lines the test wrote.
 */

const { t, finance } = useApp(['FINANCE']);

const get = (path: string) => t.api('get', path, { token: finance.token });
const c = (n: number) => BigInt(Math.round(n * 100));
const sum = (amounts: string[]) => amounts.reduce((n, a) => n + BigInt(a.replace('.', '')), 0n);

async function buildDistrict() {
  const db = t.db.knex;
  await db('town_goals').del();
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  const proposed = await buildScenario(db, budgetYearId, 'proposed');
  const alternative = await buildScenario(db, budgetYearId, 'proposed', false);
  const fy26 = ['1234567.89', '0.11', '99999.99'];
  const fy27 = ['2000000.00', '17.35'];
  await insertProposed(db, [
    ...fy26.map((amount) => ({ budgetYearId, scenarioId: proposed, fiscalYear: 2026, amount })),
    // A projected line of the active budget counts, as on the dashboard.
    { budgetYearId, scenarioId: proposed, fiscalYear: 2026, amount: '500.50', isProjected: true },
    // An inactive alternative budget never counts beside the active one.
    { budgetYearId, scenarioId: alternative, fiscalYear: 2026, amount: '777777.77' },
    ...fy27.map((amount) => ({ budgetYearId, scenarioId: proposed, fiscalYear: 2027, amount })),
  ]);
  // Saved on a known day, so the note can be read to the word.
  await db('town_goals').insert({
    fiscal_year: 2027,
    goal_type: 'DOLLAR',
    dollar_goal: '48100000.55',
    updated_at: '2026-11-30T15:00:00Z',
  });
  // One employee with no work group: no raise, so the need is the baseline itself.
  const operating = await buildScenario(db, budgetYearId, 'operating');
  await insertEmployees(db, [{ budgetYearId, scenarioId: operating, fiscalYear: 2026, salary: '50000.00' }]);
  return { budgetYearId, fy26: [...fy26, '500.50'], fy27 };
}

describe('GET /cola/planning-defaults', () => {
  it('opens on the year before’s budget (the dashboard’s figure) and the planned year’s town goal, saying where each comes from', async () => {
    const d = await buildDistrict();
    const res = await get(`/cola/planning-defaults?budgetYearId=${d.budgetYearId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ budgetYearId: d.budgetYearId, fiscalYear: 2027, endYear: 2031 });
    expect([c(body.baseline.amount), body.baseline.lines, body.baseline.fiscalYear]).toEqual([
      sum(d.fy26),
      4,
      2026,
    ]);
    expect(body.baseline.source).toBe('FY26 proposed budget, general fund, 4 lines');
    expect([c(body.townFunding.amount), body.townFunding.hasGoal]).toEqual([4_810_000_055n, true]);
    // The day as every screen, the RIF hints and the CLI write one (longDate), never ISO.
    expect(body.townFunding.source).toBe('FY27 town goal, set Nov 30, 2026');
    // The same figure the dashboard shows for FY2026.
    const dashboard = await get(`/line-items/budget/summary?budgetYearId=${d.budgetYearId}&fiscalYear=2026`);
    expect(c(dashboard.body.proposedBudget)).toBe(c(body.baseline.amount));
  });

  it('says plainly that a year has no town goal, and invents no funding figure', async () => {
    const d = await buildDistrict();
    const res = await get(`/cola/planning-defaults?budgetYearId=${d.budgetYearId}&fiscalYear=FY28`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fiscalYear).toBe(2028);
    expect([c(res.body.baseline.amount), res.body.baseline.source]).toEqual([
      sum(d.fy27),
      'FY27 proposed budget, general fund, 2 lines',
    ]);
    expect(res.body.townFunding).toEqual({
      fiscalYear: 2028,
      amount: null,
      hasGoal: false,
      source: 'FY28 has no town goal: enter the town funding, or set the goal on Town Goals',
    });
    // A year with no budget lines has no baseline either.
    const empty = await get(`/cola/planning-defaults?budgetYearId=${d.budgetYearId}&fiscalYear=2030`);
    expect(empty.body.baseline).toMatchObject({ amount: null, lines: 0 });
    expect(empty.body.baseline.source).toMatch(/^FY29 has no general-fund proposed lines/);
  });

  it('refuses a budget year or fiscal year of nothing, naming the field', async () => {
    for (const [query, path] of [
      ['budgetYearId=99999999', 'budgetYearId'],
      ['budgetYearId=x', 'budgetYearId'],
      ['fiscalYear=abc', 'fiscalYear'],
    ]) {
      const res = await get(`/cola/planning-defaults?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });
});

describe('the calculations start from the same figures when a request leaves them out', () => {
  const saved = async () => Number((await t.db.knex('rif_calculations').count('* as n'))[0].n);
  const rif = (body: Record<string, unknown>) =>
    t.api('post', '/cola/calculate-rif-gap', {
      token: finance.token,
      body: { includeStepsLanes: false, ...body },
    });

  it('RIF gap: the year’s own budget (as Town Guidance) and the year’s goal, saying so; what was given stays as given', async () => {
    const d = await buildDistrict();
    const res = await rif({ budgetYearId: d.budgetYearId, fiscalYear: 2027 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const calc = res.body.calculation;
    const goal = 4_810_000_055n;
    // FY2027 has its own proposed lines: they are its need, not FY2026's budget grown.
    expect([c(calc.baselineBudget), c(calc.townFundingAmount)]).toEqual([sum(d.fy27), goal]);
    expect([c(calc.districtNeed), c(calc.gap)]).toEqual([sum(d.fy27), sum(d.fy27) - goal]);
    expect(res.body.filledIn).toEqual([
      {
        field: 'baselineBudget',
        source: 'FY27 proposed budget, general fund, 2 lines, as Town Guidance totals it',
      },
      { field: 'townFundingAmount', source: 'FY27 town goal, set Nov 30, 2026' },
    ]);
    const given = await rif({
      budgetYearId: d.budgetYearId,
      fiscalYear: 2027,
      baselineBudget: 1000.01,
      townFundingAmount: 5,
    });
    expect([c(given.body.calculation.baselineBudget), c(given.body.calculation.townFundingAmount)]).toEqual([
      100_001n,
      500n,
    ]);
    expect(given.body.filledIn).toEqual([]);
  });

  it('RIF gap: a year with no goal or no budget before it is a 400 naming the field, nothing saved', async () => {
    const d = await buildDistrict();
    const before = await saved();
    const noGoal = await rif({ budgetYearId: d.budgetYearId, fiscalYear: 2028 });
    expect(noGoal.status).toBe(400);
    expect(noGoal.body.details).toEqual([expect.objectContaining({ path: 'townFundingAmount' })]);
    expect(noGoal.body.error).toMatch(/^FY28 has no town goal/);
    const noBudget = await rif({ budgetYearId: d.budgetYearId, fiscalYear: 2030, townFundingAmount: 1 });
    expect(noBudget.status).toBe(400);
    expect(noBudget.body.details).toEqual([expect.objectContaining({ path: 'baselineBudget' })]);
    expect(await saved()).toBe(before);
    // Given the funding, FY2028 runs on FY2027's own budget.
    const funded = await rif({ budgetYearId: d.budgetYearId, fiscalYear: 2028, townFundingAmount: 1 });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    expect(c(funded.body.calculation.baselineBudget)).toBe(sum(d.fy27));
  });

  it('Multi-year: the first year’s baseline is the year before’s budget, not a sample figure', async () => {
    const d = await buildDistrict();
    const res = await get(
      `/cola/multi-year-projection?budgetYearId=${d.budgetYearId}&startYear=2027&endYear=2028`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // FY2027 has its own proposed lines: its need is that budget.
    expect(res.body.filledIn).toEqual([
      {
        field: 'baselineBudget',
        source: 'FY27 proposed budget, general fund, 2 lines, as Town Guidance totals it',
      },
    ]);
    expect(c(res.body.projections[0].districtNeed)).toBe(sum(d.fy27));
    // From FY2028 the baseline is the year before's budget.
    const from28 = await get(
      `/cola/multi-year-projection?budgetYearId=${d.budgetYearId}&startYear=2028&endYear=2029`,
    );
    expect(from28.body.filledIn).toEqual([
      { field: 'baselineBudget', source: 'FY27 proposed budget, general fund, 2 lines' },
    ]);
    expect(c(from28.body.projections[0].baseline)).toBe(sum(d.fy27));
    expect([res.body.projections[0].townFundingSource, c(res.body.projections[0].townFunding)]).toEqual([
      'goal',
      4_810_000_055n,
    ]);
    const noBudget = await get(
      `/cola/multi-year-projection?budgetYearId=${d.budgetYearId}&startYear=2030&endYear=2031`,
    );
    expect(noBudget.status).toBe(400);
    expect(noBudget.body.details).toEqual([expect.objectContaining({ path: 'baselineBudget' })]);
  });
});
