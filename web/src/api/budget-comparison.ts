import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BudgetComparison, ComparisonCell, ComparisonRow } from '@server/schemas/budget-comparison';
import type { UpdateSalaryBudgetResult } from '@server/schemas/reconciliation';
import { api } from '@web/api/client';
import { dashboardKeys } from '@web/api/dashboard';
import { projectionKeys } from '@web/api/projections';

export type { BudgetComparison, ComparisonCell, ComparisonRow, UpdateSalaryBudgetResult };

export const comparisonKeys = {
  all: ['budget-comparison'] as const,
  ofBudgetYear: (budgetYearId: number) => [...comparisonKeys.all, budgetYearId] as const,
};

export const comparisonApi = {
  get: (budgetYearId: number) => api.get<BudgetComparison>('/budget-comparison', { query: { budgetYearId } }),
  updateSalaryBudget: (body: { budgetYearId: number; fiscalYear: number }) =>
    api.post<UpdateSalaryBudgetResult>('/reconciliation/update-salary-budget', body),
};

export function useBudgetComparison(budgetYearId: number | null) {
  return useQuery({
    queryKey: comparisonKeys.ofBudgetYear(budgetYearId ?? 0),
    queryFn: () => comparisonApi.get(budgetYearId!),
    enabled: budgetYearId !== null,
  });
}

/** Sets the proposed salary lines to the payroll; the comparison and the dashboard change with it. */
export function useUpdateSalaryBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: comparisonApi.updateSalaryBudget,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: comparisonKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: projectionKeys.all }),
      ]),
  });
}
