import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { budgetCategoriesResponse, BudgetCategory } from '@shared/schemas/budget-categories';
import type { Building, buildingsResponse } from '@shared/schemas/buildings';
import type { WorkGroup, workGroupsResponse } from '@shared/schemas/work-groups';
import { api } from '@web/api/client';

export type { Building, BudgetCategory, WorkGroup };

/**
 * Reference lists the grids filter and assign by. Keys start with the same word as the reference
 * screens' own keys ('buildings', 'categories', 'work-groups'), so saving a building there
 * refreshes these lists too.
 */
export const lookupKeys = {
  buildings: () => ['buildings', 'lookup'] as const,
  categories: () => ['categories', 'lookup'] as const,
  workGroups: () => ['work-groups', 'lookup'] as const,
};

export const lookupsApi = {
  buildings: () => api.get<z.infer<typeof buildingsResponse>>('/buildings'),
  categories: () => api.get<z.infer<typeof budgetCategoriesResponse>>('/categories'),
  workGroups: () => api.get<z.infer<typeof workGroupsResponse>>('/cola/work-groups'),
};

// Reference data changes rarely; a failure (an endpoint not deployed yet, a 403) only empties a
// filter list, it never blocks the grid.
const lookupOptions = { staleTime: 5 * 60_000, retry: false } as const;

export function useBuildings() {
  return useQuery({ queryKey: lookupKeys.buildings(), queryFn: lookupsApi.buildings, ...lookupOptions });
}

export function useCategories() {
  return useQuery({ queryKey: lookupKeys.categories(), queryFn: lookupsApi.categories, ...lookupOptions });
}

export function useWorkGroups() {
  return useQuery({ queryKey: lookupKeys.workGroups(), queryFn: lookupsApi.workGroups, ...lookupOptions });
}
