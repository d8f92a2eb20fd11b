import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BudgetYear, budgetYearsResponse } from '@shared/schemas/budget-years';
import { api } from '@web/api/client';

export type { BudgetYear };
export type BudgetYearsResponse = z.infer<typeof budgetYearsResponse>;

export const budgetYearKeys = {
  all: ['budget-years'] as const,
  list: () => [...budgetYearKeys.all, 'list'] as const,
};

export const budgetYearsApi = {
  list: () => api.get<BudgetYearsResponse>('/budget-years'),
};

export const budgetYearsQuery = () => ({
  queryKey: budgetYearKeys.list(),
  queryFn: budgetYearsApi.list,
  // The endpoint may not exist yet; a failure just hides the selector.
  retry: false,
});

export function useBudgetYears(enabled = true) {
  return useQuery({ ...budgetYearsQuery(), enabled });
}
