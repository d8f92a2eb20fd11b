import { useQuery } from '@tanstack/react-query';
import type { SalaryIssue, SalaryIssueKind, SalaryVerification } from '@shared/schemas/salary-verification';
import { api } from '@web/api/client';

export type { SalaryIssue, SalaryIssueKind, SalaryVerification };

export const salaryVerificationKeys = {
  all: ['salary-verification'] as const,
  check: (budgetYearId: number, fiscalYear: number) =>
    [...salaryVerificationKeys.all, budgetYearId, fiscalYear] as const,
};

export const salaryVerificationApi = {
  check: (budgetYearId: number, fiscalYear: number) =>
    api.get<SalaryVerification>('/salary-verification', { query: { budgetYearId, fiscalYear } }),
};

export function useSalaryVerification(budgetYearId: number | undefined, fiscalYear: number | undefined) {
  return useQuery({
    queryKey: salaryVerificationKeys.check(budgetYearId ?? 0, fiscalYear ?? 0),
    queryFn: () => salaryVerificationApi.check(budgetYearId!, fiscalYear!),
    enabled: budgetYearId !== undefined && fiscalYear !== undefined,
  });
}
