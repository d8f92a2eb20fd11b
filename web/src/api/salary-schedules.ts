import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PlacementCounts,
  PlacementRow,
  Schedule,
  ScheduleAmount,
  scheduleDetailResponse,
  scheduleImportResponse,
  schedulesResponse,
  placementsResponse,
} from '@shared/schemas/salary-schedules';
import type { EmployeeLineItem } from '@shared/schemas/line-items';
import { invalidateBudgetData } from '@web/api/budget-data';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { api } from '@web/api/client';

export type { PlacementCounts, PlacementRow, Schedule, ScheduleAmount };
export type ScheduleDetail = z.infer<typeof scheduleDetailResponse>;
export type ScheduleImport = z.infer<typeof scheduleImportResponse>;
/** A write that re-prices next-year salaries: the locked salary lines' note, when they do not have it. */
type Noted = { salaryLines?: SalaryLinesLocked };
export type Placements = z.infer<typeof placementsResponse>;

/**
 * Step-and-lane salary schedules (COLA Management, 'Salary Schedules') and employees' placements.
 * The keys sit under 'line-items' so that a change of budget data refreshes them (placement counts
 * move with line edits and imports), and a schedule change refreshes every line list (placements
 * move next-year salaries).
 */
export const scheduleKeys = {
  all: ['line-items', 'salary-schedules'] as const,
  list: () => [...scheduleKeys.all, 'list'] as const,
  detail: (id: number) => [...scheduleKeys.all, 'detail', id] as const,
  placements: (id: number, budgetYearId?: number, fiscalYear?: number) =>
    [...scheduleKeys.all, 'placements', id, budgetYearId ?? 0, fiscalYear ?? 0] as const,
};

export const schedulesApi = {
  list: () => api.get<z.infer<typeof schedulesResponse>>('/cola/schedules'),
  detail: (id: number) => api.get<ScheduleDetail>(`/cola/schedules/${id}`),
  /** POST /cola/schedules/import as multipart: the browser sets the boundary. */
  upload: (input: { file: File; workGroupId?: number; name?: string; replace?: boolean }) => {
    const form = new FormData();
    if (input.workGroupId) {
      form.append('workGroupId', String(input.workGroupId));
    }
    if (input.name) {
      form.append('name', input.name);
    }
    if (input.replace) {
      form.append('replace', 'true');
    }
    form.append('file', input.file, input.file.name);
    return api.post<ScheduleImport>('/cola/schedules/import', form);
  },
  remove: (id: number) =>
    api.delete<{ message: string; recomputedLines: number } & Noted>(`/cola/schedules/${id}`),
  /** The placements of a budget year's fiscal year (default: its current one). */
  placements: (id: number, budgetYearId?: number, fiscalYear?: number) =>
    api.get<Placements>(`/cola/schedules/${id}/placements`, { query: { budgetYearId, fiscalYear } }),
  suggest: (id: number, budgetYearId?: number, fiscalYear?: number) =>
    api.post<PlacementCounts & Noted>(`/cola/schedules/${id}/suggest-placements`, {
      ...(budgetYearId ? { budgetYearId } : {}),
      ...(fiscalYear ? { fiscalYear } : {}),
    }),
  confirm: (id: number, ids: number[]) =>
    api.post<{ confirmed: number } & Noted>(`/cola/schedules/${id}/confirm-placements`, { ids }),
  /** A person places (confirmed) or clears (nulls) one employee line. */
  place: (lineId: number, salaryStep: number | null, salaryLane: string | null) =>
    api.patch<{ lineItem: EmployeeLineItem; salaryLines?: SalaryLinesLocked }>(
      `/line-items/budget/${lineId}/placement`,
      {
        salaryStep,
        salaryLane,
      },
    ),
};

export function useSchedules(enabled = true) {
  return useQuery({ queryKey: scheduleKeys.list(), queryFn: schedulesApi.list, enabled });
}

export function useSchedule(id: number | null) {
  return useQuery({
    queryKey: scheduleKeys.detail(id ?? 0),
    queryFn: () => schedulesApi.detail(id!),
    enabled: id !== null,
  });
}

export function usePlacements(id: number | null, budgetYearId?: number, fiscalYear?: number) {
  return useQuery({
    queryKey: scheduleKeys.placements(id ?? 0, budgetYearId, fiscalYear),
    queryFn: () => schedulesApi.placements(id!, budgetYearId, fiscalYear),
    enabled: id !== null,
  });
}

/** Every schedule write moves placements and so next-year salaries: all budget data is stale. */
function useScheduleMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateBudgetData(queryClient) });
}

export const useUploadSchedule = () => useScheduleMutation(schedulesApi.upload);
export const useDeleteSchedule = () => useScheduleMutation(schedulesApi.remove);
export const useSuggestPlacements = () =>
  useScheduleMutation(
    ({ id, budgetYearId, fiscalYear }: { id: number; budgetYearId?: number; fiscalYear?: number }) =>
      schedulesApi.suggest(id, budgetYearId, fiscalYear),
  );
export const useConfirmPlacements = () =>
  useScheduleMutation(({ id, ids }: { id: number; ids: number[] }) => schedulesApi.confirm(id, ids));
