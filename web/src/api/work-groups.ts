import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  WorkGroupCategory,
  createWorkGroupCategoryBody,
  updateWorkGroupCategoryBody,
  workGroupCategoriesResponse,
  workGroupCategoryResponse,
} from '@shared/schemas/work-group-categories';
import type {
  WorkGroup,
  createWorkGroupBody,
  updateWorkGroupBody,
  workGroupResponse,
  workGroupsResponse,
} from '@shared/schemas/work-groups';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { WorkGroup, WorkGroupCategory };
export type WorkGroupsResponse = z.infer<typeof workGroupsResponse>;
export type WorkGroupCategoriesResponse = z.infer<typeof workGroupCategoriesResponse>;
export type NewWorkGroup = z.input<typeof createWorkGroupBody>;
export type WorkGroupPatch = z.input<typeof updateWorkGroupBody>;
export type NewWorkGroupCategory = z.input<typeof createWorkGroupCategoryBody>;
export type WorkGroupCategoryPatch = z.input<typeof updateWorkGroupCategoryBody>;

/** Query keys for work groups and their categories (the shared lookup list lives under the same root). */
export const workGroupKeys = {
  all: ['work-groups'] as const,
  list: () => [...workGroupKeys.all, 'list'] as const,
};

export const workGroupCategoryKeys = {
  all: ['work-group-categories'] as const,
  list: () => [...workGroupCategoryKeys.all, 'list'] as const,
};

export const workGroupsApi = {
  list: () => api.get<WorkGroupsResponse>('/cola/work-groups'),
  create: (body: NewWorkGroup) => api.post<z.infer<typeof workGroupResponse>>('/cola/work-groups', body),
  update: (id: number, body: WorkGroupPatch) =>
    api.put<z.infer<typeof workGroupResponse>>(`/cola/work-groups/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/cola/work-groups/${id}`),
};

export const workGroupCategoriesApi = {
  list: () => api.get<WorkGroupCategoriesResponse>('/cola/work-group-categories'),
  create: (body: NewWorkGroupCategory) =>
    api.post<z.infer<typeof workGroupCategoryResponse>>('/cola/work-group-categories', body),
  update: (id: number, body: WorkGroupCategoryPatch) =>
    api.put<z.infer<typeof workGroupCategoryResponse>>(`/cola/work-group-categories/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/cola/work-group-categories/${id}`),
};

export function useWorkGroups(enabled = true) {
  return useQuery({ queryKey: workGroupKeys.list(), queryFn: workGroupsApi.list, enabled });
}

/**
 * Work groups with each one's employees in a budget year's own fiscal year (the response's
 * fiscalYear), for a screen labelled with that year. Keyed under the work-group list, so whatever
 * refreshes the list refreshes this too.
 */
export function useWorkGroupsInYear(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: [...workGroupKeys.list(), budgetYearId ?? 0],
    queryFn: () => api.get<WorkGroupsResponse>('/cola/work-groups', { query: { budgetYearId } }),
    enabled: budgetYearId !== undefined,
  });
}

export function useWorkGroupCategories(enabled = true) {
  return useQuery({ queryKey: workGroupCategoryKeys.list(), queryFn: workGroupCategoriesApi.list, enabled });
}

/** A work group change moves category counts, a category change recolours work groups: refresh both. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: workGroupKeys.all }),
      queryClient.invalidateQueries({ queryKey: workGroupCategoryKeys.all }),
    ]);
  };
}

/** Work groups also classify lines (salary distribution, COLA, bulk options): all budget data is stale. */
function useInvalidateWithBudgetData() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      invalidateBudgetData(queryClient),
      queryClient.invalidateQueries({ queryKey: workGroupCategoryKeys.all }),
    ]);
  };
}

export function useCreateWorkGroup() {
  const invalidate = useInvalidateWithBudgetData();
  return useMutation({ mutationFn: workGroupsApi.create, onSuccess: invalidate });
}

export function useUpdateWorkGroup() {
  const invalidate = useInvalidateWithBudgetData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WorkGroupPatch }) => workGroupsApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteWorkGroup() {
  const invalidate = useInvalidateWithBudgetData();
  return useMutation({ mutationFn: workGroupsApi.remove, onSuccess: invalidate });
}

export function useCreateWorkGroupCategory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: workGroupCategoriesApi.create, onSuccess: invalidate });
}

export function useUpdateWorkGroupCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WorkGroupCategoryPatch }) =>
      workGroupCategoriesApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteWorkGroupCategory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: workGroupCategoriesApi.remove, onSuccess: invalidate });
}
