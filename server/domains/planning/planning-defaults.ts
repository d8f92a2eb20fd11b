import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { newestBudgetYearWithEmployees } from '@server/domains/line-items';
import { findTownGoalByYear } from '@server/domains/budgets';
import type { Base } from '@shared/schemas/ledger-base';
import {
  PLANNING_SPAN_YEARS,
  type PlanningDefaults,
  type PlanningDefaultsInput,
} from '@shared/schemas/planning-defaults';
import { actualSpending, noLedgerMessage } from '@server/domains/ledger';
import { findCurrentImportInfo } from '@server/domains/imports';
import { stageStateOf } from '@server/domains/stages';
import { budgetSummary } from '@server/domains/budgets';
import { gapAnalysis } from '@server/domains/budgets';
import { requireBudgetYear } from '@server/domains/budgets';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';
import { longDate } from '@shared/day-words';
import { fiscalYearLabel } from '@shared/budget-math';

/**
 * What every planning tool opens with (GET /cola/planning-defaults, the COLA screen's RIF and
 * Multi-Year tabs, `budget-cli rif`): the baseline is the budget of the year before the planned
 * one (the general fund's, which the town's funding pays: GOAL_FUNDS), the funding the planned
 * year's town goal. Both figures are the dashboard's own
 * (budgetSummary: the proposed lines that count, summed in SQL, and the year's dollar goal), so the
 * planning tools, the dashboard and Budget Comparison show the same budget for a year. A year
 * without a goal says so and has no funding figure: the tools ask for one rather than invent it.
 * With basis 'actual' the baseline is the year before's actual spending instead (actualSpending:
 * the ledger's projected year-end, as Budget vs Actual shows it); a year without a ledger says so
 * and has no baseline figure.
 */
export async function planningDefaults(
  app: AppContext,
  actor: Actor,
  input: Omit<PlanningDefaultsInput, 'basis'> & { basis?: Base },
): Promise<PlanningDefaults> {
  authorize(actor, 'cola.read');
  const budgetYearId = input.budgetYearId ?? (await newestBudgetYearWithEmployees(app.db));
  if (budgetYearId === null) {
    throw badRequest('No budget year has employee lines yet: import a payroll first', [
      { path: 'budgetYearId', message: 'No budget year has employees' },
    ]);
  }
  const year = await requireBudgetYear(app.db, budgetYearId, 'budgetYearId');
  const fiscalYear = input.fiscalYear ?? year.current_fiscal_year + 1;
  // The general fund's budgets: the town's funding pays that fund alone (GOAL_FUNDS).
  const before = await budgetSummary(app, actor, {
    budgetYearId,
    fiscalYear: fiscalYear - 1,
    funds: GOAL_FUNDS,
  });
  const planned = await budgetSummary(app, actor, { budgetYearId, fiscalYear, funds: GOAL_FUNDS });
  const goal = planned.hasTownGoal ? await findTownGoalByYear(app.db, fiscalYear) : undefined;
  // The day the goal was last saved, as every screen, the RIF hints and the CLI write a day.
  const setOn = goal ? longDate(new Date(goal.updated_at).toISOString()) : null;
  const lines = before.proposedCount;
  const basis = input.basis ?? 'budget';
  const spent = basis === 'actual' ? await actualSpending(app.db, budgetYearId, fiscalYear - 1) : null;
  const own = await plannedYearBudget(app, actor, budgetYearId, fiscalYear, planned.proposedCount);
  // A closed year is history: where its actuals are imported, they are the base to grow from.
  const closedBefore = (await stageStateOf(app.db, budgetYearId, fiscalYear - 1)).closed;
  const suggestedBasis: Base =
    closedBefore && (await findCurrentImportInfo(app.db, fiscalYear - 1)) ? 'actual' : 'budget';
  const budgetBaseline = {
    amount: lines > 0 ? before.proposedBudget : null,
    source:
      lines > 0
        ? `${fiscalYearLabel(fiscalYear - 1)} proposed budget, general fund, ${lines} line${lines === 1 ? '' : 's'}`
        : `${fiscalYearLabel(fiscalYear - 1)} has no general-fund proposed lines in budget year ${year.fiscal_year}: enter a baseline`,
  };
  return {
    budgetYearId,
    budgetYear: year.fiscal_year,
    fiscalYear,
    endYear: fiscalYear + PLANNING_SPAN_YEARS - 1,
    baseline: {
      fiscalYear: fiscalYear - 1,
      basis,
      lines,
      suggestedBasis,
      ...(basis === 'budget'
        ? budgetBaseline
        : spent
          ? { amount: spent.total, source: spent.source }
          : { amount: null, source: noLedgerMessage(fiscalYear - 1) }),
    },
    townFunding: {
      fiscalYear,
      amount: planned.hasTownGoal ? planned.townGoal : null,
      hasGoal: planned.hasTownGoal,
      source: planned.hasTownGoal
        ? `${fiscalYearLabel(fiscalYear)} town goal, set ${setOn}`
        : `${fiscalYearLabel(fiscalYear)} has no town goal: enter the town funding, or set the goal on Town Goals`,
    },
    ownBudget: own && { amount: own.districtNeed, lines: own.lines, source: own.source },
  };
}

