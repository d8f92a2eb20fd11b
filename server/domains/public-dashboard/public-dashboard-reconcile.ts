import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { centsOf, centsText, formatDecimalMoney } from '@shared/money';
import { fiscalYearLabel } from '@shared/budget-math';
import type { Actor } from '@server/policies/index';
import type { BudgetComparison } from '@shared/schemas/budget-comparison';
import type { ComponentKey, PublicYearData } from '@shared/schemas/public-dashboard';
import { budgetComparison } from '@server/domains/budgets';
import { budgetSummary } from '@server/domains/budgets';

/**
 * Publish refuses a fiscal year whose totals do not reconcile: the proposed
 * budget the staff dashboard shows (budgetSummary), the year's total in Budget Comparison, and the
 * figures the snapshot would store (its total, and the sums of the breakdowns it publishes) must
 * agree to the cent, and their line counts exactly. The dashboard and the comparison are read
 * through their own services, so the check is against what those screens show.
 *
 * By construction they agree: every one of them sums the same lines (the budget year's and fiscal
 * year's proposed lines that count, queries/line-items-scope.ts activeScope) in SQL. What the
 * check catches is a future change that makes one of them read other lines, and, on PostgreSQL,
 * a line written by someone else between two of the reads (each statement of a READ COMMITTED
 * transaction sees what was committed when it started); then Publish is refused and can be run
 * again.
 */

/** One place a year's proposed budget is shown: its total in cents, and its line count when it shows one. */
export interface ShownTotal {
  source: string;
  cents: bigint;
  count: number | null;
}

const money = (cents: bigint) => formatDecimalMoney(centsText(cents));
const lines = (n: number) => `${n} budget line${n === 1 ? '' : 's'}`;

/**
 * Why the year's totals do not agree, naming the first two places that differ and by how much; null
 * when every place shows the same total (and every count shown is the same).
 */
export function reconcileMessage(fiscalYear: number, shown: readonly ShownTotal[]): string | null {
  const [first, ...rest] = shown;
  if (!first) {
    return null;
  }
  const off = rest.find((s) => s.cents !== first.cents);
  if (off) {
    const diff = off.cents > first.cents ? off.cents - first.cents : first.cents - off.cents;
    return `${fiscalYearLabel(fiscalYear)} does not reconcile: ${first.source} shows ${money(first.cents)}, ${off.source} ${money(off.cents)} (difference ${money(diff)})`;
  }
  const counted = shown.filter((s) => s.count !== null);
  const countOff = counted.find((s) => s.count !== counted[0].count);
  if (countOff) {
    const [a, b] = [counted[0].count!, countOff.count!];
    return `${fiscalYearLabel(fiscalYear)} does not reconcile: ${counted[0].source} counts ${lines(a)}, ${countOff.source} ${b} (difference ${Math.abs(a - b)})`;
  }
  return null;
}

const sumCents = (amounts: readonly number[]) => amounts.reduce((n, a) => n + centsOf(a), 0n);

/**
 * The totals a year's snapshot figures show: its total, and the sums of the breakdowns it carries
 * (the category and DESE breakdowns when the category chart is shown, the buildings when the
 * building chart is), but for a breakdown some of whose rows are in the total only.
 */
export function snapshotTotals(data: PublicYearData, shown: ReadonlySet<ComponentKey>): ShownTotal[] {
  const totals: ShownTotal[] = [
    { source: 'the published figures', cents: centsOf(data.totalBudget), count: null },
  ];
  // Withheld rows are in the total alone (public-dashboard-dese.ts, public-dashboard-groups.ts): the
  // rows shown cannot add up to it, so that breakdown is not compared.
  if (shown.has('categoryChart')) {
    if (!data.categoryWithheld) {
      totals.push({
        source: 'the published categories',
        cents: sumCents(data.categoryBreakdown.map((c) => c.amount)),
        count: data.categoryBreakdown.reduce((n, c) => n + c.itemCount, 0),
      });
    }
    if (!data.deseWithheld) {
      totals.push({
        source: 'the published DESE functions',
        cents: sumCents(data.deseBreakdown.map((g) => g.amount)),
        count: null,
      });
    }
  }
  if (shown.has('buildingChart') && !data.buildingWithheld) {
    totals.push({
      source: 'the published buildings',
      cents: sumCents(data.buildingBreakdown.map((b) => b.amount)),
      count: null,
    });
  }
  return totals;
}

export interface YearToCheck {
  fiscal_year: number;
  budget_year_id: number | null;
  data: unknown;
}

/**
 * Every year of `years` that does not reconcile, as the message Publish refuses it with. `app.db`
 * may be a transaction: pass Publish's, so the reads wait for nothing it holds.
 */
export async function reconcileProblems(
  app: AppContext,
  actor: Actor,
  years: readonly YearToCheck[],
  shown: ReadonlySet<ComponentKey>,
): Promise<string[]> {
  const comparisons = new Map<number, BudgetComparison>();
  const problems: string[] = [];
  for (const year of years) {
    if (year.budget_year_id === null || year.data === null) {
      continue;
    }
    const data = year.data as PublicYearData;
    // The dashboard read for the same funds as the snapshot ('all' for one from before the choice).
    const funds = data.funds ?? 'all';
    const scope = { budgetYearId: year.budget_year_id, fiscalYear: year.fiscal_year, funds };
    const summary = await budgetSummary(app, actor, scope);
    const shownTotals: ShownTotal[] = [
      {
        source: funds === 'general' ? 'the dashboard (general fund only)' : 'the dashboard',
        cents: centsOf(summary.proposedBudget),
        count: summary.proposedCount,
      },
    ];
    if (funds === 'all' && !comparisons.has(scope.budgetYearId)) {
      comparisons.set(scope.budgetYearId, await budgetComparison(app, actor, scope.budgetYearId));
    }
    // A year outside the comparison's six years is not in it: nothing there to disagree with. Nor is
    // a general-fund-only snapshot: Budget Comparison sums every fund.
    const cell =
      funds === 'all'
        ? comparisons.get(scope.budgetYearId)!.totals.find((c) => c.fiscalYear === year.fiscal_year)
        : undefined;
    if (cell) {
      shownTotals.push({
        source: 'Budget Comparison',
        cents: centsOf(cell.proposed),
        count: cell.proposedCount,
      });
    }
    shownTotals.push(...snapshotTotals(data, shown));
    const message = reconcileMessage(year.fiscal_year, shownTotals);
    if (message) {
      problems.push(message);
    }
  }
  return problems;
}

/** 409 naming every year that does not reconcile; Publish writes nothing then. */
export async function refuseUnreconciled(
  app: AppContext,
  actor: Actor,
  years: readonly YearToCheck[],
  shown: ReadonlySet<ComponentKey>,
): Promise<void> {
  const problems = await reconcileProblems(app, actor, years, shown);
  if (problems.length) {
    throw new AppError(
      409,
      'CONFLICT',
      problems.join('; '),
      problems.map((message) => ({ path: 'publishedYears', message })),
    );
  }
}
