import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { allowLargeWalk } from '@server/queries/rif-calculations';
import { listTownGoals } from '@server/queries/town-goals';
import { fromCents, MAX_MONEY_CENTS, MAX_MONEY_TEXT } from '@server/schemas/common';
import {
  DEFAULT_BASELINE_BUDGET,
  type MultiYearInput,
  type MultiYearProjection,
  type TownFundingSource,
} from '@server/schemas/cola-calc';
import { fiscalYearLabel as label } from '@server/schemas/fiscal-year';
import { cents, colaSourceOf, resolveScope, sumCents, walkScope } from './cola-calc';

/**
 * GET /cola/multi-year-projection: the salary walk from the base year through endYear, and for each
 * year from startYear on: baseline (the first year's is baselineBudget, each later one the year
 * before's district need), the COLA impact (settled + negotiating + scenario) and steps and lanes
 * moving into the year, districtNeed = baseline + both, and the gap to the town's funding.
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
    return projectYears(trx, input);
  });
}

async function projectYears(db: Db, input: MultiYearInput): Promise<MultiYearProjection> {
  const scope = await resolveScope(db, input, input.startYear, 'startYear');
  const walk = await walkScope(db, scope, input.endYear, 'startYear');
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

  let baseline = cents(input.baselineBudget ?? DEFAULT_BASELINE_BUDGET);
  const projections: MultiYearProjection['projections'] = [];
  for (let fy = input.startYear; fy <= input.endYear; fy += 1) {
    const rows = walk.yearRows(fy);
    const cola = sumCents(
      rows.filter((r) => colaSourceOf(r) !== 'NONE'),
      (r) => r.colaAmount,
    );
    const steps = sumCents(rows, (r) => r.stepsLanesAmount);
    const need = baseline + cola + steps;
    if (need > MAX_MONEY_CENTS) {
      throw badRequest(`The district need of ${label(fy)} would exceed $${MAX_MONEY_TEXT}`, [
        { path: 'baselineBudget', message: `The need of ${label(fy)} would exceed $${MAX_MONEY_TEXT}` },
      ]);
    }
    const funding = fundingFor(fy);
    const gap = funding.amount === null ? null : need - funding.amount;
    projections.push({
      fiscalYear: fy,
      baseline: fromCents(baseline),
      payroll: fromCents(sumCents(rows, (r) => r.payroll)),
      colaImpact: fromCents(cola),
      stepsLanes: fromCents(steps),
      districtNeed: fromCents(need),
      townFunding: funding.amount === null ? null : fromCents(funding.amount),
      townFundingAssumed: funding.source === 'carried' || funding.source === 'input',
      townFundingSource: funding.source,
      gap: gap === null ? null : fromCents(gap),
      rifRequired: gap !== null && gap > 0n,
    });
    baseline = need;
  }
  return { baseYear: scope.baseYear, scenarioId: scope.scenarioId, employees: walk.employees, projections };
}
