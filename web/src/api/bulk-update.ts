import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BulkOptions,
  DeseCodesResult,
  EmployeeMatch,
  LinkBuildingsResult,
  bulkCountResponse,
} from '@shared/schemas/bulk-update';
import type { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { BulkOptions, DeseCodesResult, EmployeeMatch, LinkBuildingsResult };
export type BulkCountResult = z.infer<typeof bulkCountResponse>;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export interface LinkBuildingsInput {
  budgetYearId: number;
  fiscalYear?: number;
  dryRun?: boolean;
}

export interface DeseCodesInput extends LinkBuildingsInput {
  mappings?: { jobClass: string; deseCode: string }[];
}

export interface BulkWorkGroupInput {
  budgetYearId: number;
  fiscalYear: number;
  match: EmployeeMatch;
  workGroupId: number;
  dryRun?: boolean;
}

export interface BulkStatusInput {
  budgetYearId: number;
  fiscalYear: number;
  match: EmployeeMatch;
  employeeStatus: EmployeeStatus;
  dryRun?: boolean;
}

export const bulkUpdateKeys = {
  all: ['bulk-update'] as const,
  options: (budgetYearId: number, fiscalYear?: number) =>
    [...bulkUpdateKeys.all, 'options', budgetYearId, fiscalYear ?? 'all'] as const,
};

export const bulkUpdateApi = {
  options: (budgetYearId: number, fiscalYear?: number) =>
    api.get<BulkOptions>('/bulk-update/options', { query: { budgetYearId, fiscalYear } }),
  linkBuildings: (body: LinkBuildingsInput) => api.post<LinkBuildingsResult>('/bulk-update/buildings', body),
  deseCodes: (body: DeseCodesInput) => api.post<DeseCodesResult>('/bulk-update/dese-codes', body),
  workGroups: (body: BulkWorkGroupInput) => api.post<BulkCountResult>('/bulk-update/work-groups', body),
  employeeStatus: (body: BulkStatusInput) => api.post<BulkCountResult>('/bulk-update/employee-status', body),
};

/** What the bulk screens can target in a budget year (and fiscal year): values with employee counts. */
export function useBulkOptions(budgetYearId: number | undefined, fiscalYear?: number) {
  return useQuery({
    queryKey: bulkUpdateKeys.options(budgetYearId ?? 0, fiscalYear),
    queryFn: () => bulkUpdateApi.options(budgetYearId!, fiscalYear),
    enabled: budgetYearId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * A bulk change touches employee lines everywhere: everything that reads budget data refreshes
 * (grids, sums, building and work-group counts, the options, the salary checks, the dashboard).
 * A dry run (preview) changes nothing, so refreshes nothing.
 */
function useBulkMutation<I extends { dryRun?: boolean }, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, input) => {
      if (input.dryRun) {
        return undefined;
      }
      return invalidateBudgetData(queryClient);
    },
  });
}

export const useLinkBuildings = () => useBulkMutation(bulkUpdateApi.linkBuildings);
export const useUpdateDeseCodes = () => useBulkMutation(bulkUpdateApi.deseCodes);
export const useBulkWorkGroup = () => useBulkMutation(bulkUpdateApi.workGroups);
export const useBulkStatus = () => useBulkMutation(bulkUpdateApi.employeeStatus);
