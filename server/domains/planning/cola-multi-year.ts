import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { districtNeedAndGap } from '@shared/budget-math';
import { authorize, type Actor } from '@server/policies/index';
import { allowLargeWalk } from './queries/rif-calculations';
import { listTownGoals } from '@server/domains/budgets';
import { fromCents, MAX_MONEY_CENTS, MAX_MONEY_TEXT } from '@shared/schemas/common';
import {
  type MultiYearInput,
  type MultiYearProjection,
  type TownFundingSource,
} from '@shared/schemas/cola-calc';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import { colaYearSourcesOf } from './cola-assumptions';
import { planningAmounts, plannedYearBudget } from './planning-defaults';
import { cents, colaSourceOf, resolveScope, sumCents, walkScope } from './cola-calc';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';

/**
 * GET /cola/multi-year-projection: the salary walk of each year from startYear to endYear from its
 * base year (the latest actual year before it: the RIF gap of any of these years walks from the
 * same one), and for each year: baseline (the first year's is baselineBudget, else the year
 * before's budget or, with baselineBasis 'actual', its actual spending; each later one the
 * year before's district need), the COLA impact (settled + negotiating + scenario), steps and lanes,
 * new hires and typed next-year salaries moving into the year, districtNeed = baseline + those, and
 * the gap to the town's funding.
 *
 * Town funding of a year: its town goal ('goal'); else the latest earlier goal, carried forward and
 * marked assumed ('carried'); else the townFunding given ('input', assumed); else none ('none': no
 * gap, no RIF).
 */
export async function multiYearProjection(
  app: AppContext,
  actor: Actor,
  input: MultiYearInput,
): Promise<MultiYearProjection> {
  authorize(actor, 'cola.read');
  // One snapshot for the walk and the town goals, and room for the walk (see allowLargeWalk).
  return app.db.transaction(async (trx) => {
    await allowLargeWalk(trx);
    return projectYears({ ...app, db: trx }, actor, input);
  });
}

async function projectYears(
  app: AppContext,
  actor: Actor,
  input: MultiYearInput,
): Promise<MultiYearProjection> {
  const db = app.db;
  const scope = await resolveScope(db, input, input.startYear, 'startYear');
  // The town's funding pays the general fund's people: a grant pays its own (GOAL_FUNDS).
  const walk = await walkScope(db, scope, input.startYear, input.endYear, 'startYear', { funds: GOAL_FUNDS });
  // A year the budget year has its own proposed budget for (the year being built) needs that budget,
  // as Town Guidance totals it; the first year only when no baseline or other base was asked for.
  const ownBudgets = new Map<number, Awaited<ReturnType<typeof plannedYearBudget>>>();
  for (let fy = input.startYear; fy <= input.endYear; fy += 1) {
    const byBudget = input.baselineBudget === undefined && input.baselineBasis !== 'actual';
    if (fy > input.startYear || byBudget) {
      ownBudgets.set(fy, await plannedYearBudget(app, actor, scope.budgetYearId, fy));
    }
  }
  const ownFirst = ownBudgets.get(input.startYear) ?? null;
  // Funding comes year by year from the town goals below, so only the baseline is looked up here.
  const amounts = await planningAmounts(
    app,
    actor,
    {
      budgetYearId: scope.budgetYearId,
      fiscalYear: input.startYear,
      baseline: ownFirst ? ownFirst.districtNeed : input.baselineBudget,
      basis: input.baselineBasis,
    },
    { baseline: 'baselineBudget', funding: 'townFunding', basis: 'baselineBasis', fundingRequired: false },
  );
  if (ownFirst) {
    amounts.sources.unshift({ field: 'baselineBudget', source: ownFirst.source });
  }
  const filled = amounts.sources.find((s) => s.field === 'baselineBudget');
  const goals = (await listTownGoals(db))
    .filter((g) => g.dollar_goal !== null)
    .map((g) => ({ fiscalYear: g.fiscal_year, dollars: cents(g.dollar_goal!) }));
  const given = input.townFunding === undefined ? null : cents(input.townFunding);

  const fundingFor = (fy: number): { amount: bigint | null; source: TownFundingSource } => {
    const own = goals.find((g) => g.fiscalYear === fy);
    if (own) {
      return { amount: own.dollars, source: 'goal' };
    }
    // listTownGoals is oldest first: the last earlier one is the latest known.
    const earlier = goals.filter((g) => g.fiscalYear < fy).pop();
    if (earlier) {
      return { amount: earlier.dollars, source: 'carried' };
    }
    return given === null ? { amount: null, source: 'none' } : { amount: given, source: 'input' };
  };

  let baseline = cents(amounts.baseline);
  const projections: MultiYearProjection['projections'] = [];
  for (let fy = input.startYear; fy <= input.endYear; fy += 1) {
    const rows = walk.yearRows(fy);
    const cola = sumCents(
      rows.filter((r) => colaSourceOf(r) !== 'NONE'),
      (r) => r.colaAmount,
    );
    const steps = sumCents(rows, (r) => r.stepsLanesAmount);
    const newHires = sumCents(rows, (r) => r.newHiresAmount);
    const adjustments = sumCents(rows, (r) => r.adjustmentsAmount);
    const own = ownBudgets.get(fy) ?? null;
    const funding = fundingFor(fy);
    // With the year's own goal, the gap is Town Guidance's own figure.
    const sums = districtNeedAndGap(
      { baseline, cola, stepsLanes: steps, newHires, adjustments },
      funding.amount === null ? null : { cents: funding.amount, fromGoal: funding.source === 'goal' },
      own && { needCents: cents(own.districtNeed), gapCents: own.gap === null ? null : cents(own.gap) },
    );
    const need = sums.needCents;
    const gap = sums.gapCents;
    if (need > MAX_MONEY_CENTS) {
      throw badRequest(`The district need of ${label(fy)} would exceed $${MAX_MONEY_TEXT}`, [
        { path: 'baselineBudget', message: `The need of ${label(fy)} would exceed $${MAX_MONEY_TEXT}` },
      ]);
    }
    projections.push({
      fiscalYear: fy,
      ...walk.baseOf(fy),
      baseline: fromCents(baseline),
      payroll: fromCents(sumCents(rows, (r) => r.payroll)),
      colaImpact: fromCents(cola),
      stepsLanes: fromCents(steps),
      newHires: fromCents(newHires),
      adjustments: fromCents(adjustments),
      districtNeed: fromCents(need),
      needSource: own ? own.source : null,
      townFunding: funding.amount === null ? null : fromCents(funding.amount),
      townFundingAssumed: funding.source === 'carried' || funding.source === 'input',
      townFundingSource: funding.source,
      gap: gap === null ? null : fromCents(gap),
      rifRequired: sums.rifRequired,
      ...colaYearSourcesOf(fy, rows),
    });
    baseline = need;
  }
  return {
    filledIn: amounts.sources,
    baselineBasis: ownFirst ? 'budget' : filled ? input.baselineBasis : 'given',
    baselineSource: filled ? filled.source : `The baseline budget given for ${label(input.startYear - 1)}`,
    baseYear: scope.baseYear,
    scenarioId: scope.scenarioId,
    employees: walk.employees,
    employeesWithoutSalary: walk.employeesWithoutSalary,
    projections,
  };
}
