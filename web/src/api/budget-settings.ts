import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BudgetSettings, budgetSettingsResponse } from '@shared/schemas/budget-settings';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { BudgetSettings };
export type BudgetSettingsResponse = z.infer<typeof budgetSettingsResponse>;

export interface BudgetSettingsInput {
  stepLaneAdjustmentType: 'PERCENTAGE' | 'DOLLAR';
  stepLaneAdjustmentValue: number;
  stepLaneDescription: string | null;
  stepsLanesWorkGroups: number[];
}

export const budgetSettingsKeys = {
  all: ['budget-settings'] as const,
  forYear: (budgetYearId: number) => [...budgetSettingsKeys.all, budgetYearId] as const,
};

export const budgetSettingsApi = {
  get: (budgetYearId: number) =>
    api.get<BudgetSettingsResponse>('/budget-settings', { query: { budgetYearId } }),
  /** The work-group list travels as a JSON string. */
  save: (id: number, input: BudgetSettingsInput) =>
    api.put<BudgetSettingsResponse>(`/budget-settings/${id}`, {
      ...input,
      stepsLanesWorkGroups: JSON.stringify(input.stepsLanesWorkGroups),
    }),
};

export function useBudgetSettings(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: budgetSettingsKeys.forYear(budgetYearId ?? 0),
    queryFn: () => budgetSettingsApi.get(budgetYearId!),
    enabled: budgetYearId !== undefined,
  });
}

export function useSaveBudgetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: BudgetSettingsInput }) =>
      budgetSettingsApi.save(id, input),
    onSuccess: (data) => {
      queryClient.setQueryData(budgetSettingsKeys.forYear(data.settings.budgetYearId), data);
      // Next-year salaries computed from steps and lanes read these settings.
      return invalidateBudgetData(queryClient);
    },
  });
}
