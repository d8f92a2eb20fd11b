import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Fund,
  FundKind,
  createFundBody,
  fundResponse,
  fundsResponse,
  updateFundBody,
} from '@shared/schemas/funds';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { Fund, FundKind };
export type FundsResponse = z.infer<typeof fundsResponse>;
export type FundResponse = z.infer<typeof fundResponse>;
export type NewFund = z.input<typeof createFundBody>;
export type FundPatch = z.input<typeof updateFundBody>;

/** Query keys for funds; not a budget-data root, so a fund change refreshes the budget data itself. */
export const fundKeys = {
  all: ['funds'] as const,
  list: () => [...fundKeys.all, 'list'] as const,
};

export const fundsApi = {
  list: () => api.get<FundsResponse>('/funds'),
  create: (body: NewFund) => api.post<FundResponse>('/funds', body),
  update: (id: number, body: FundPatch) => api.put<FundResponse>(`/funds/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/funds/${id}`),
};

export function useFunds(enabled = true) {
  return useQuery({ queryKey: fundKeys.list(), queryFn: fundsApi.list, enabled });
}

// Whether a fund counts toward net school spending moves the NSS meter and the DESE report, which
// are budget data: both the list and everything computed from the lines are stale.
function useInvalidateFunds() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: fundKeys.all }),
      invalidateBudgetData(queryClient),
    ]);
  };
}

export function useCreateFund() {
  const invalidate = useInvalidateFunds();
  return useMutation({ mutationFn: fundsApi.create, onSuccess: invalidate });
}

export function useUpdateFund() {
  const invalidate = useInvalidateFunds();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FundPatch }) => fundsApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteFund() {
  const invalidate = useInvalidateFunds();
  return useMutation({ mutationFn: fundsApi.remove, onSuccess: invalidate });
}

/**
 * The fund that pays a line: its own, else the general fund (a line naming no fund is the general
 * fund's, as the server reads it: LINE_FUND). Null until the funds load.
 */
export function lineFund(funds: readonly Fund[] | undefined): (fundId: number | null) => number | null {
  const general = funds?.find((f) => f.kind === 'general')?.id ?? null;
  return (fundId) => fundId ?? general;
}

/**
 * A fund's name by id, the general fund's for a line naming none (lineFund). Blank until the funds
 * load, and for a fund the list no longer has.
 */
export function fundNamer(funds: readonly Fund[] | undefined): (fundId: number | null) => string {
  const names = new Map((funds ?? []).map((f) => [f.id, f.name]));
  const payer = lineFund(funds);
  return (fundId) => names.get(payer(fundId) ?? -1) ?? '';
}
