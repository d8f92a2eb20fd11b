import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  EnrollmentBuilding,
  EnrollmentRecord,
  EnrollmentResponse,
  enrollmentBatchResponse,
  SaveEnrollmentBatchBody,
} from '@shared/schemas/enrollment';
import { api } from '@web/api/client';

export type { EnrollmentBuilding, EnrollmentRecord, EnrollmentResponse, SaveEnrollmentBatchBody };
export type EnrollmentBatchResponse = z.infer<typeof enrollmentBatchResponse>;

export const enrollmentKeys = {
  all: ['enrollment'] as const,
  ofBudgetYear: (budgetYearId: number) => [...enrollmentKeys.all, budgetYearId] as const,
};

export const enrollmentApi = {
  list: (budgetYearId: number) => api.get<EnrollmentResponse>('/enrollment', { query: { budgetYearId } }),
  saveBuilding: (body: SaveEnrollmentBatchBody) =>
    api.post<EnrollmentBatchResponse>('/enrollment/batch', body),
};

export function useEnrollment(budgetYearId: number | null) {
  return useQuery({
    queryKey: enrollmentKeys.ofBudgetYear(budgetYearId ?? 0),
    queryFn: () => enrollmentApi.list(budgetYearId!),
    enabled: budgetYearId !== null,
  });
}

/** Saves one building's grades in one transaction. */
export function useSaveBuildingEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollmentApi.saveBuilding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }),
  });
}
