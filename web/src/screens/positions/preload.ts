import type { QueryClient } from '@tanstack/react-query';
import { firstPositionsQuery } from '@web/api/position-lists';
import { preloadShownYear } from '@web/budget-year/preload-year';

/**
 * The Positions manager's first page (every status, no filter: the screen's opening filters), asked
 * for while the session is still being checked and the screen's code is still loading. The screen's
 * query finds it in the cache, or on its way, under the same key; the banner's figures are that
 * page's totals.
 */
export async function preloadPositions(queryClient: QueryClient): Promise<void> {
  await preloadShownYear(queryClient, (budgetYearId, fiscalYear) => {
    void queryClient.prefetchQuery(firstPositionsQuery({ budgetYearId, fiscalYear }));
  });
}
