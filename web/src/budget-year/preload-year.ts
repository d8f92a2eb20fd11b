import type { QueryClient } from '@tanstack/react-query';
import { budgetYearsQuery } from '@web/api/budget-years';
import { fiscalYearsQuery } from '@web/api/line-items';
import { pickBudgetYear, readStoredBudgetYearId } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';

/**
 * For a screen's preload: the budget year the header will select and the fiscal year the screen will
 * show, found as the screen finds them (same queries, so never asked twice), and `fetchFirst` called
 * for that year. The header's stored choice is most often the year it selects, so its fiscal years
 * are asked for beside the budget years; the budget year's current fiscal year is most often the
 * year shown, so its data is asked for beside the fiscal years, not after them (the page is busy
 * loading code, and each step waits for it).
 */
export async function preloadShownYear(
  queryClient: QueryClient,
  fetchFirst: (budgetYearId: number, fiscalYear: number) => void,
): Promise<void> {
  const stored = readStoredBudgetYearId();
  if (stored !== null) {
    void queryClient.prefetchQuery(fiscalYearsQuery(stored));
  }
  const { budgetYears } = await queryClient.fetchQuery(budgetYearsQuery());
  const budgetYear = pickBudgetYear(budgetYears, stored);
  if (!budgetYear) {
    return;
  }
  const likely = budgetYear.currentFiscalYear;
  if (likely) {
    fetchFirst(budgetYear.id, likely);
  }
  const listed = await queryClient.fetchQuery(fiscalYearsQuery(budgetYear.id));
  const { fiscalYear } = fiscalYearChoice(budgetYear, listed);
  if (fiscalYear !== undefined && fiscalYear !== likely) {
    fetchFirst(budgetYear.id, fiscalYear);
  }
}
