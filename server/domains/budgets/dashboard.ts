import type { AppContext } from '@server/context';
import { guidanceGapCents } from '@shared/budget-math';
import {
  judgesFundChoice,
  seesIndividualPay,
  sumShown,
  tooFewToShow,
  withFundSides,
  withheldRowsOnAnySide,
} from '@server/lib/pay-groups';
import { reconciliation } from '@server/domains/line-items';
import type { Db } from '@server/db/index';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/dashboard';
import * as rq from './queries/dashboard-roster';
import { staffFigures, staffHeadcount, staffSalaryRanges, type Staff } from './staff-figures';
import { findTownGoalByYear } from './queries/town-goals';
import { fromCents, toCents } from '@shared/schemas/common';
import {
  MIN_RANGE_COUNT,
  SALARY_RANGE_WIDTH,
  type BudgetSummary,
  type ByBuilding,
  type ByCategory,
  type EmployeeStats,
  type Headcount,
  type NoSalaryLine,
  type SalaryDistribution,
  type SalaryRange,
} from '@shared/schemas/dashboard';
import { requireBudgetYear } from './fiscal-years';
import { echoFunds } from '@shared/schemas/fund-choice';

/**
 * The Budget Dashboard's aggregates for one budget year and fiscal year. Any signed-in role may
 * read them ('dashboard.read'): they hold totals, never a person's pay (salary ranges with fewer
 * than MIN_RANGE_COUNT people are suppressed, and so is payroll by place over that few for
 * readers other than ADMIN and FINANCE). Each sums every fund's lines or the general fund's alone
 * (scope.funds) and says which in its answer.
 */

async function start(app: AppContext, actor: Actor, scope: q.Scope) {
  authorize(actor, 'dashboard.read');
  await requireBudgetYear(app.db, scope.budgetYearId);
}

/** Proposed budget total and count, split into imported and projected lines. */
export async function budgetSummary(app: AppContext, actor: Actor, scope: q.Scope): Promise<BudgetSummary> {
  await start(app, actor, scope);
  const rows = await q.proposedTotals(app.db, scope);
  const pick = (isProjected: boolean) => {
    const row = rows.find((r) => r.isProjected === isProjected);
    return { count: row?.count ?? 0, total: row?.total ?? 0 };
  };
  const proposed = { imported: pick(false), projected: pick(true) };
  // Two numeric(14,2) totals from SQL: adding them in cents keeps the sum exact.
  const budgetCents = toCents(proposed.imported.total)! + toCents(proposed.projected.total)!;
  // The gap sums the general fund whichever funds the budget figure sums (GOAL_FUNDS).
  const guidanceCents = rows.reduce((sum, r) => sum + toCents(r.goalTotal)!, 0n);
  const goal = (await findTownGoalByYear(app.db, scope.fiscalYear))?.dollar_goal ?? null;
  const goalCents = goal === null ? null : toCents(goal)!;
  // A year with no town goal has no guidance gap (null), never one against a goal of 0.
  const gapCents = guidanceGapCents(guidanceCents, goalCents);
  const proposedCount = proposed.imported.count + proposed.projected.count;
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    proposedBudget: fromCents(budgetCents),
    proposedCount,
    breakdown: { proposed },
    townGoal: fromCents(goalCents ?? 0n),
    hasTownGoal: goal !== null,
    guidanceBudget: fromCents(guidanceCents),
    guidanceGap: gapCents === null ? null : fromCents(gapCents),
    noSalaryLine: proposedCount === 0 ? await noSalaryLine(app.db, actor, scope) : null,
    ...echoFunds(scope.funds),
  };
}

/**
 * For a year with no proposed lines: what of its salary budget's source (the line writer's
 * salarySource: its own payroll, else the roster before it) lands in no salary line, having no
 * personnel category, or, every line of its own payroll having one, is not budgeted yet; null when
 * there is no source. A new district's payroll imported without a crosswalk has no categories: its
 * year has a payroll and, for that reason, no lines, and the cards said to import the payroll. The
 * cost is what Update Salary Budget leaves undistributed (or has yet to budget); withheld (null) from
 * a reader who may not see the pay of 1 to 4.
 */
