import type { QueryClient } from '@tanstack/react-query';
import { budgetYearsQuery } from '@web/api/budget-years';
import { fiscalYearsQuery } from '@web/api/line-items';
import { firstEmployeeLinesQuery } from '@web/api/line-lists';
import { scheduleKeys, schedulesApi } from '@web/api/salary-schedules';
import { pickBudgetYear, readStoredBudgetYearId } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';

/**
 * The Employee Budget Manager's first data, asked for while the session is still being checked and
 * the screen's code is still loading: the budget year the header will select, its fiscal years, then
 * the first lines and the whole list of the year the screen will show. The screen's own queries find
 * them in the cache (or on their way) under the same keys. (The grid's code is loaded beside the
 * screen's: routes.tsx.)
 */
export async function preloadOperatingBudget(queryClient: QueryClient): Promise<void> {
  // The grid waits for the salary schedules (its Step and Lane columns); both roles that open the
  // screen may read them.
  void queryClient.prefetchQuery({ queryKey: scheduleKeys.list(), queryFn: schedulesApi.list });
  // The header's stored choice is most often the year it will select: its fiscal years are asked
  // for beside the budget years rather than after them (the same query, so never twice).
  const stored = readStoredBudgetYearId();
  if (stored !== null) {
    void queryClient.prefetchQuery(fiscalYearsQuery(stored));
  }
  const { budgetYears } = await queryClient.fetchQuery(budgetYearsQuery());
  const budgetYear = pickBudgetYear(budgetYears, stored);
  if (!budgetYear) {
    return;
  }
  // Only the first lines: the screen asks for the whole list once the grid has drawn them. The
  // year shown is most often the budget year's current fiscal year: its lines are asked for beside
  // the fiscal years, not after them (the page is busy loading code, and each step waits for it).
  const likely = budgetYear.currentFiscalYear;
  if (likely) {
    void queryClient.prefetchQuery(firstEmployeeLinesQuery(budgetYear.id, likely));
  }
  const listed = await queryClient.fetchQuery(fiscalYearsQuery(budgetYear.id));
  const { fiscalYear } = fiscalYearChoice(budgetYear, listed.fiscalYears);
  if (fiscalYear !== undefined && fiscalYear !== likely) {
    void queryClient.prefetchQuery(firstEmployeeLinesQuery(budgetYear.id, fiscalYear));
  }
}
