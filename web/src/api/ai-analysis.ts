import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Analysis,
  AnalysisScenario,
  AnalysisScenarioInput,
  AnalysisSummary,
  analysesResponse,
  analysisResponse,
  BudgetCutsInput,
} from '@shared/schemas/ai-analysis';
import { api } from '@web/api/client';
import { cutScenarioKeys } from '@web/api/cut-scenarios';

export type { Analysis, AnalysisScenario, AnalysisSummary };
type AnalysisResponse = z.infer<typeof analysisResponse>;
type AnalysesResponse = z.infer<typeof analysesResponse>;

/**
 * Saved AI analyses. Not budget data (budget-data.ts): an analysis is a record of what the model
 * said about the lines at the time, and never changes afterwards.
 */
export const aiAnalysisKeys = {
  all: ['ai-analysis'] as const,
  list: (budgetYearId: number) => [...aiAnalysisKeys.all, 'list', budgetYearId] as const,
  one: (id: number) => [...aiAnalysisKeys.all, 'one', id] as const,
};

/** The request body as sent: the target is the typed amount's exact dollar text ('1200000.00'). */
export type BudgetCutsRequest = Omit<BudgetCutsInput, 'targetAmount'> & { targetAmount: string };

export const aiAnalysisApi = {
  /** Runs the model; `signal` lets Cancel abort the request (the server then stops waiting too). */
  run: (body: BudgetCutsRequest, signal?: AbortSignal) =>
    api.post<AnalysisResponse>('/ai-analysis/budget-cuts', body, { signal }),
  list: (budgetYearId: number) =>
    api.get<AnalysesResponse>('/ai-analysis/analyses', { query: { budgetYearId, limit: 10 } }),
  get: (id: number) => api.get<AnalysisResponse>(`/ai-analysis/analyses/${id}`),
  toScenario: (id: number, body: AnalysisScenarioInput) =>
    api.post<AnalysisScenario>(`/ai-analysis/analyses/${id}/scenario`, body),
};

export function useRecentAnalyses(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: aiAnalysisKeys.list(budgetYearId ?? 0),
    queryFn: () => aiAnalysisApi.list(budgetYearId!),
    enabled: Boolean(budgetYearId),
  });
}

/** A saved analysis, read back from the server without calling the model. */
export function useAnalysis(id: number | null) {
  return useQuery({
    queryKey: aiAnalysisKeys.one(id ?? 0),
    queryFn: async () => (await aiAnalysisApi.get(id!)).analysis,
    enabled: id !== null,
  });
}

/** Runs an analysis; the caller owns the AbortController so Cancel can stop it. */
export function useRunAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, signal }: { body: BudgetCutsRequest; signal: AbortSignal }) =>
      aiAnalysisApi.run(body, signal),
    onSuccess: ({ analysis }) => {
      queryClient.setQueryData(aiAnalysisKeys.one(analysis.id), analysis);
      return queryClient.invalidateQueries({ queryKey: aiAnalysisKeys.list(analysis.budgetYearId) });
    },
  });
}

/** Turns chosen suggestions into a new cut scenario; the Scenario Builder's lists then refetch. */
export function useAnalysisScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnalysisScenarioInput }) =>
      aiAnalysisApi.toScenario(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cutScenarioKeys.lists() }),
  });
}
