import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { BudgetYear, budgetYearsResponse } from '@shared/schemas/budget-years';
import { api } from '@web/api/client';
import { NO_DISTRICT_NAME, rememberDistrictName, rememberedDistrictName } from '@web/lib/branding';

export type { BudgetYear };
export type BudgetYearsResponse = z.infer<typeof budgetYearsResponse>;

export const budgetYearKeys = {
  all: ['budget-years'] as const,
  list: () => [...budgetYearKeys.all, 'list'] as const,
};

export const budgetYearsApi = {
  list: () => api.get<BudgetYearsResponse>('/budget-years'),
};

export const budgetYearsQuery = () => ({
  queryKey: budgetYearKeys.list(),
  queryFn: budgetYearsApi.list,
  // The endpoint may not exist yet; a failure just hides the selector.
  retry: false,
});

export function useBudgetYears(enabled = true) {
  return useQuery({ ...budgetYearsQuery(), enabled });
}

/** The name shown for the district: its saved one, else 'School district' (branding.ts). */
export function districtNameOf(response: Pick<BudgetYearsResponse, 'districtName'> | undefined): string {
  return response?.districtName?.trim() || NO_DISTRICT_NAME;
}

/**
 * The district's name for a signed-in screen, from the budget-years list every signed-in page
 * already loads (no request of its own). Until it answers, the name the last answer gave.
 */
export function useDistrictName(): string {
  const { data } = useBudgetYears();
  useEffect(() => {
    if (data) {
      rememberDistrictName(data.districtName);
    }
  }, [data]);
  return data ? districtNameOf(data) : (rememberedDistrictName() ?? NO_DISTRICT_NAME);
}
