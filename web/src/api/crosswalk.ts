import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyResult,
  CrosswalkConflictRow,
  CrosswalkPreview,
  CrosswalkRule,
  CrosswalkRuleInput,
  MatchType,
  UnmatchedTitle,
} from '@shared/schemas/crosswalk';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type {
  ApplyResult,
  CrosswalkConflictRow,
  CrosswalkPreview,
  CrosswalkRule,
  CrosswalkRuleInput,
  MatchType,
  UnmatchedTitle,
};

/** The year a rule is checked against and previewed on: a budget year's fiscal year. */
export interface CrosswalkYear {
  budgetYearId: number;
  fiscalYear: number;
}

export interface ApplyRequest extends CrosswalkYear {
  overwrite?: boolean;
  dryRun?: boolean;
  ruleIds?: number[];
}

export const crosswalkKeys = {
  all: ['crosswalk'] as const,
  rules: () => [...crosswalkKeys.all, 'rules'] as const,
  preview: (year: CrosswalkYear, overwrite: boolean) =>
    [...crosswalkKeys.all, 'preview', year.budgetYearId, year.fiscalYear, overwrite] as const,
};

export const crosswalkApi = {
  rules: () => api.get<{ rules: CrosswalkRule[] }>('/crosswalk/rules'),
  create: (rule: CrosswalkRuleInput, year: CrosswalkYear) =>
    api.post<{ rule: CrosswalkRule }>('/crosswalk/rules', { ...rule, ...year }),
  createMany: (rules: CrosswalkRuleInput[], year: CrosswalkYear) =>
    api.post<{ rules: CrosswalkRule[] }>('/crosswalk/rules/batch', { rules, ...year }),
  update: (id: number, rule: CrosswalkRuleInput, year: CrosswalkYear) =>
    api.put<{ rule: CrosswalkRule }>(`/crosswalk/rules/${id}`, { ...rule, ...year }),
  remove: (id: number) => api.delete<{ message: string }>(`/crosswalk/rules/${id}`),
  preview: (year: CrosswalkYear, overwrite: boolean) =>
    api.get<CrosswalkPreview>('/crosswalk/preview', {
      query: { budgetYearId: year.budgetYearId, fiscalYear: year.fiscalYear, overwrite },
    }),
  apply: (body: ApplyRequest) => api.post<ApplyResult>('/crosswalk/apply', body),
};

export function useCrosswalkRules() {
  return useQuery({ queryKey: crosswalkKeys.rules(), queryFn: crosswalkApi.rules });
}

export function useCrosswalkPreview(year: CrosswalkYear | null, overwrite: boolean) {
  return useQuery({
    queryKey: year ? crosswalkKeys.preview(year, overwrite) : [...crosswalkKeys.all, 'preview', 'none'],
    queryFn: () => crosswalkApi.preview(year!, overwrite),
    enabled: year !== null,
  });
}

/** A rule saved or deleted changes the list and every preview (lines change only on Apply). */
function useRuleMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crosswalkKeys.all }),
  });
}

export function useSaveRule(year: CrosswalkYear | null) {
  return useRuleMutation(({ id, rule }: { id: number | null; rule: CrosswalkRuleInput }) =>
    id === null ? crosswalkApi.create(rule, year!) : crosswalkApi.update(id, rule, year!),
  );
}

export function useCreateRules(year: CrosswalkYear | null) {
  return useRuleMutation((rules: CrosswalkRuleInput[]) => crosswalkApi.createMany(rules, year!));
}

export function useDeleteRule() {
  return useRuleMutation((id: number) => crosswalkApi.remove(id));
}

/** Applying the rules rewrites lines: every budget view and the previews are stale afterwards. */
export function useApplyCrosswalk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crosswalkApi.apply,
    onSuccess: async (result) => {
      if (!result.dryRun) {
        await Promise.all([
          invalidateBudgetData(queryClient),
          queryClient.invalidateQueries({ queryKey: crosswalkKeys.all }),
        ]);
      }
    },
  });
}
