import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Adoption,
  AdoptPreview,
  AdoptResult,
  adoptionsResponse,
  undoResponse,
  UndoPreview,
} from '@shared/schemas/scenario-adoptions';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { Adoption, AdoptPreview, UndoPreview };

/**
 * Adopting a cut scenario into the budget. Keys sit under 'scenarios', a
 * budget-data root: any change of budget data refreshes them. An adoption or its undo changes the
 * proposed lines, so it refreshes every budget query (the dashboard, the grids, Budget Comparison,
 * town goals, stages), not only the builder's.
 */
export const adoptionKeys = {
  all: ['scenarios', 'adoptions'] as const,
  list: (budgetYearId: number, fiscalYear: number) =>
    [...adoptionKeys.all, 'list', budgetYearId, fiscalYear] as const,
  previews: () => [...adoptionKeys.all, 'preview'] as const,
  preview: (scenarioId: number) => [...adoptionKeys.previews(), scenarioId] as const,
  undoPreview: (adoptionId: number, overwriteEdited = false) =>
    [...adoptionKeys.previews(), 'undo', adoptionId, overwriteEdited] as const,
};

export interface AdoptInput {
  scenarioId: number;
  budgetYearId: number;
  fiscalYear: number;
  basis: string;
  reason?: string | null;
}

export const adoptionsApi = {
  list: (budgetYearId: number, fiscalYear: number) =>
    api.get<z.infer<typeof adoptionsResponse>>('/scenario-adoptions', {
      query: { budgetYearId, fiscalYear },
    }),
  preview: (scenarioId: number, scope: { budgetYearId: number; fiscalYear: number }) =>
    api.post<AdoptPreview>(`/scenarios/cuts/${scenarioId}/adopt/preview`, scope),
  adopt: ({ scenarioId, ...body }: AdoptInput) =>
    api.post<AdoptResult>(`/scenarios/cuts/${scenarioId}/adopt`, body),
  undoPreview: (adoptionId: number, overwriteEdited: boolean) =>
    api.post<UndoPreview>(`/scenario-adoptions/${adoptionId}/undo/preview`, { overwriteEdited }),
  undo: ({
    adoptionId,
    ...body
  }: {
    adoptionId: number;
    basis: string;
    reason?: string | null;
    overwriteEdited: boolean;
  }) => api.post<z.infer<typeof undoResponse>>(`/scenario-adoptions/${adoptionId}/undo`, body),
};

export function useAdoptions(budgetYearId: number | undefined, fiscalYear: number | undefined) {
  return useQuery({
    queryKey: adoptionKeys.list(budgetYearId ?? 0, fiscalYear ?? 0),
    queryFn: () => adoptionsApi.list(budgetYearId!, fiscalYear!),
    enabled: Boolean(budgetYearId && fiscalYear),
  });
}

/** What adopting would change now: read afresh each time the confirmation opens. */
export function useAdoptPreview(
  scenarioId: number | null,
  scope: { budgetYearId: number; fiscalYear: number } | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: adoptionKeys.preview(scenarioId ?? 0),
    queryFn: () => adoptionsApi.preview(scenarioId!, scope!),
    enabled: enabled && scenarioId !== null && scope !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** What undoing would return; with `overwriteEdited`, the lines edited since return too. */
export function useUndoPreview(adoptionId: number | null, enabled: boolean, overwriteEdited = false) {
  return useQuery({
    queryKey: adoptionKeys.undoPreview(adoptionId ?? 0, overwriteEdited),
    queryFn: () => adoptionsApi.undoPreview(adoptionId!, overwriteEdited),
    enabled: enabled && adoptionId !== null,
    // Ticking 'overwrite' reads the preview again: the dialog keeps showing the last one meanwhile.
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** After an adoption or an undo: the previews are spent, and every budget figure is stale. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: adoptionKeys.previews() });
    return invalidateBudgetData(queryClient);
  };
}

export function useAdoptScenario() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: adoptionsApi.adopt, onSuccess: () => refresh() });
}

export function useUndoAdoption() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: adoptionsApi.undo, onSuccess: () => refresh() });
}
