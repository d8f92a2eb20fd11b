import { useQuery } from '@tanstack/react-query';
import type {
  BudgetSummary,
  ByBuilding,
  ByCategory,
  EmployeeStats,
  Headcount,
  SalaryDistribution,
  SalaryRange,
} from '@shared/schemas/dashboard';
import type { FundChoice } from '@shared/schemas/fund-words';
import { api } from '@web/api/client';

export type {
  BudgetSummary,
  ByBuilding,
  ByCategory,
  EmployeeStats,
  Headcount,
  SalaryDistribution,
  SalaryRange,
};

export interface DashboardScope {
  budgetYearId: number;
  fiscalYear: number;
  /** Every fund's lines (left out: all) or the general fund's alone. */
  funds?: FundChoice;
}

const PATHS = {
  summary: '/line-items/budget/summary',
  byCategory: '/line-items/summary/by-category',
  byBuilding: '/line-items/summary/by-building',
  stats: '/line-items/budget/stats',
  salaries: '/line-items/salary-distribution',
  headcount: '/line-items/headcount-by-location',
} as const;

type Aggregate = keyof typeof PATHS;

/** Query keys for the dashboard aggregates; any change to line items invalidates `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  aggregate: (name: Aggregate, scope: DashboardScope) =>
    [...dashboardKeys.all, name, scope.budgetYearId, scope.fiscalYear, scope.funds ?? 'all'] as const,
};

function useAggregate<T>(name: Aggregate, scope: DashboardScope | null) {
  return useQuery({
    queryKey: dashboardKeys.aggregate(name, scope ?? { budgetYearId: 0, fiscalYear: 0 }),
    queryFn: ({ signal }) =>
      api.get<T>(PATHS[name], {
        query: {
          budgetYearId: scope!.budgetYearId,
          fiscalYear: scope!.fiscalYear,
          funds: scope!.funds ?? 'all',
        },
        signal,
      }),
    enabled: scope !== null,
    // Switching fiscal year keeps the previous numbers on screen until the new ones arrive.
    placeholderData: (previous) => previous,
  });
}

export const useBudgetSummary = (scope: DashboardScope | null) =>
  useAggregate<BudgetSummary>('summary', scope);
export const useByCategory = (scope: DashboardScope | null) => useAggregate<ByCategory>('byCategory', scope);
export const useByBuilding = (scope: DashboardScope | null) => useAggregate<ByBuilding>('byBuilding', scope);
export const useEmployeeStats = (scope: DashboardScope | null) => useAggregate<EmployeeStats>('stats', scope);
export const useSalaryDistribution = (scope: DashboardScope | null) =>
  useAggregate<SalaryDistribution>('salaries', scope);
export const useHeadcount = (scope: DashboardScope | null) => useAggregate<Headcount>('headcount', scope);
