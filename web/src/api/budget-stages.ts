import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdvanceStageBody,
  ClosedYears,
  CloseYearBody,
  ReopenStageBody,
  StagesResponse,
} from '@shared/schemas/budget-stages';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { StagesResponse };
export type StageEvent = StagesResponse['events'][number];

/** A fiscal year of a budget year. */
export interface StageScope {
  budgetYearId: number;
  fiscalYear: number;
}

/** Under a budget-data root: a move freezes the lines and a vote locks them, so budget data refreshes with it. */
export const budgetStageKeys = {
  all: ['budget-stages'] as const,
  ofYear: (s: StageScope) => [...budgetStageKeys.all, s.budgetYearId, s.fiscalYear] as const,
  closedYears: () => [...budgetStageKeys.all, 'closed-years'] as const,
};

export const budgetStagesApi = {
  list: (s: StageScope) => api.get<StagesResponse>('/budget-stages', { query: { ...s } }),
  advance: (body: AdvanceStageBody) => api.post<StagesResponse>('/budget-stages/advance', body),
  reopen: (body: ReopenStageBody) => api.post<StagesResponse>('/budget-stages/reopen', body),
  close: (body: CloseYearBody) => api.post<StagesResponse>('/budget-stages/close', body),
  reopenClosed: (body: ReopenStageBody) => api.post<StagesResponse>('/budget-stages/reopen-closed', body),
  closedYears: () => api.get<ClosedYears>('/budget-stages/closed-years'),
};

/** The closed fiscal years (by an administrator, or by the appropriation two years on). */
export function useClosedYears() {
  return useQuery({ queryKey: budgetStageKeys.closedYears(), queryFn: budgetStagesApi.closedYears });
}

export function useBudgetStages(scope: StageScope | null) {
  return useQuery({
    queryKey: budgetStageKeys.ofYear(scope ?? { budgetYearId: 0, fiscalYear: 0 }),
    queryFn: () => budgetStagesApi.list(scope!),
    enabled: scope !== null,
  });
}

export function useAdvanceStage() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: budgetStagesApi.advance, onSuccess: () => invalidate() });
}

export function useReopenStage() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: budgetStagesApi.reopen, onSuccess: () => invalidate() });
}

/** Closes a past year (read-only history); its lines' screens then say so, as after a vote. */
export function useCloseYear() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: budgetStagesApi.close, onSuccess: () => invalidate() });
}

export function useReopenClosedYear() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: budgetStagesApi.reopenClosed, onSuccess: () => invalidate() });
}
