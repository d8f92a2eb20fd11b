import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import { useApp } from '../../test/use-app';
import { insertProposed } from '../../test/factories';
import { buildColaWorld, c, model, type ColaWorld } from '../../test/worlds/cola-calc.world';

/**
 * The town's goal is its appropriation, which pays the general fund alone. Every gap against it
 * sums the general fund's lines: Town Guidance's gap, the dashboard's (whichever funds its other
 * figures sum), the planning tools' baseline and the year's own budget, and the RIF and multi-year
 * walks over the general fund's people. A year whose grants put all funds over the goal while the
 * general fund is under it was told 'Over guidance' and 'RIF required' before.
 *
 * Expected figures are the lines written here summed in BigInt cents, and the cola world's own
 * model of the salary walk over the people the general fund pays.
 */

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: ColaWorld;
let titleOne: number;
// [amount, on Title I]
const FY26: [string, boolean][] = [
  ['41250000.35', false],
  ['1999999.99', true],
];
const FY27: [string, boolean][] = [
  ['30000000.10', false],
  ['15000000.05', false],
  ['2400000.00', true],
];
const GOAL_27 = '46000000.00';
const GOAL_28 = '48000000.00';
const cents = (text: string) => BigInt(text.replace('.', ''));
const sum = (lines: [string, boolean][], generalOnly: boolean) =>
  lines.filter(([, grant]) => !generalOnly || !grant).reduce((n, [a]) => n + cents(a), 0n);
// The people Title I pays from FY2026 (a custodian and a secretary, by salary).
const GRANT_PAID = ['41111.11', '38765.43'];

