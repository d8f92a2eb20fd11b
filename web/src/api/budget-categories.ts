import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BudgetCategory,
  budgetCategoriesResponse,
  budgetCategoryResponse,
  saveCategoryBody,
  updateCategoryBody,
} from '@shared/schemas/budget-categories';
import type { DeseCode, ListedDeseCode, deseCodesResponse } from '@shared/schemas/dese-codes';
import { invalidateBudgetData, useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { BudgetCategory, DeseCode, ListedDeseCode };
export type BudgetCategoriesResponse = z.infer<typeof budgetCategoriesResponse>;
export type BudgetCategoryResponse = z.infer<typeof budgetCategoryResponse>;
/** POST /categories: create, or update when it carries an id. */
export type SaveBudgetCategory = z.input<typeof saveCategoryBody>;
export type BudgetCategoryPatch = z.input<typeof updateCategoryBody>;

/** Query keys for budget categories (the shared lookup list lives under the same root). */
export const budgetCategoryKeys = {
  all: ['categories'] as const,
  list: () => [...budgetCategoryKeys.all, 'list'] as const,
  /** Each fiscal year's answer apart (its codes in force differ); no year: DESE's newest list. */
  deseCodes: (fiscalYear?: number) =>
    [...budgetCategoryKeys.all, 'dese-codes', fiscalYear ?? 'newest'] as const,
};

export const budgetCategoriesApi = {
  list: () => api.get<BudgetCategoriesResponse>('/categories'),
  deseCodes: (fiscalYear?: number) =>
    api.get<z.infer<typeof deseCodesResponse>>(
      `/categories/dese-codes${fiscalYear === undefined ? '' : `?fiscalYear=${fiscalYear}`}`,
    ),
  save: (body: SaveBudgetCategory) => api.post<BudgetCategoryResponse>('/categories', body),
  update: (id: number, body: BudgetCategoryPatch) =>
    api.put<BudgetCategoryResponse>(`/categories/${id}`, body),
  setYoY: (id: number, defaultYoYIncrease: number | null) =>
    api.patch<BudgetCategoryResponse>(`/categories/${id}`, { defaultYoYIncrease }),
  remove: (id: number) => api.delete<{ message: string }>(`/categories/${id}`),
};

export function useBudgetCategories(enabled = true) {
  return useQuery({ queryKey: budgetCategoryKeys.list(), queryFn: budgetCategoriesApi.list, enabled });
}

/**
 * The DESE function codes, each saying whether it is in force in `fiscalYear` (the year whose line,
 * position or rule is being given a code; left out, DESE's newest list): fixed, loaded once per
 * session and year.
 */
export function useDeseCodes(enabled = true, fiscalYear?: number) {
  return useQuery({
    queryKey: budgetCategoryKeys.deseCodes(fiscalYear),
    queryFn: () => budgetCategoriesApi.deseCodes(fiscalYear),
    enabled,
    staleTime: Infinity,
  });
}

// Lines, sums and the dashboard show categories' names and colours, projections use their
// increases: a category change is a budget-data change.
export function useSaveBudgetCategory() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: budgetCategoriesApi.save, onSuccess: invalidate });
}

export function useUpdateBudgetCategory() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BudgetCategoryPatch }) =>
      budgetCategoriesApi.update(id, body),
    onSuccess: invalidate,
  });
}

/** The quick YoY edit: the list is updated in place so the card does not flicker back. */
export function useSetCategoryYoY() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: number | null }) =>
      budgetCategoriesApi.setYoY(id, value),
    onSuccess: ({ category }) => {
      queryClient.setQueryData<BudgetCategoriesResponse>(budgetCategoryKeys.list(), (old) =>
        old ? { categories: old.categories.map((c) => (c.id === category.id ? category : c)) } : old,
      );
      return invalidateBudgetData(queryClient);
    },
  });
}

/**
 * The counts the server checks before deleting a category (every year's lines): a category with
 * any cannot be deleted, so its Delete is disabled, saying why (components/in-use).
 */
export function categoryUsage(category: Pick<BudgetCategory, 'lineItemCount'>) {
  return [[category.lineItemCount, 'line']] as const;
}

export function useDeleteBudgetCategory() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: budgetCategoriesApi.remove, onSuccess: invalidate });
}
