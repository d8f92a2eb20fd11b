import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MergeByRuleResult, MergeRule } from '@shared/schemas/duplicates';
import { api } from '@web/api/client';
import { removeLines } from '@web/api/line-items';

export type { MergeByRuleResult, MergeRule };

/** POST /line-items/duplicates/merge-by-rule: a preview (dryRun) or the merges themselves. */
export interface MergeByRuleRequest {
  budgetYearId: number;
  rule: MergeRule;
  dryRun: boolean;
  /** The previewed merges, carried out exactly as previewed (409 when the groups changed since). */
  merges?: { keepId: number; removeIds: number[] }[];
}

export const duplicatesApi = {
  mergeByRule: (body: MergeByRuleRequest) =>
    api.post<MergeByRuleResult>('/line-items/duplicates/merge-by-rule', body),
};

/** The preview of a merge by rule: writes nothing, so it refreshes nothing. */
export function useMergeByRulePreview() {
  return useMutation({
    mutationFn: (body: Omit<MergeByRuleRequest, 'dryRun' | 'merges'>) =>
      duplicatesApi.mergeByRule({ ...body, dryRun: true }),
  });
}

/**
 * Carries out previewed merges (one transaction on the server), then takes the removed records
 * out of every cached list and marks the duplicate groups, sums and dashboard stale.
 */
export function useMergeByRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<MergeByRuleRequest, 'dryRun'>) =>
      duplicatesApi.mergeByRule({ ...body, dryRun: false }),
    onSuccess: (result) =>
      removeLines(
        queryClient,
        result.merges.flatMap((m) => m.removeIds),
      ),
  });
}
