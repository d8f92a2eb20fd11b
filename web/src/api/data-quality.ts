import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { markReviewedResponse, needsReviewCountResponse } from '@shared/schemas/line-item-writes';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';
import { lineItemKeys } from '@web/api/line-items';

export type MarkReviewedResult = z.infer<typeof markReviewedResponse>;
export interface MarkReviewedRequest {
  itemIds: number[];
  note: string;
}

/** Under 'line-items' (budget data): every change to the lines refreshes the count with the list. */
export const dataQualityKeys = {
  needsReviewCount: (budgetYearId: number) =>
    [...lineItemKeys.all, 'needs-review-count', budgetYearId] as const,
};

export const dataQualityApi = {
  needsReviewCount: (budgetYearId: number) =>
    api.get<z.infer<typeof needsReviewCountResponse>>('/line-items/budget/needs-review/count', {
      query: { budgetYearId },
    }),
  markReviewed: (body: MarkReviewedRequest) =>
    api.post<MarkReviewedResult>('/line-items/mark-reviewed', body),
};

/**
 * How many records the Data Quality list holds (the dashboard shows it): the server counts with
 * the list's own rule, so the two agree. Only asked for by those who may open Data Quality.
 */
export function useNeedsReviewCount(budgetYearId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: dataQualityKeys.needsReviewCount(budgetYearId ?? 0),
    queryFn: () => dataQualityApi.needsReviewCount(budgetYearId!),
    enabled: enabled && Boolean(budgetYearId),
  });
}

/** Marks records reviewed with a note; the list, the dashboard's count and every line view refresh. */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dataQualityApi.markReviewed,
    onSuccess: () => invalidateBudgetData(queryClient),
  });
}