beforeAll(async () => {
  const db = t.db.knex;
  w = await buildColaWorld(db);
  const made = await t.api('post', '/funds', {
    token: admin.token,
    body: { name: 'Title I, Part A', code: `T1G${process.pid}`, kind: 'federal_grant', awardAmount: 5000000 },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  titleOne = made.body.fund.id;
  const lines = (fiscalYear: number, list: [string, boolean][]) =>
    list.map(([amount, grant]) => ({
      budgetYearId: w.budgetYearId,
      fiscalYear,
      amount,
      columns: { fund_id: grant ? titleOne : null },
    }));
  await insertProposed(db, [...lines(2026, FY26), ...lines(2027, FY27)]);
  const moved = await db('line_items')
    .where({ budget_year_id: w.budgetYearId, fiscal_year: 2026, is_operating: true })
    .whereIn('current_salary', GRANT_PAID)
    .update({ fund_id: titleOne });
  expect(moved).toBe(GRANT_PAID.length);
  await db('town_goals').del();
  await db('town_goals').insert([
    { fiscal_year: 2027, goal_type: 'DOLLAR', dollar_goal: GOAL_27 },
    { fiscal_year: 2028, goal_type: 'DOLLAR', dollar_goal: GOAL_28 },
  ]);
});

const get = (path: string) => t.api('get', path, { token: finance.token });
const post = (path: string, body: unknown) => t.api('post', path, { token: finance.token, body });
/** The world's people less those Title I pays: whom the town's funding pays. */
const generalPeople = () => ({
  ...w,
  people: w.people.filter((p) => !GRANT_PAID.map(cents).includes(p.cents)),
});

describe('a gap against the town goal counts the general fund alone', () => {
  it('all funds are over the goal, the general fund under it: the world this test needs', () => {
    expect(sum(FY27, false)).toBeGreaterThan(cents(GOAL_27));
    expect(sum(FY27, true)).toBeLessThan(cents(GOAL_27));
  });

  it("Town Guidance's gap is the general fund's budget against the goal, and says so", async () => {
    const res = await get(`/town-goals/analysis/gap?fiscalYear=2027&budgetYearId=${w.budgetYearId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const need = sum(FY27, true);
    expect([c(res.body.districtNeed), c(res.body.gap), res.body.status, res.body.funds]).toEqual([
      need,
      need - cents(GOAL_27),
      'UNDER',
      'general',
    ]);
  });

  it("the dashboard's gap is the general fund's whichever funds its budget sums", async () => {
    for (const funds of ['all', 'general'] as const) {
      const res = await get(
        `/line-items/budget/summary?budgetYearId=${w.budgetYearId}&fiscalYear=2027&funds=${funds}`,
      );
      expect(res.status).toBe(200);
      expect([c(res.body.proposedBudget), c(res.body.guidanceBudget), c(res.body.guidanceGap)]).toEqual([
        sum(FY27, funds === 'general'),
        sum(FY27, true),
        cents(GOAL_27) - sum(FY27, true),
      ]);
    }
  });

  it("the planning tools open on the general fund's budgets, saying so", async () => {
    const res = await get(`/cola/planning-defaults?budgetYearId=${w.budgetYearId}&fiscalYear=2027`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([c(res.body.baseline.amount), res.body.baseline.source]).toEqual([
      sum(FY26, true),
      'FY26 proposed budget, general fund, 1 line',
    ]);
    expect([c(res.body.ownBudget.amount), res.body.ownBudget.lines]).toEqual([sum(FY27, true), 2]);
  });

  it("the RIF gap of the year being built is the general fund's: no RIF, as Town Guidance says", async () => {
    const res = await post('/cola/calculate-rif-gap', {
      fiscalYear: 2027,
      budgetYearId: w.budgetYearId,
      scenarioId: w.scenarioId,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const r = res.body.calculation;
    expect([c(r.districtNeed), c(r.gap), r.rifRequired, r.employees]).toEqual([
      sum(FY27, true),
      sum(FY27, true) - cents(GOAL_27),
      false,
      w.people.length - GRANT_PAID.length,
    ]);
  });

  it("the Scenario Builder meets the goal with the general fund's lines: a grant's line cut saves the grant", async () => {
    const ids = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027, is_operating: false })
      .orderBy('id')
      .select('id', 'amount', 'fund_id');
    const grant = ids.find((l) => l.fund_id === titleOne)!;
    const general = ids.find((l) => l.fund_id === null)!;
    const calculate = async (adjustments: Record<string, number>) => {
      const res = await post('/scenarios/calculate', {
        budgetYearId: w.budgetYearId,
        fiscalYear: 2027,
        adjustments,
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const x = res.body.summary;
      return [c(x.adjustedTotal), c(x.goalTotal), c(x.gap), x.meetsGoal];
    };
    const goal = cents(GOAL_27);
    expect(await calculate({})).toEqual([sum(FY27, false), sum(FY27, true), sum(FY27, true) - goal, true]);
    // The whole grant line cut: the total falls by it, the goal's figure does not move.
    expect(await calculate({ [grant.id]: 0 })).toEqual([
      sum(FY27, false) - toCents(grant.amount)!,
      sum(FY27, true),
      sum(FY27, true) - goal,
      true,
    ]);
    // Half of a general-fund line: both fall by it (round(amount x 50 / 100, 2) kept).
    const half = (toCents(general.amount)! * 50n + 50n) / 100n;
    const saved = toCents(general.amount)! - half;
    expect(await calculate({ [general.id]: 50 })).toEqual([
      sum(FY27, false) - saved,
      sum(FY27, true) - saved,
      sum(FY27, true) - saved - goal,
      true,
    ]);
    // The lines say which fund pays them, so the screen's preview can follow.
    const base = await get(`/scenarios/baseline?budgetYearId=${w.budgetYearId}&fiscalYear=2027`);
    const flags = Object.fromEntries(
      base.body.lines.map((l: { id: number; generalFund: boolean }) => [l.id, l.generalFund]),
    );
    expect([flags[grant.id], flags[general.id]]).toEqual([false, true]);
  });

  it('a year with no lines of its own grows the general fund by the raises of the people it pays', async () => {
    // FY2028 has no lines: its need is FY2027's general-fund budget grown by the walk from FY2026.
    const m = model(generalPeople(), 2028).get(2028)!;
    const baseline = 45_000_000.15;
    const res = await get(
      `/cola/multi-year-projection?scenarioId=${w.scenarioId}&budgetYearId=${w.budgetYearId}&startYear=2028&endYear=2028&baselineBudget=${baseline}`,
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const y = res.body.projections[0];
    const cola = m.cola.SETTLED + m.cola.NEGOTIATING + m.cola.SCENARIO + m.cola.NONE;
    expect([y.employees, c(y.payroll), c(y.colaImpact), c(y.stepsLanes), c(y.districtNeed)]).toEqual([
      w.people.length - GRANT_PAID.length,
      m.payroll,
      cola,
      m.steps,
      c(baseline) + cola + m.steps + m.newHires + m.adjustments,
    ]);
  });
});
