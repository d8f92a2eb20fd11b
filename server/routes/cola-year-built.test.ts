import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { insertProposed } from '../../test/factories';
import { buildColaWorld, c, type ColaWorld } from '../../test/worlds/cola-calc.world';

/**
 * The RIF calculator for the year being built once ignored that year's own proposed
 * budget (FY2027: 'No RIF required' while Town Guidance said 'Over guidance'), and Multi-Year kept
 * the old start year's baseline. Each tool now takes the year chosen: a year with its own proposed
 * lines needs that budget and has Town Guidance's gap; a later start year's baseline is the budget of
 * the year before it. Expected figures are the lines and goals written here, summed in BigInt cents.
 */

const { t, finance } = useApp(['FINANCE']);
let w: ColaWorld;
const FY26 = ['47177400.00', '1250.55'];
const FY27 = ['30000000.10', '18939944.33', '0.01'];
const GOAL_27 = '47362401.44';
const GOAL_28 = '52000000.00';
const sum = (list: string[]) => list.reduce((n, a) => n + BigInt(a.replace('.', '')), 0n);

beforeAll(async () => {
  const db = t.db.knex;
  w = await buildColaWorld(db);
  const lines = (fiscalYear: number, amounts: string[]) =>
    amounts.map((amount) => ({ budgetYearId: w.budgetYearId, fiscalYear, amount }));
  await insertProposed(db, [...lines(2026, FY26), ...lines(2027, FY27)]);
  await db('town_goals').del();
  await db('town_goals').insert([
    { fiscal_year: 2027, goal_type: 'DOLLAR', dollar_goal: GOAL_27 },
    { fiscal_year: 2028, goal_type: 'DOLLAR', dollar_goal: GOAL_28 },
  ]);
});

const get = (path: string) => t.api('get', path, { token: finance.token });
const post = (path: string, body: unknown) => t.api('post', path, { token: finance.token, body });

describe('the year being built, in every planning tool', () => {
  it('the RIF gap of FY2027 is its own proposed budget against its goal, as Town Guidance says', async () => {
    const need = sum(FY27);
    const gap = need - sum([GOAL_27]);
    expect(gap).toBeGreaterThan(0n);
    const guidance = await get(`/town-goals/analysis/gap?fiscalYear=2027&budgetYearId=${w.budgetYearId}`);
    expect(guidance.status).toBe(200);
    expect([c(guidance.body.districtNeed), c(guidance.body.gap), guidance.body.status]).toEqual([
      need,
      gap,
      'OVER',
    ]);
    const rif = await post('/cola/calculate-rif-gap', {
      fiscalYear: 2027,
      budgetYearId: w.budgetYearId,
      scenarioId: w.scenarioId,
    });
    expect(rif.status, JSON.stringify(rif.body).slice(0, 300)).toBe(200);
    const r = rif.body.calculation;
    expect([c(r.districtNeed), c(r.townFundingAmount), c(r.gap), r.rifRequired]).toEqual([
      need,
      sum([GOAL_27]),
      gap,
      true,
    ]);
    expect(r.needSource).toBe('FY27 proposed budget, general fund, 3 lines, as Town Guidance totals it');
    expect(rif.body.filledIn[0]).toEqual({ field: 'baselineBudget', source: r.needSource });
    // A baseline typed by the user still grows by the walk, as before.
    const typed = await post('/cola/calculate-rif-gap', {
      fiscalYear: 2027,
      budgetYearId: w.budgetYearId,
      scenarioId: w.scenarioId,
      baselineBudget: 1000,
    });
    expect(typed.status).toBe(200);
    expect(typed.body.calculation.needSource).toBeNull();
    expect(c(typed.body.calculation.districtNeed)).toBeGreaterThan(100_000n);
  });

  it('Multi-Year from FY2027 needs that budget and has the same gap; from FY2028 its baseline is FY2027’s budget', async () => {
    const q = `budgetYearId=${w.budgetYearId}&scenarioId=${w.scenarioId}`;
    const from27 = await get(`/cola/multi-year-projection?${q}&startYear=2027&endYear=2028`);
    expect(from27.status, JSON.stringify(from27.body).slice(0, 300)).toBe(200);
    const first = from27.body.projections[0];
    expect([c(first.districtNeed), c(first.gap), first.needSource]).toEqual([
      sum(FY27),
      sum(FY27) - sum([GOAL_27]),
      'FY27 proposed budget, general fund, 3 lines, as Town Guidance totals it',
    ]);
    // FY2028 has no lines of its own: it grows FY2027's need by the walk.
    expect(c(from27.body.projections[1].baseline)).toBe(sum(FY27));

    const defaults = await get(`/cola/planning-defaults?budgetYearId=${w.budgetYearId}&fiscalYear=2028`);
    expect(defaults.status).toBe(200);
    expect([c(defaults.body.baseline.amount), defaults.body.baseline.source]).toEqual([
      sum(FY27),
      'FY27 proposed budget, general fund, 3 lines',
    ]);
    const from28 = await get(`/cola/multi-year-projection?${q}&startYear=2028&endYear=2029`);
    expect(from28.status).toBe(200);
    expect([c(from28.body.projections[0].baseline), from28.body.baselineSource]).toEqual([
      sum(FY27),
      'FY27 proposed budget, general fund, 3 lines',
    ]);
    expect(from28.body.projections[0].needSource).toBeNull();
  });
});
