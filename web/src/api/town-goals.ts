import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  GapAnalysis,
  SaveTownGoalBody,
  TownGoal,
  TownGuidance,
  townGoalResponse,
  townGoalsResponse,
} from '@shared/schemas/town-goals';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { GapAnalysis, TownGoal, TownGuidance };
export type TownGoalsResponse = z.infer<typeof townGoalsResponse>;
export type TownGoalResponse = z.infer<typeof townGoalResponse>;
/** What the form sends: fiscal years as numbers. */
export type TownGoalInput = Omit<SaveTownGoalBody, 'fiscalYear' | 'baselineYear'> & {
  fiscalYear: number;
  baselineYear?: number | null;
};

export const townGoalKeys = {
  all: ['town-goals'] as const,
  list: () => [...townGoalKeys.all, 'list'] as const,
  gap: (fiscalYear: number, budgetYearId?: number) =>
    [...townGoalKeys.all, 'gap', fiscalYear, budgetYearId ?? 0] as const,
};

export const townGoalsApi = {
  list: () => api.get<TownGoalsResponse>('/town-goals'),
  save: (body: TownGoalInput) => api.post<TownGoalResponse>('/town-goals', body),
  remove: (id: number) => api.delete<{ message: string }>(`/town-goals/${id}`),
  gap: (fiscalYear: number, budgetYearId?: number) =>
    api.get<GapAnalysis>('/town-goals/analysis/gap', { query: { fiscalYear, budgetYearId } }),
};

export function useTownGoals(enabled = true) {
  return useQuery({ queryKey: townGoalKeys.list(), queryFn: townGoalsApi.list, enabled });
}

export function useGapAnalysis(fiscalYear: number | null, budgetYearId?: number) {
  return useQuery({
    queryKey: townGoalKeys.gap(fiscalYear ?? 0, budgetYearId),
    queryFn: () => townGoalsApi.gap(fiscalYear!, budgetYearId),
    enabled: fiscalYear !== null,
  });
}

// A goal is what the dashboard, the gap analysis and the scenario builder measure the budget by.
export function useSaveTownGoal() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: townGoalsApi.save, onSuccess: invalidate });
}

export function useDeleteTownGoal() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: townGoalsApi.remove, onSuccess: invalidate });
}
