import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BulkPositionsBody,
  bulkPositionsResponse,
  deletePositionResponse,
  FillPositionBody,
  Position,
  PositionDetail,
  positionDetailResponse,
  PositionHistoryEntry,
  PositionListResponse,
  PositionStatus,
  SetPositionStatusBody,
  UpdatePositionBody,
  VacancyPlacement,
  VacancyPlacementBody,
  vacancyPlacementResponse,
  vacancyPlacementsResponse,
  VacatePositionBody,
} from '@shared/schemas/positions';
import { createPositionBody } from '@shared/schemas/positions';
import type { RosterSalaryLines } from '@shared/schemas/reconciliation';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';
import {
  firstPositionsQuery,
  listPositions,
  positionKeys,
  type PositionFilters,
} from '@web/api/position-lists';

export { POSITION_STATUSES } from '@shared/schemas/positions';
export type {
  Position,
  PositionDetail,
  PositionHistoryEntry,
  PositionListResponse,
  PositionStatus,
  VacancyPlacement,
};
export type CreatePositionInput = z.input<typeof createPositionBody>;
export type PositionPatch = Omit<UpdatePositionBody, 'version'>;
type Detail = z.infer<typeof positionDetailResponse>;

export { FIRST_POSITIONS, positionKeys, type PositionFilters } from '@web/api/position-lists';

export const positionsApi = {
  list: listPositions,
  detail: (id: number) => api.get<Detail>(`/positions/${id}`),
  create: (body: CreatePositionInput) => api.post<Detail>('/positions', body),
  update: (id: number, body: UpdatePositionBody) => api.patch<Detail>(`/positions/${id}`, body),
  fill: (id: number, body: FillPositionBody) => api.post<Detail>(`/positions/${id}/fill`, body),
  vacate: (id: number, body: VacatePositionBody) => api.post<Detail>(`/positions/${id}/vacate`, body),
  status: (id: number, body: SetPositionStatusBody) => api.post<Detail>(`/positions/${id}/status`, body),
  remove: (id: number, version: number) =>
    api.delete<z.infer<typeof deletePositionResponse>>(`/positions/${id}`, { query: { version } }),
  bulk: (body: BulkPositionsBody) => api.post<z.infer<typeof bulkPositionsResponse>>('/positions/bulk', body),
  salaryLines: (roster: { budgetYearId: number; fiscalYear: number }) =>
    api.get<RosterSalaryLines>('/positions/salary-lines', { query: roster }),
  placements: () => api.get<z.infer<typeof vacancyPlacementsResponse>>('/positions/vacancy-placement'),
  setPlacement: (workGroupId: number, body: VacancyPlacementBody) =>
    api.put<z.infer<typeof vacancyPlacementResponse>>(`/positions/vacancy-placement/${workGroupId}`, body),
};

/**
 * The positions matching the filters: the first rows at once, then the whole list once `wanted`
 * (the screen passes it when the grid has drawn those rows: the whole list's download, parsing and
 * the server's work on it would otherwise come before them). A change of filter keeps the previous
 * rows on screen until the new ones arrive.
 */
