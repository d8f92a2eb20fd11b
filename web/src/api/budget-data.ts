import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The first element of every query key whose data is budget data or is computed from it: line
 * lists and sums, dashboard aggregates, the comparison, projections and diagnostics, fiscal-year
 * lists, town goals and their gap analysis, budgets (scenarios), versions, import runs, and the
 * reference lists that count lines (buildings, categories, work groups), the bulk screens' options,
 * salary checks, change history, budget stages (a move freezes lines, a vote locks them), budget
 * vs actual (its budget side is the proposed lines), the crosswalk's preview (it counts lines) and
 * positions (their cost is their holders' salaries). The key factories of web/src/api start with these words
 * (budget-data.test.ts checks each one).
 *
 * Not budget data: the session ('auth'), users, the budget-year list, enrollment, budget settings
 * (their own query is updated by their save), work-group categories.
 */
export const BUDGET_DATA_ROOTS: ReadonlySet<string> = new Set([
  'line-items',
  'dashboard',
  'budget-comparison',
  'projections',
  'fiscal-years',
  'town-goals',
  'scenarios',
  'versions',
  'import',
  'buildings',
  'categories',
  'work-groups',
  'bulk-update',
  'salary-verification',
  'history',
  'budget-stages',
  'ledger',
  'crosswalk',
  'positions',
]);

/** Lists that never change with the budget, under a budget-data root. */
function isFixedList(key: readonly unknown[]): boolean {
  return key[0] === 'categories' && key[1] === 'dese-codes';
}

/** The full employee and proposed line lists (a fiscal year can hold 50,000 lines). */
function isLineList(key: readonly unknown[]): boolean {
  return key[0] === 'line-items' && key[1] === 'list' && (key[2] === 'employees' || key[2] === 'proposed');
}

export interface BudgetDataChange {
  /**
   * The saved lines were already written into every cached line list (replaceLine, removeLines),
   * so those lists are left as they are rather than downloaded again; everything else refreshes.
   */
  listsUpdatedInPlace?: boolean;
  /**
   * Keys of records the change deleted (a position's detail): left as they are, since asked for
   * again they would answer 404 while their dialog closes.
   */
  gone?: readonly (readonly unknown[])[];
}

/** Whether a query reads budget data (and so is stale after a change of kind `change`). */
export function readsBudgetData(queryKey: readonly unknown[], change: BudgetDataChange = {}): boolean {
  if (typeof queryKey[0] !== 'string' || !BUDGET_DATA_ROOTS.has(queryKey[0]) || isFixedList(queryKey)) {
    return false;
  }
  if (change.gone?.some((key) => hashKey(key) === hashKey(queryKey))) {
    return false;
  }
  return !(change.listsUpdatedInPlace && isLineList(queryKey));
}

/**
 * The one way to say 'budget data changed': every mutation that writes budget data (line edits,
 * bulk changes, imports, projections, reconciliation, town goals, budgets, versions, settings,
 * reference data the lines show) calls this on success. It marks every query that reads budget
 * data stale: those on screen refetch now, the others when a screen next shows them (whatever
 * their staleTime), so no screen shows figures from before the change.
 */
export function invalidateBudgetData(queryClient: QueryClient, change: BudgetDataChange = {}): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => readsBudgetData(query.queryKey, change) });
}

/** invalidateBudgetData bound to the app's query client, for a mutation's onSuccess. */
export function useInvalidateBudgetData(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateBudgetData(queryClient), [queryClient]);
}
