import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  calculateResponse,
  compareResponse,
  CreateCutScenarioInput,
  CutScenario,
  cutScenarioResponse,
  cutScenariosResponse,
  Floor,
  floorsResponse,
  quickCutResponse,
  SaveFloorsInput,
  ScenarioLine,
  ScenarioSummary,
} from '@shared/schemas/cut-scenarios';
import { decodeBaseline, type Baseline, type BaselineRows } from '@shared/schemas/scenario-line-rows';
import { api } from '@web/api/client';
import { historyKeys } from '@web/api/history';

export type { Baseline, CutScenario, Floor, SaveFloorsInput, ScenarioLine, ScenarioSummary };
export type QuickCutResult = z.infer<typeof quickCutResponse>;
export type Comparison = z.infer<typeof compareResponse>;
/** Line id -> percent kept (0-100; a line left out keeps 100). */
export type Adjustments = Record<string, number>;

/**
 * Cut scenarios of the Scenario Builder. Every key sits under 'scenarios', a budget-data root
 * (budget-data.ts): the lines and totals are the proposed budget's, so a change of budget data
 * anywhere (a line edit, an import, a town goal) refreshes them.
 *
 * No other screen reads cut scenarios, so the builder's own writes refresh only these keys (and
 * the scenario's change history) instead of every budget query: a saved slider must not send the
 * dashboard, or the builder's own 20,000-line baseline, back to the server.
 */
export const cutScenarioKeys = {
  all: ['scenarios', 'cuts'] as const,
  lists: () => [...cutScenarioKeys.all, 'list'] as const,
  list: (budgetYearId: number, fiscalYear: number) =>
    [...cutScenarioKeys.lists(), budgetYearId, fiscalYear] as const,
  baselines: () => [...cutScenarioKeys.all, 'baseline'] as const,
  baseline: (budgetYearId: number, fiscalYear: number, scenarioId: number | null) =>
    [...cutScenarioKeys.baselines(), budgetYearId, fiscalYear, scenarioId ?? 0] as const,
  floors: (budgetYearId: number) => [...cutScenarioKeys.all, 'floors', budgetYearId] as const,
  compare: (ids: readonly number[]) => [...cutScenarioKeys.all, 'compare', ids.join(',')] as const,
};

export const cutScenariosApi = {
  /** The compact body (an array of values per line), decoded into line objects. */
  baseline: async (budgetYearId: number, fiscalYear: number, scenarioId: number | null): Promise<Baseline> =>
    decodeBaseline(
      await api.get<BaselineRows>('/scenarios/baseline', {
        query: { budgetYearId, fiscalYear, scenarioId: scenarioId ?? undefined, format: 'rows' },
      }),
    ),
  calculate: (body: { budgetYearId: number; fiscalYear: number; adjustments: Adjustments }) =>
    api.post<z.infer<typeof calculateResponse>>('/scenarios/calculate', body),
  list: (budgetYearId: number, fiscalYear: number) =>
    api.get<z.infer<typeof cutScenariosResponse>>('/scenarios/cuts', { query: { budgetYearId, fiscalYear } }),
  create: (body: CreateCutScenarioInput) =>
    api.post<z.infer<typeof cutScenarioResponse>>('/scenarios/cuts', body),
  update: (id: number, body: { name?: string; description?: string | null }) =>
    api.patch<z.infer<typeof cutScenarioResponse>>(`/scenarios/cuts/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/scenarios/cuts/${id}`),
  saveAdjustments: (id: number, adjustments: Adjustments) =>
    api.put<z.infer<typeof cutScenarioResponse>>(`/scenarios/cuts/${id}/adjustments`, { adjustments }),
  /** Only the lines named change (100 uncuts one). */
  changeAdjustments: (id: number, adjustments: Adjustments) =>
    api.patch<z.infer<typeof cutScenarioResponse>>(`/scenarios/cuts/${id}/adjustments`, { adjustments }),
  quickCut: (id: number, body: { lineIds: number[]; percent: number }) =>
    api.post<QuickCutResult>(`/scenarios/cuts/${id}/quick-cut`, body),
  setActive: (id: number) =>
    api.post<z.infer<typeof cutScenarioResponse>>(`/scenarios/cuts/${id}/set-active`),
  floors: (budgetYearId: number) =>
    api.get<z.infer<typeof floorsResponse>>('/scenarios/floors', { query: { budgetYearId } }),
  saveFloors: (body: SaveFloorsInput) => api.put<z.infer<typeof floorsResponse>>('/scenarios/floors', body),
  compare: (ids: readonly number[]) =>
    api.get<Comparison>('/scenarios/cuts/compare', { query: { ids: ids.join(',') } }),
};

