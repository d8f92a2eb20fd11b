import { useQuery } from '@tanstack/react-query';
import type { FundsReport, OverAward } from '@shared/schemas/funds';
import { api } from '@web/api/client';

export type { FundsReport };
export type FundsReportRow = FundsReport['funds'][number];

/**
 * Under the 'dashboard' budget-data root: the report sums the lines by fund, so any line edit
 * refreshes it, and so does a fund change (funds.ts invalidates the budget data with the list).
 */
export const fundsReportKeys = {
  of: (budgetYearId: number, fiscalYear: number) =>
    ['dashboard', 'funds-report', budgetYearId, fiscalYear] as const,
  overAward: (budgetYearId: number, fiscalYear: number) =>
    ['dashboard', 'funds-over-award', budgetYearId, fiscalYear] as const,
};

export const fundsReportApi = {
  get: (budgetYearId: number, fiscalYear: number) =>
    api.get<FundsReport>('/funds/report', { query: { budgetYearId, fiscalYear } }),
  overAward: (budgetYearId: number, fiscalYear: number) =>
    api.get<OverAward>('/funds/over-award', { query: { budgetYearId, fiscalYear } }),
};

/** The budget of all funds for a budget year's fiscal year; waits until both are known. */
export function useFundsReport(budgetYearId: number | null, fiscalYear: number | null) {
  return useQuery({
    queryKey: fundsReportKeys.of(budgetYearId ?? 0, fiscalYear ?? 0),
    queryFn: () => fundsReportApi.get(budgetYearId!, fiscalYear!),
    enabled: budgetYearId !== null && fiscalYear !== null,
  });
}

/**
 * The grants over their award in a budget year's fiscal year: what the grids flag, without the
 * whole report (under the same 'dashboard' root, so a line edit refreshes it too).
 */
export function useOverAwardFunds(budgetYearId: number | null, fiscalYear: number | null) {
  return useQuery({
    queryKey: fundsReportKeys.overAward(budgetYearId ?? 0, fiscalYear ?? 0),
    queryFn: () => fundsReportApi.overAward(budgetYearId!, fiscalYear!),
    enabled: budgetYearId !== null && fiscalYear !== null,
  });
}
