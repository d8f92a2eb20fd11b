import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateBudgetYearBody,
  CreatedBudgetYear,
  SeedCategoriesResult,
  SetupStatus,
  SetupStep,
} from '@shared/schemas/setup';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { budgetYearKeys } from '@web/api/budget-years';
import { api } from '@web/api/client';

export type { CreateBudgetYearBody, SetupStatus, SetupStep };

export const setupKeys = {
  all: ['setup'] as const,
  status: () => [...setupKeys.all, 'status'] as const,
};

export const setupApi = {
  status: () => api.get<SetupStatus>('/setup'),
  createBudgetYear: (body: CreateBudgetYearBody) => api.post<CreatedBudgetYear>('/budget-years', body),
  seedCategories: () => api.post<SeedCategoriesResult>('/setup/budget-categories'),
};

/** Which first-start steps are done (ADMIN only; the server refuses others). */
export function useSetupStatus(enabled = true) {
  return useQuery({ queryKey: setupKeys.status(), queryFn: setupApi.status, enabled });
}

/** After any step: the status, and whatever budget data the step changed. */
export function useSetupStepDone() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBudgetData();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: setupKeys.all }),
      queryClient.invalidateQueries({ queryKey: budgetYearKeys.all }),
      invalidate(),
    ]);
  };
}

export function useCreateBudgetYear() {
  const done = useSetupStepDone();
  return useMutation({ mutationFn: setupApi.createBudgetYear, onSuccess: done });
}

export function useSeedCategories() {
  const done = useSetupStepDone();
  return useMutation({ mutationFn: setupApi.seedCategories, onSuccess: done });
}
