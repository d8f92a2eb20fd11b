import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RollForwardBody,
  RollForwardResponse,
  RollForwardStatus,
  RollForwardUndoBody,
  RollForwardUndoResponse,
} from '@shared/schemas/roll-forward';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { budgetYearKeys } from '@web/api/budget-years';
import { api } from '@web/api/client';

export type { RollForwardResponse };

export const rollForwardApi = {
  roll: (body: RollForwardBody) => api.post<RollForwardResponse>('/roll-forward', body),
  undo: (body: RollForwardUndoBody) => api.post<RollForwardUndoResponse>('/roll-forward/undo', body),
  latest: (toFiscalYear: number) =>
    api.get<RollForwardStatus>(`/roll-forward/latest?toFiscalYear=${toFiscalYear}`),
};

const rollForwardKeys = {
  all: ['roll-forward'] as const,
  latest: (toFiscalYear: number) => [...rollForwardKeys.all, 'latest', toFiscalYear] as const,
};

/** The standing roll forward into a fiscal year (null: none), and whether it can still be undone. */
export function useLatestRollForward(toFiscalYear: number | null) {
  return useQuery({
    queryKey: rollForwardKeys.latest(toFiscalYear ?? 0),
    queryFn: () => rollForwardApi.latest(toFiscalYear!),
    enabled: toFiscalYear !== null,
  });
}

/** After a roll forward or its undo: budget years and every budget figure may have changed. */
function useRolled() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBudgetData();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: budgetYearKeys.all }),
      queryClient.invalidateQueries({ queryKey: rollForwardKeys.all }),
      invalidate(),
    ]);
  };
}

/** A dry run writes nothing, so it invalidates nothing. */
export function useRollForwardPreview() {
  return useMutation({
    mutationFn: (body: RollForwardBody) => rollForwardApi.roll({ ...body, dryRun: true }),
  });
}

export function useRollForward() {
  const done = useRolled();
  return useMutation({ mutationFn: rollForwardApi.roll, onSuccess: done });
}

export function useUndoRollForward() {
  const done = useRolled();
  return useMutation({ mutationFn: rollForwardApi.undo, onSuccess: done });
}
