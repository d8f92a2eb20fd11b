import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lineItemKeys, lineItemsApi } from '@web/api/line-items';

/*
 * The grids' whole lists of a fiscal year (up to 50,000 lines) and the first lines drawn before
 * them, as query options (for the start-up preload, web/src/routes.tsx) and hooks.
 */

// Lists stay fresh for a minute: a fiscal year can hold 50,000 lines, and every edit already
// updates the cached list in place (see replaceLine), so there is no reason to download it again.
const LIST_STALE_MS = 60_000;

/**
 * A list query that starts downloading during render. useQuery fetches from an effect, and React
 * runs a child's effects first: the grid's own start-up (a few hundred milliseconds) would
 * otherwise delay a 50,000-line download that can run alongside it.
 */
function useEagerList<T>(
  options: { queryKey: readonly unknown[]; queryFn: () => Promise<T>; staleTime: number },
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  if (enabled && !queryClient.getQueryState(options.queryKey)) {
    void queryClient.prefetchQuery(options);
  }
  return useQuery({ ...options, enabled });
}

/** The whole list of a fiscal year's employee lines (what the grid ends up holding). */
export const employeeLinesQuery = (budgetYearId: number, fiscalYear: number) => ({
  queryKey: lineItemKeys.employees(budgetYearId, fiscalYear),
  queryFn: () => lineItemsApi.employees(budgetYearId, fiscalYear),
  staleTime: LIST_STALE_MS,
});

/** The first lines of that list, for the grid to draw while the whole list is on its way. */
export const firstEmployeeLinesQuery = (budgetYearId: number, fiscalYear: number) => ({
  queryKey: lineItemKeys.firstEmployees(budgetYearId, fiscalYear),
  queryFn: () => lineItemsApi.firstEmployees(budgetYearId, fiscalYear),
  staleTime: LIST_STALE_MS,
});

/** The whole list; `wanted: false` holds the download back (the cached list is still returned). */
export function useEmployeeLines(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  wanted = true,
) {
  return useEagerList(
    employeeLinesQuery(budgetYearId ?? 0, fiscalYear ?? 0),
    wanted && Boolean(budgetYearId && fiscalYear),
  );
}

/**
 * The first employee lines of a fiscal year, for the grid to draw before the whole list (up to
 * 50,000 lines: seconds to arrive, parse and load into the grid). Asked for only while the whole
 * list is not in the cache.
 */
export function useFirstEmployeeLines(budgetYearId: number | undefined, fiscalYear: number | undefined) {
  const queryClient = useQueryClient();
  const whole = queryClient.getQueryData(lineItemKeys.employees(budgetYearId ?? 0, fiscalYear ?? 0));
  return useEagerList(
    firstEmployeeLinesQuery(budgetYearId ?? 0, fiscalYear ?? 0),
    !whole && Boolean(budgetYearId && fiscalYear),
  );
}

export function useProposedLines(budgetYearId: number | undefined, fiscalYear: number | undefined) {
  return useEagerList(
    {
      queryKey: lineItemKeys.proposed(budgetYearId ?? 0, fiscalYear ?? 0),
      queryFn: () => lineItemsApi.proposed(budgetYearId!, fiscalYear!),
      staleTime: LIST_STALE_MS,
    },
    Boolean(budgetYearId && fiscalYear),
  );
}