async function noSalaryLine(db: Db, actor: Actor, scope: q.Scope): Promise<NoSalaryLine | null> {
  const { budgetYearId, fiscalYear } = scope;
  const source = await reconciliation.salarySource(db, budgetYearId, fiscalYear);
  // Projected employee lines alone are no payroll: the cards' 'import the payroll' is still true.
  if (source.from === 'payroll' && !(await rq.hasEmployeeLines(db, scope, true))) {
    return null;
  }
  const unplaced = source.groups.filter((g) => !g.isPersonnel);
  // Every line of its own payroll in a personnel category, and still no line: Update Salary Budget,
  // which alone makes a payroll year's salary lines, has not been run. (A roster's positions are
  // followed into their lines as they change: none there means none of them has a category.)
  const reason = unplaced.length ? 'no-personnel-category' : 'not-budgeted';
  const left = unplaced.length ? unplaced : source.from === 'payroll' ? source.groups : [];
  if (!left.length) {
    return null;
  }
  const cents = left.reduce((sum, g) => sum + toCents(g.total)!, 0n);
  const roster =
    source.from === 'positions'
      ? (await reconciliation.positionsRoster(db, budgetYearId, fiscalYear)).roster
      : null;
  // A payroll's groups count its employee lines; a position split over funds is in several groups.
  const count = roster
    ? await rq.positionsWithNoSalaryLine(db, roster)
    : left.reduce((sum, g) => sum + g.count, 0);
  const withheld = !seesIndividualPay(actor) && tooFewToShow(count);
  return {
    reason,
    source: source.from,
    rosterFiscalYear: roster?.fiscalYear ?? null,
    count,
    cost: withheld ? null : fromCents(cents),
  };
}

/** The proposed budget by budget category. */
export async function summaryByCategory(app: AppContext, actor: Actor, scope: q.Scope): Promise<ByCategory> {
  await start(app, actor, scope);
  return { ...(await q.proposedByCategory(app.db, scope)), ...echoFunds(scope.funds) };
}

/** The proposed budget by building. */
export async function summaryByBuilding(app: AppContext, actor: Actor, scope: q.Scope): Promise<ByBuilding> {
  await start(app, actor, scope);
  return { ...(await q.proposedByBuilding(app.db, scope)), ...echoFunds(scope.funds) };
}

/** A year's payroll and whose pay it sums, in all and by building id (staffFigures'). */
type People = Pick<Staff, 'totalSalary' | 'people' | 'peopleAt'>;

/**
 * Every fund's staff figures beside a general-fund answer, for a reader who may not see individual
 * pay (server/lib/pay-groups.ts judgesFundChoice); null otherwise.
 */
async function allFundsStaff(app: AppContext, actor: Actor, scope: q.Scope, linesOnly = false) {
  return judgesFundChoice(actor, scope.funds)
    ? staffFigures(app.db, { ...scope, funds: 'all' }, linesOnly)
    : null;
}

/**
 * Payroll by place for a reader who may not see individual pay: a building's payroll over 1 to 4
 * people, or over 1 to 4 the fund choice leaves out of it, is withheld (null), with enough other
 * buildings that the total cannot give it back (server/lib/pay-groups.ts).
 */
function withholdPlaces<R extends { buildingId: number | null }, K extends keyof R>(
  actor: Actor,
  rows: R[],
  pay: K,
  staff: People,
  all: People | null,
): R[] {
  if (seesIndividualPay(actor)) {
    return rows;
  }
  const mine = rows.map((r) => staff.peopleAt.get(r.buildingId) ?? 0);
  const sides = withFundSides([mine], all && [rows.map((r, i) => all.peopleAt.get(r.buildingId) ?? mine[i])]);
  const withheld = withheldRowsOnAnySide(sides);
  return rows.map((r, i) => (withheld.has(i) ? ({ ...r, [pay]: null } as R) : r));
}
/** The year's payroll, withheld over 1 to 4 people, or over 1 to 4 the fund choice leaves out. */
const yearPay = (actor: Actor, staff: People, all: People | null) =>
  sumShown(actor, withFundSides([[staff.people]], all && [[all.people]])) ? staff.totalSalary : null;

/**
 * Employees, payroll and FTE, by building (for a year with none of its own, its roster's: staffFigures).
 * `linesOnly`: the employee lines' figures whatever the year's salaries follow (the DESE report sets
 * its payroll by function code, which is the lines', against this total).
 */
