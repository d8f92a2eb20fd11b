import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { allFiscalYearsResponse, fiscalYearsResponse } from '@shared/schemas/fiscal-years';
import { api } from '@web/api/client';

export type FiscalYearsResponse = z.infer<typeof fiscalYearsResponse>;
export type AllFiscalYearsResponse = z.infer<typeof allFiscalYearsResponse>;

/** Query keys for fiscal-year lists; projections and imports invalidate `all`. */
export const fiscalYearKeys = {
  all: ['fiscal-years'] as const,
  ofBudgetYear: (budgetYearId: number) => [...fiscalYearKeys.all, 'budget-year', budgetYearId] as const,
  everywhere: (isOperating?: boolean) => [...fiscalYearKeys.all, 'all', isOperating ?? 'both'] as const,
};

export const fiscalYearsApi = {
  ofBudgetYear: (budgetYearId: number) =>
    api.get<FiscalYearsResponse>('/line-items/fiscal-years', { query: { budgetYearId } }),
  everywhere: (isOperating?: boolean) =>
    api.get<AllFiscalYearsResponse>('/line-items/all-fiscal-years', { query: { isOperating } }),
};

/** The fiscal years a budget year holds lines for (plus its current year), ascending. */
export function useFiscalYears(budgetYearId: number | null | undefined) {
  return useQuery({
    queryKey: fiscalYearKeys.ofBudgetYear(budgetYearId ?? 0),
    queryFn: () => fiscalYearsApi.ofBudgetYear(budgetYearId!),
    enabled: Boolean(budgetYearId),
  });
}

/** Every fiscal year with lines, with its line count and whether it is only projected. */
export function useAllFiscalYears(isOperating?: boolean) {
  return useQuery({
    queryKey: fiscalYearKeys.everywhere(isOperating),
    queryFn: () => fiscalYearsApi.everywhere(isOperating),
  });
}
