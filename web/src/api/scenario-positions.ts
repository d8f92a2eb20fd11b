import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PositionAddBody,
  PositionCutBody,
  PositionCutResult,
  PositionGroup,
  positionGroupsResponse,
  ScenarioPositionChange,
  ScenarioPositions,
} from '@shared/schemas/scenario-positions';
import { api, ApiError, errorMessage } from '@web/api/client';
import { cutScenarioKeys } from '@web/api/cut-scenarios';
import { historyKeys } from '@web/api/history';

export type {
  PositionAddBody,
  PositionCutBody,
  PositionCutResult,
  PositionGroup,
  ScenarioPositionChange,
  ScenarioPositions,
};

/**
 * Cuts and adds by position in a cut scenario (shared/schemas/scenario-positions.ts). The keys sit
 * under the cut scenarios' root, so whatever refreshes the builder (budget data) refreshes them too.
 */
export const scenarioPositionKeys = {
  all: [...cutScenarioKeys.all, 'positions'] as const,
  of: (scenarioId: number) => [...scenarioPositionKeys.all, scenarioId] as const,
  groups: (scenarioId: number, search: string) =>
    [...scenarioPositionKeys.all, scenarioId, 'groups', search] as const,
};

export const scenarioPositionsApi = {
  get: (scenarioId: number) => api.get<ScenarioPositions>(`/scenarios/cuts/${scenarioId}/positions`),
  groups: (scenarioId: number, search: string) =>
    api.get<z.infer<typeof positionGroupsResponse>>(`/scenarios/cuts/${scenarioId}/position-groups`, {
      query: { search: search || undefined },
    }),
  cut: (scenarioId: number, body: PositionCutBody) =>
    api.post<PositionCutResult>(`/scenarios/cuts/${scenarioId}/positions/cut`, body),
  add: (scenarioId: number, body: PositionAddBody) =>
    api.post<ScenarioPositions>(`/scenarios/cuts/${scenarioId}/positions/add`, body),
  remove: (scenarioId: number, changeId: number) =>
    api.delete<ScenarioPositions>(`/scenarios/cuts/${scenarioId}/positions/${changeId}`),
};

/** A refusal's reasons (the server's details[].message, e.g. more FTE than the group has), else its text. */
export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && Array.isArray(error.details)) {
    const messages = (error.details as { message?: unknown }[])
      .map((d) => (typeof d.message === 'string' ? d.message : ''))
      .filter(Boolean);
    if (messages.length) {
      return messages.join(' ');
    }
  }
  return errorMessage(error, fallback);
}

export function useScenarioPositions(scenarioId: number | null) {
  return useQuery({
    queryKey: scenarioPositionKeys.of(scenarioId ?? 0),
    queryFn: () => scenarioPositionsApi.get(scenarioId!),
    enabled: scenarioId !== null,
  });
}

export function usePositionGroups(scenarioId: number | null, search: string, enabled = true) {
  return useQuery({
    queryKey: scenarioPositionKeys.groups(scenarioId ?? 0, search),
    queryFn: () => scenarioPositionsApi.groups(scenarioId!, search),
    enabled: enabled && scenarioId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * A change by position moves the scenario's totals: its positions, the lists' summaries, the
 * baseline's summary (the cards) and the comparisons are stale, and so is its history.
 */
function refreshAfterChange(queryClient: QueryClient, scenarioId: number, data: ScenarioPositions) {
  queryClient.setQueryData(scenarioPositionKeys.of(scenarioId), data);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: scenarioPositionKeys.all }),
    queryClient.invalidateQueries({ queryKey: cutScenarioKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: cutScenarioKeys.baselines() }),
    queryClient.invalidateQueries({ queryKey: [...cutScenarioKeys.all, 'compare'] }),
    queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  ]).then(() => undefined);
}

/** What a cut would pick and save (a dry run: nothing saved); refusals are its error. */
export function usePositionCutPreview(scenarioId: number, body: PositionCutBody | null) {
  return useQuery({
    queryKey: [...scenarioPositionKeys.of(scenarioId), 'dry-run', body] as const,
    queryFn: () => scenarioPositionsApi.cut(scenarioId, { ...body!, dryRun: true }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** A dry run (dryRun: true) reads only; a cut refreshes the scenario's figures. */
export function useCutPositions(scenarioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PositionCutBody) => scenarioPositionsApi.cut(scenarioId, body),
    onSuccess: (data, body) => (body.dryRun ? undefined : refreshAfterChange(queryClient, scenarioId, data)),
  });
}

export function useAddPosition(scenarioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PositionAddBody) => scenarioPositionsApi.add(scenarioId, body),
    onSuccess: (data) => refreshAfterChange(queryClient, scenarioId, data),
  });
}

export function useRemovePositionChange(scenarioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => scenarioPositionsApi.remove(scenarioId, changeId),
    onSuccess: (data) => refreshAfterChange(queryClient, scenarioId, data),
  });
}
