import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BudgetVersion, versionResponse, versionsResponse } from '@shared/schemas/versions';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { BudgetVersion };
export type VersionsResponse = z.infer<typeof versionsResponse>;
export type VersionResponse = z.infer<typeof versionResponse>;

export interface VersionFilter {
  budgetYearId?: number;
  fiscalYear?: string;
}

export interface NewVersion {
  /** 'FY26' as the form offers it. */
  fiscalYear: string;
  label: string;
  description: string | null;
  status: 'DRAFT';
  /** The signed-in user's id or 'admin'; the server records the signed-in user. */
  uploadedBy: number | 'admin';
  budgetYearId?: number;
}

/** Query keys for budget versions. */
export const versionKeys = {
  all: ['versions'] as const,
  list: (filter: VersionFilter) => [...versionKeys.all, 'list', filter] as const,
};

export const versionsApi = {
  list: (filter: VersionFilter) => api.get<VersionsResponse>('/versions', { query: { ...filter } }),
  create: (body: NewVersion) => api.post<VersionResponse>('/versions', body),
};

export function useVersions(filter: VersionFilter, enabled = true) {
  return useQuery({ queryKey: versionKeys.list(filter), queryFn: () => versionsApi.list(filter), enabled });
}

export function useCreateVersion() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: versionsApi.create, onSuccess: invalidate });
}