export function usePositions(filters: PositionFilters | null, wanted = true) {
  const first = useQuery({
    ...firstPositionsQuery(filters ?? { budgetYearId: 0, fiscalYear: 0 }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
  // Not from the previous filters' rows, shown while the new first rows load.
  const more =
    !first.isPlaceholderData && first.data !== undefined && first.data.total > first.data.positions.length;
  const whole = useQuery({
    queryKey: filters ? positionKeys.list(filters) : [...positionKeys.all, 'list', 'none', 'all'],
    queryFn: () => positionsApi.list(filters!),
    enabled: filters !== null && more && wanted,
  });
  const data = more && whole.data ? whole.data : first.data;
  return {
    data,
    /** Every position matching the filters is in `data` (not only the first ones). */
    complete: data !== undefined && data.positions.length === data.total,
    isPending: first.isPending,
    /** The rows shown are the previous filters' while the new ones load. */
    stale: first.isPlaceholderData,
    isFetching: first.isFetching || whole.isFetching,
    isError: first.isError || whole.isError,
    error: first.error ?? whole.error,
  };
}

/**
 * The figures of the banner: over the filters but whatever the status, with the vacancies' count.
 * With no status filter they are the list's own totals (`list`, its first page), not asked again.
 */
export function usePositionCounts(
  filters: PositionFilters | null,
  list: { data?: PositionListResponse; stale: boolean },
) {
  const own = filters !== null && filters.status === undefined && filters.overFilled === undefined;
  const base = filters && !own ? { ...filters, status: undefined, overFilled: undefined } : null;
  const all = useQuery({
    queryKey: base ? positionKeys.list(base, 1) : [...positionKeys.all, 'list', 'none', 1],
    queryFn: () => positionsApi.list(base!, 1),
    enabled: base !== null,
    placeholderData: keepPreviousData,
  });
  const totals = own ? list.data?.totals : all.data?.totals;
  const counts = totals ? { ...totals, vacancies: totals.vacantCount } : undefined;
  return { counts, busy: own ? list.stale : all.isFetching, error: own ? null : all.error };
}

export type PositionCounts = NonNullable<ReturnType<typeof usePositionCounts>['counts']>;

/**
 * The roster's budgeted year's salary lines when they are locked and out of date (the server's
 * note, worded for the signed-in user's role), else null: the banner says so on opening. Under
 * 'positions', so a position write or a stage move (budget data) asks again.
 */
export function useRosterSalaryLines(budgetYearId: number | undefined, fiscalYear: number | undefined) {
  const roster = budgetYearId && fiscalYear ? { budgetYearId, fiscalYear } : null;
  return useQuery({
    queryKey: [...positionKeys.all, 'salary-lines', roster?.budgetYearId ?? 0, roster?.fiscalYear ?? 0],
    queryFn: () => positionsApi.salaryLines(roster!),
    enabled: roster !== null,
    select: (answer) => answer.salaryLines,
  });
}

export function usePosition(id: number | null) {
  return useQuery({
    queryKey: positionKeys.detail(id ?? 0),
    queryFn: () => positionsApi.detail(id!),
    enabled: id !== null,
  });
}

export function useVacancyPlacements(enabled = true) {
  return useQuery({ queryKey: positionKeys.placements(), queryFn: positionsApi.placements, enabled });
}

/**
 * A position change moves the proposed budget's personnel lines (they follow the positions): every
 * budget view is stale, and every position list and detail.
 */
function usePositionMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // 'positions' is a budget-data root: the lists and details refresh with the rest.
    onSuccess: () => invalidateBudgetData(queryClient),
  });
}

export const useCreatePosition = () => usePositionMutation(positionsApi.create);
export const useUpdatePosition = () =>
  usePositionMutation(({ id, body }: { id: number; body: UpdatePositionBody }) =>
    positionsApi.update(id, body),
  );
export const useFillPosition = () =>
  usePositionMutation(({ id, body }: { id: number; body: FillPositionBody }) => positionsApi.fill(id, body));
export const useVacatePosition = () =>
  usePositionMutation(({ id, body }: { id: number; body: VacatePositionBody }) =>
    positionsApi.vacate(id, body),
  );
export const useSetPositionStatus = () =>
  usePositionMutation(({ id, body }: { id: number; body: SetPositionStatusBody }) =>
    positionsApi.status(id, body),
  );
/** A delete refreshes what a change does, bar the deleted position's own detail (it would answer 404). */
export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => positionsApi.remove(id, version),
    onSuccess: (_result, { id }) => invalidateBudgetData(queryClient, { gone: [positionKeys.detail(id)] }),
  });
}
export const useBulkPositions = () => usePositionMutation(positionsApi.bulk);
export const useSetVacancyPlacement = () =>
  usePositionMutation(({ workGroupId, body }: { workGroupId: number; body: VacancyPlacementBody }) =>
    positionsApi.setPlacement(workGroupId, body),
  );
