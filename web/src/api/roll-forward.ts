import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RollForwardBody,
  RollForwardResponse,
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
};

/** After a roll forward or its undo: budget years and every budget figure may have changed. */
function useRolled() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBudgetData();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: budgetYearKeys.all }), invalidate()]);
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
