import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateBudgetYearBody,
  CreatedBudgetYear,
  EditBudgetYearBody,
  EditedBudgetYear,
  SeedCategoriesResult,
  SetupStatus,
  SetupStep,
} from '@shared/schemas/setup';
import type { DeletedBudgetYear } from '@shared/schemas/budget-years';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { budgetYearKeys } from '@web/api/budget-years';
import { api } from '@web/api/client';

export type { CreateBudgetYearBody, EditBudgetYearBody, SetupStatus, SetupStep };

export const setupKeys = {
  all: ['setup'] as const,
  status: () => [...setupKeys.all, 'status'] as const,
};

export const setupApi = {
  status: () => api.get<SetupStatus>('/setup'),
  createBudgetYear: (body: CreateBudgetYearBody) => api.post<CreatedBudgetYear>('/budget-years', body),
  seedCategories: () => api.post<SeedCategoriesResult>('/setup/budget-categories'),
  editBudgetYear: (id: number, body: EditBudgetYearBody) =>
    api.patch<EditedBudgetYear>(`/budget-years/${id}`, body),
  deleteBudgetYear: (id: number) => api.delete<DeletedBudgetYear>(`/budget-years/${id}`),
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

/** PATCH /budget-years/:id: a budget year's name, notes or span of fiscal years (ADMIN). */
export function useEditBudgetYear() {
  const done = useSetupStepDone();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditBudgetYearBody }) => setupApi.editBudgetYear(id, body),
    onSuccess: done,
  });
}

/** DELETE /budget-years/:id: a budget year that holds nothing (ADMIN). */
export function useDeleteBudgetYear() {
  const done = useSetupStepDone();
  return useMutation({ mutationFn: setupApi.deleteBudgetYear, onSuccess: done });
}
