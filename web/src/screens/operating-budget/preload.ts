import type { QueryClient } from '@tanstack/react-query';
import { firstEmployeeLinesQuery } from '@web/api/line-lists';
import { scheduleKeys, schedulesApi } from '@web/api/salary-schedules';
import { preloadShownYear } from '@web/budget-year/preload-year';

/**
 * The Employee Budget Manager's first data, asked for while the session is still being checked and
 * the screen's code is still loading: the budget year the header will select, its fiscal years, then
 * the first lines of the year the screen will show. The screen's own queries find them in the cache
 * (or on their way) under the same keys. (The grid's code is loaded beside the screen's: routes.tsx.)
 */
export async function preloadOperatingBudget(queryClient: QueryClient): Promise<void> {
  // The grid waits for the salary schedules (its Step and Lane columns); both roles that open the
  // screen may read them.
  void queryClient.prefetchQuery({ queryKey: scheduleKeys.list(), queryFn: schedulesApi.list });
  // Only the first lines: the screen asks for the whole list once the grid has drawn them.
  await preloadShownYear(queryClient, (budgetYearId, fiscalYear) => {
    void queryClient.prefetchQuery(firstEmployeeLinesQuery(budgetYearId, fiscalYear));
  });
}