/**
 * The year being built: when the budget year has proposed lines for `fiscalYear`, that budget is
 * the year's district need, and its gap is Town Guidance's own (gapAnalysis), so the RIF gap and
 * Town Guidance agree for the same year; null when the year has no lines (the tools then grow the
 * year before's budget by the salary walk). `lines` is the caller's count when it has one.
 */
export async function plannedYearBudget(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
  fiscalYear: number,
  lines?: number,
) {
  const count =
    lines ?? (await budgetSummary(app, actor, { budgetYearId, fiscalYear, funds: GOAL_FUNDS })).proposedCount;
  if (count === 0) {
    return null;
  }
  const analysis = await gapAnalysis(app, actor, { fiscalYear, budgetYearId });
  return {
    ...analysis,
    lines: count,
    source: `${fiscalYearLabel(fiscalYear)} proposed budget, general fund, ${count} line${count === 1 ? '' : 's'}, as Town Guidance totals it`,
  };
}

/** Which request field carries each figure, so a refusal names the field the caller left out. */
export interface PlanningAmountFields {
  baseline: string;
  funding: string;
  /** The field choosing the baseline's basis: a refusal for want of a ledger names it. */
  basis?: string;
}

/**
 * The baseline and town funding a calculation uses: what the caller gave, else the district's own
 * figure (planningDefaults), with the words saying where each came from. A figure the caller left
 * out that the data does not have (no proposed lines the year before; no goal, when `funding` is
 * required) is a 400 naming its field: no tool invents a budget. `app.db` may be a transaction.
 */
export async function planningAmounts(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear: number; baseline?: number; funding?: number; basis?: Base },
  fields: PlanningAmountFields & { fundingRequired: boolean },
): Promise<{ baseline: number; funding: number | null; sources: { field: string; source: string }[] }> {
  const sources: { field: string; source: string }[] = [];
  const needFunding = fields.fundingRequired && input.funding === undefined;
  if (input.baseline !== undefined && !needFunding) {
    return { baseline: input.baseline, funding: input.funding ?? null, sources };
  }
  const d = await planningDefaults(app, actor, {
    budgetYearId: input.budgetYearId,
    fiscalYear: input.fiscalYear,
    basis: input.basis,
  });
  /** The caller's figure, else the district's (noting its source), else a 400 naming the field. */
  const pick = (
    given: number | undefined,
    figure: { amount: number | null; source: string },
    field: string,
    refusalField = field,
  ) => {
    if (given !== undefined) {
      return given;
    }
    if (figure.amount === null) {
      throw badRequest(figure.source, [{ path: refusalField, message: figure.source }]);
    }
    sources.push({ field, source: figure.source });
    return figure.amount;
  };
  // Asked for actual spending in a year with no ledger: the choice of basis is what to change.
  const baselineRefusal = d.baseline.basis === 'actual' ? (fields.basis ?? fields.baseline) : fields.baseline;
  const baseline = pick(input.baseline, d.baseline, fields.baseline, baselineRefusal);
  const funding = needFunding ? pick(undefined, d.townFunding, fields.funding) : (input.funding ?? null);
  return { baseline, funding, sources };
}
