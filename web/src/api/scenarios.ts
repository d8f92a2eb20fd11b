import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateScenarioBody,
  Scenario,
  ScenarioType,
  scenarioResponse,
  scenariosResponse,
  setActiveResponse,
} from '@server/schemas/scenarios';
import { api } from '@web/api/client';

export type { Scenario, ScenarioType };

/** Query keys for budgets (scenarios) of a budget year. */
export const scenarioKeys = {
  all: ['scenarios'] as const,
  list: (budgetYearId: number) => [...scenarioKeys.all, 'list', budgetYearId] as const,
  active: (type: ScenarioType, budgetYearId: number) =>
    [...scenarioKeys.all, 'active', type, budgetYearId] as const,
};

export const scenariosApi = {
  list: (budgetYearId: number) =>
    api.get<z.infer<typeof scenariosResponse>>('/scenarios', { query: { budgetYearId } }),
  create: (body: CreateScenarioBody) => api.post<z.infer<typeof scenarioResponse>>('/scenarios', body),
  rename: (id: number, name: string) =>
    api.patch<z.infer<typeof scenarioResponse>>(`/scenarios/${id}`, { name }),
  setActive: (id: number) => api.post<z.infer<typeof setActiveResponse>>(`/scenarios/${id}/set-active`),
};

export function useScenarios(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: scenarioKeys.list(budgetYearId ?? 0),
    queryFn: () => scenariosApi.list(budgetYearId!),
    enabled: Boolean(budgetYearId),
  });
}

export function useCreateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scenariosApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.all }),
  });
}

export function useRenameScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => scenariosApi.rename(id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.all }),
  });
}

/** Makes a budget active; the server deactivates the previously active one of that type. */
export function useSetActiveScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scenariosApi.setActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.all }),
  });
}
