import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BaseYearDiagnostic,
  BaseYears,
  fixBaseYearResponse,
  generateProjectionsResponse,
  GenerateProjectionsBody,
  ProjectionStatus,
} from '@shared/schemas/projections';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { BaseYearDiagnostic, BaseYears, ProjectionStatus };
export type GenerateProjectionsResult = z.infer<typeof generateProjectionsResponse>;
export type FixBaseYearResult = z.infer<typeof fixBaseYearResponse>;
export interface FixBaseYearInput {
  budgetYearId: number;
  correctBaseYear: number;
  isOperating: boolean;
}

export const projectionKeys = {
  all: ['projections'] as const,
  status: (budgetYearId: number) => [...projectionKeys.all, 'status', budgetYearId] as const,
  baseYears: (budgetYearId: number) => [...projectionKeys.all, 'base-years', budgetYearId] as const,
  diagnostic: (budgetYearId: number) => [...projectionKeys.all, 'diagnostic', budgetYearId] as const,
};

export const projectionsApi = {
  status: (budgetYearId: number) =>
    api.get<ProjectionStatus>('/projections/status', { query: { budgetYearId } }),
  baseYears: (budgetYearId: number) =>
    api.get<BaseYears>('/projections/base-years', { query: { budgetYearId } }),
  diagnostic: (budgetYearId: number) =>
    api.get<BaseYearDiagnostic>('/projections/base-year-diagnostic', { query: { budgetYearId } }),
  generate: (body: GenerateProjectionsBody) =>
    api.post<GenerateProjectionsResult>('/projections/generate', body),
  fixBaseYear: (body: FixBaseYearInput) => api.post<FixBaseYearResult>('/projections/fix-base-year', body),
};

export function useProjectionStatus(budgetYearId: number | null, enabled = true) {
  return useQuery({
    queryKey: projectionKeys.status(budgetYearId ?? 0),
    queryFn: () => projectionsApi.status(budgetYearId!),
    enabled: enabled && budgetYearId !== null,
  });
}

export function useBaseYears(budgetYearId: number | null, enabled = true) {
  return useQuery({
    queryKey: projectionKeys.baseYears(budgetYearId ?? 0),
    queryFn: () => projectionsApi.baseYears(budgetYearId!),
    enabled: enabled && budgetYearId !== null,
  });
}

export function useBaseYearDiagnostic(budgetYearId: number | null, enabled = true) {
  return useQuery({
    queryKey: projectionKeys.diagnostic(budgetYearId ?? 0),
    queryFn: () => projectionsApi.diagnostic(budgetYearId!),
    enabled: enabled && budgetYearId !== null,
  });
}

// Projections and base-year fixes add lines and move them between years: all budget data is stale.
export function useGenerateProjections() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: projectionsApi.generate, onSuccess: invalidate });
}

export function useFixBaseYear() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: projectionsApi.fixBaseYear, onSuccess: invalidate });
}
