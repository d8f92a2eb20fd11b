import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateScenarioInput,
  createScenarioResponse,
  Scenario,
  ScenarioType,
  scenarioResponse,
  scenariosResponse,
  setActiveResponse,
} from '@shared/schemas/scenarios';
import { useInvalidateBudgetData } from '@web/api/budget-data';
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
  create: (body: CreateScenarioInput) => api.post<z.infer<typeof createScenarioResponse>>('/scenarios', body),
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
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: scenariosApi.create, onSuccess: invalidate });
}

export function useRenameScenario() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => scenariosApi.rename(id, name),
    onSuccess: invalidate,
  });
}

/**
 * Makes a budget active; the server deactivates the previously active one of that type. The active
 * budgets decide which lines every grid, sum and dashboard counts, so all budget data is stale.
 */
export function useSetActiveScenario() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: scenariosApi.setActive, onSuccess: invalidate });
}
