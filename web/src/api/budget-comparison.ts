import { useMutation, useQuery } from '@tanstack/react-query';
import type { BudgetComparison, ComparisonCell, ComparisonRow } from '@shared/schemas/budget-comparison';
import type { UpdateSalaryBudgetResult } from '@shared/schemas/reconciliation';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { BudgetComparison, ComparisonCell, ComparisonRow, UpdateSalaryBudgetResult };

export const comparisonKeys = {
  all: ['budget-comparison'] as const,
  ofBudgetYear: (budgetYearId: number) => [...comparisonKeys.all, budgetYearId] as const,
};

export const comparisonApi = {
  get: (budgetYearId: number) => api.get<BudgetComparison>('/budget-comparison', { query: { budgetYearId } }),
  updateSalaryBudget: (body: { budgetYearId: number; fiscalYear: number; dryRun?: boolean }) =>
    api.post<UpdateSalaryBudgetResult>('/reconciliation/update-salary-budget', body),
};

export function useBudgetComparison(budgetYearId: number | null) {
  return useQuery({
    queryKey: comparisonKeys.ofBudgetYear(budgetYearId ?? 0),
    queryFn: () => comparisonApi.get(budgetYearId!),
    enabled: budgetYearId !== null,
  });
}

/**
 * Sets the proposed salary lines to the payroll: the proposed line lists, the comparison, the
 * dashboard and everything else that reads budget data change with it.
 */
export function useUpdateSalaryBudget() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: comparisonApi.updateSalaryBudget, onSuccess: invalidate });
}

/** What Update Salary Budget would change (a dry run: nothing is written, nothing to invalidate). */
export function useSalaryBudgetPreview() {
  return useMutation({
    mutationFn: (body: { budgetYearId: number; fiscalYear: number }) =>
      comparisonApi.updateSalaryBudget({ ...body, dryRun: true }),
  });
}
