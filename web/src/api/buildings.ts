import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Building,
  BuildingType,
  buildingResponse,
  buildingsResponse,
  createBuildingBody,
  updateBuildingBody,
} from '@shared/schemas/buildings';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { Building, BuildingType };
export type BuildingsResponse = z.infer<typeof buildingsResponse>;
export type BuildingResponse = z.infer<typeof buildingResponse>;
export type NewBuilding = z.input<typeof createBuildingBody>;
export type BuildingPatch = z.input<typeof updateBuildingBody>;

/** Employee counts for one budget year and fiscal year; empty counts every year. */
export interface BuildingFilter {
  budgetYearId?: number;
  fiscalYear?: number;
}

/** Query keys for buildings (the shared lookup list lives under the same root). */
export const buildingKeys = {
  all: ['buildings'] as const,
  list: (filter: BuildingFilter = {}) => [...buildingKeys.all, 'list', filter] as const,
};

export const buildingsApi = {
  list: (filter: BuildingFilter = {}) => api.get<BuildingsResponse>('/buildings', { query: { ...filter } }),
  create: (body: NewBuilding) => api.post<BuildingResponse>('/buildings', body),
  update: (id: number, body: BuildingPatch) => api.put<BuildingResponse>(`/buildings/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/buildings/${id}`),
};

export function useBuildings(filter: BuildingFilter = {}, enabled = true) {
  return useQuery({
    queryKey: buildingKeys.list(filter),
    queryFn: () => buildingsApi.list(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}

// Lines, sums and charts by building show buildings' names: a building change is a budget-data change.
export function useCreateBuilding() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: buildingsApi.create, onSuccess: invalidate });
}

export function useUpdateBuilding() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BuildingPatch }) => buildingsApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteBuilding() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: buildingsApi.remove, onSuccess: invalidate });
}