export function useCutScenarios(budgetYearId: number | undefined, fiscalYear: number | undefined) {
  return useQuery({
    queryKey: cutScenarioKeys.list(budgetYearId ?? 0, fiscalYear ?? 0),
    queryFn: () => cutScenariosApi.list(budgetYearId!, fiscalYear!),
    enabled: Boolean(budgetYearId && fiscalYear),
  });
}

/** The lines with a scenario's percents (none without one) and the server's summary. */
export function useScenarioBaseline(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  scenarioId: number | null,
  enabled = true,
) {
  return useQuery({
    queryKey: cutScenarioKeys.baseline(budgetYearId ?? 0, fiscalYear ?? 0, scenarioId),
    queryFn: () => cutScenariosApi.baseline(budgetYearId!, fiscalYear!, scenarioId),
    enabled: enabled && Boolean(budgetYearId && fiscalYear),
    // 20,000 lines: no deep comparison with the previous answer, and what the screen writes back
    // (setQueryData after a save) is the very object it reads.
    structuralSharing: false,
  });
}

export function useFloors(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: cutScenarioKeys.floors(budgetYearId ?? 0),
    queryFn: () => cutScenariosApi.floors(budgetYearId!),
    enabled: Boolean(budgetYearId),
  });
}

export function useCompareScenarios(ids: readonly number[]) {
  return useQuery({
    queryKey: cutScenarioKeys.compare(ids),
    queryFn: () => cutScenariosApi.compare(ids),
    enabled: ids.length >= 2,
  });
}

/**
 * After a scenario's percents changed (saved, quick cut): the lists' summaries and comparisons are
 * stale, and so is its history. The baseline on screen is not refetched here: the screen holds
 * the percents it saved, and refetches it itself when it needs the server's lines.
 */
export function refreshScenarioSummaries(queryClient: QueryClient, scenario: CutScenario): Promise<void> {
  queryClient.setQueryData<z.infer<typeof cutScenariosResponse>>(
    cutScenarioKeys.list(scenario.budgetYearId, scenario.fiscalYear),
    (old) => (old ? { scenarios: old.scenarios.map((s) => (s.id === scenario.id ? scenario : s)) } : old),
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...cutScenarioKeys.all, 'compare'] }),
    queryClient.invalidateQueries({ queryKey: historyKeys.record('cut-scenario', scenario.id) }),
  ]).then(() => undefined);
}

/** Scenario lists (names, active flags, summaries) and comparisons, not the baselines' lines. */
function refreshLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cutScenarioKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: [...cutScenarioKeys.all, 'compare'] }),
    queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  ]).then(() => undefined);
}

export function useCreateCutScenario() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cutScenariosApi.create, onSuccess: () => refreshLists(queryClient) });
}

/** 'Failed to update scenario name' on failure is the screen's. */
export function useUpdateCutScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; description?: string | null }) =>
      cutScenariosApi.update(id, body),
    onSuccess: () => refreshLists(queryClient),
  });
}

export function useDeleteCutScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cutScenariosApi.remove,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({
        queryKey: cutScenarioKeys.baselines(),
        predicate: (q) => q.queryKey[5] === id,
      });
      return refreshLists(queryClient);
    },
  });
}

/** The adopted plan of its budget and fiscal year; the previously active one is no longer. */
export function useSetActiveCutScenario() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cutScenariosApi.setActive, onSuccess: () => refreshLists(queryClient) });
}

/** Floors change every line's least percent: the baselines (which carry floorPercent) refetch. */
export function useSaveFloors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cutScenariosApi.saveFloors,
    onSuccess: (data, body) => {
      queryClient.setQueryData(cutScenarioKeys.floors(body.budgetYearId), data);
      // Not awaited: the dialog is done once the floors are saved; the lines follow.
      void queryClient.invalidateQueries({ queryKey: cutScenarioKeys.baselines() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}