export async function budgetStats(
  app: AppContext,
  actor: Actor,
  scope: q.Scope,
  { linesOnly = false }: { linesOnly?: boolean } = {},
): Promise<EmployeeStats> {
  await start(app, actor, scope);
  const staff = await staffFigures(app.db, scope, linesOnly);
  const all = await allFundsStaff(app, actor, scope, linesOnly);
  return {
    totalEmployees: staff.totalEmployees,
    totalSalary: yearPay(actor, staff, all),
    totalFte: staff.totalFte,
    projectedEmployees: staff.projectedEmployees,
    byBuilding: withholdPlaces(actor, staff.byBuilding, 'total', staff, all),
    source: staff.source,
    roster: staff.roster,
    ...echoFunds(scope.funds),
  };
}

/** Headcount and payroll by location, most people first (from a roster as budgetStats'). */
export async function headcountByLocation(app: AppContext, actor: Actor, scope: q.Scope): Promise<Headcount> {
  await start(app, actor, scope);
  const { source, roster, people, peopleAt, ...counts } = await staffHeadcount(app.db, scope);
  const staff = { totalSalary: counts.totalSalary, people, peopleAt };
  const all = await allFundsStaff(app, actor, scope);
  return {
    ...counts,
    totalSalary: yearPay(actor, staff, all),
    locations: withholdPlaces(actor, counts.locations, 'totalSalary', staff, all),
    source,
    roster,
    ...echoFunds(scope.funds),
  };
}

/** '$40k-$50k' for the range starting at 40,000. */
export function rangeLabel(rangeStart: number): string {
  const k = (dollars: number) => `$${Math.round(dollars / 1000)}k`;
  return `${k(rangeStart)}-${k(rangeStart + SALARY_RANGE_WIDTH)}`;
}

/**
 * Teacher and paraeducator salaries by range, of the people the staff figures count (staffFigures'
 * choice, reconciliation.positionsRoster): a year's employee lines, or for a year with no payroll
 * of its own whose salaries a roster budgets, that roster's holders at their budgeted salaries
 * (rq.rosterSalaryRanges). A range with fewer than MIN_RANGE_COUNT people is left out (too few to
 * show without naming pay), and how many people that hides is reported, so totals still reconcile.
 */
export async function salaryDistribution(
  app: AppContext,
  actor: Actor,
  scope: q.Scope,
): Promise<SalaryDistribution> {
  await start(app, actor, scope);
  const { follows, roster, rows } = await staffSalaryRanges(app.db, scope);
  // A range whose general-fund figures differ from every fund's by 1 to 4 people would give their
  // pay away to a reader who may not see it: left out as a small range is.
  const rangeKey = (r: q.SalaryRangeRow) => `${r.group}|${r.rangeStart}`;
  const allFunds = judgesFundChoice(actor, scope.funds)
    ? new Map(
        (await staffSalaryRanges(app.db, { ...scope, funds: 'all' })).rows.map((r) => [rangeKey(r), r.count]),
      )
    : null;
  // No roster: the lines, or (none in any fund: the fund choice may leave them all out) nothing.
  const none = !follows && !rows.length && !(await rq.hasEmployeeLines(app.db, scope));
  const result: SalaryDistribution = {
    teachers: [],
    paras: [],
    excluded: { teachers: 0, paras: 0 },
    minRangeCount: MIN_RANGE_COUNT,
    source: follows ? 'roster' : none ? 'none' : 'lines',
    roster: follows ? roster : null,
    ...echoFunds(scope.funds),
  };
  for (const r of rows) {
    if (
      r.count < MIN_RANGE_COUNT ||
      !sumShown(actor, withFundSides([[r.count]], allFunds && [[allFunds.get(rangeKey(r)) ?? 0]]))
    ) {
      result.excluded[r.group] += r.count;
      continue;
    }
    const range: SalaryRange = {
      range: rangeLabel(r.rangeStart),
      rangeStart: r.rangeStart,
      count: r.count,
      avgSalary: r.avgSalary,
      minSalary: r.minSalary,
      maxSalary: r.maxSalary,
    };
    result[r.group].push(range);
  }
  return result;
}
