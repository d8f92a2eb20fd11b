import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { salaryProgressionResponse, salaryProgressionSchema } from '@shared/schemas/line-items';
import { api } from '@web/api/client';

export type SalaryProgression = z.infer<typeof salaryProgressionSchema>;
export type SalaryProgressionResponse = z.infer<typeof salaryProgressionResponse>;

export interface SalaryProgressionParams {
  limit: number;
  position: string;
  budgetYearId?: number;
}

/** Under 'line-items': the progression is read from the employee lines, so a line edit refreshes it. */
export const salaryProgressionKeys = {
  list: (p: SalaryProgressionParams) =>
    ['line-items', 'salary-progression', p.budgetYearId ?? 0, p.position, p.limit] as const,
};

export const salaryProgressionApi = {
  list: (p: SalaryProgressionParams) =>
    api.get<SalaryProgressionResponse>('/line-items/budget/salary-progression', { query: { ...p } }),
};

export function useSalaryProgression(params: SalaryProgressionParams) {
  return useQuery({
    queryKey: salaryProgressionKeys.list(params),
    queryFn: () => salaryProgressionApi.list(params),
  });
}
