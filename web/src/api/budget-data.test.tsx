// @vitest-environment happy-dom
import {
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@web/api/auth';
import { budgetCategoryKeys, useSaveBudgetCategory, useSetCategoryYoY } from '@web/api/budget-categories';
import { comparisonKeys, useUpdateSalaryBudget } from '@web/api/budget-comparison';
import { BUDGET_DATA_ROOTS, invalidateBudgetData, readsBudgetData } from '@web/api/budget-data';
import { budgetSettingsKeys, useSaveBudgetSettings } from '@web/api/budget-settings';
import { ledgerKeys } from '@web/api/ledger';
import { budgetStageKeys } from '@web/api/budget-stages';
import { crosswalkKeys } from '@web/api/crosswalk';
import { positionKeys } from '@web/api/positions';
import { budgetYearKeys } from '@web/api/budget-years';
import { buildingKeys, useUpdateBuilding } from '@web/api/buildings';
import { bulkUpdateKeys, useBulkStatus, useLinkBuildings } from '@web/api/bulk-update';
import { dashboardKeys } from '@web/api/dashboard';
import { enrollmentKeys } from '@web/api/enrollment';
import { fiscalYearKeys } from '@web/api/fiscal-years';
import { fundsReportKeys } from '@web/api/funds-report';
import { historyKeys } from '@web/api/history';
import { importKeys, useExecuteImport } from '@web/api/import';
import {
  lineItemKeys,
  lineItemsApi,
  refreshAllLines,
  removeLines,
  useLineMutation,
} from '@web/api/line-items';
import { lookupKeys } from '@web/api/lookups';
import { projectionKeys, useFixBaseYear, useGenerateProjections } from '@web/api/projections';
import { salaryVerificationKeys } from '@web/api/salary-verification';
import { scenarioKeys, useCreateScenario, useRenameScenario, useSetActiveScenario } from '@web/api/scenarios';
import { townGoalKeys, useDeleteTownGoal, useSaveTownGoal } from '@web/api/town-goals';
import { userKeys } from '@web/api/users';
import { useCreateVersion, versionKeys } from '@web/api/versions';
import { useUpdateWorkGroup, workGroupCategoryKeys, workGroupKeys } from '@web/api/work-groups';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const scope = { budgetYearId: 2, fiscalYear: 2026 };
const totalsFilter = { budgetYearId: 2, fiscalYear: 2026, isOperating: true };

/** The full employee and proposed lists: left alone after an edit that already wrote into them. */
const LINE_LISTS: QueryKey[] = [lineItemKeys.employees(2, 2026), lineItemKeys.proposed(2, 2026)];

/** One key of every query that reads budget data, as the screens build them. */
const BUDGET_QUERIES: QueryKey[] = [
  budgetStageKeys.ofYear(scope),
  ...LINE_LISTS,
  lineItemKeys.needsReview(2),
  lineItemKeys.totals(totalsFilter),
  lineItemKeys.duplicates(2),
  lineItemKeys.fiscalYears(2),
  dashboardKeys.aggregate('summary', scope),
  dashboardKeys.aggregate('byCategory', scope),
  dashboardKeys.aggregate('byBuilding', scope),
  dashboardKeys.aggregate('stats', scope),
  dashboardKeys.aggregate('salaries', scope),
  dashboardKeys.aggregate('headcount', scope),
  // The budget of all funds sums the lines by fund.
  fundsReportKeys.of(2, 2026),
  comparisonKeys.ofBudgetYear(2),
  projectionKeys.status(2),
  projectionKeys.baseYears(2),
  projectionKeys.diagnostic(2),
  fiscalYearKeys.ofBudgetYear(2),
  fiscalYearKeys.everywhere(true),
  townGoalKeys.list(),
  townGoalKeys.gap(2026, 2),
  scenarioKeys.list(2),
  scenarioKeys.active('operating', 2),
  versionKeys.list({ budgetYearId: 2 }),
  importKeys.runs({ budgetYearId: 2 }),
  buildingKeys.list({ budgetYearId: 2, fiscalYear: 2026 }),
  lookupKeys.buildings(),
  budgetCategoryKeys.list(),
  lookupKeys.categories(),
  workGroupKeys.list(),
  lookupKeys.workGroups(),
  bulkUpdateKeys.options(2, 2026),
  salaryVerificationKeys.check(2, 2026),
  historyKeys.record('line-item', 7),
  ledgerKeys.summary(2026),
  crosswalkKeys.preview({ budgetYearId: 2, fiscalYear: 2026 }, false),
  // A position's cost is its holders' salaries: an employee edit changes it.
  positionKeys.list({ budgetYearId: 2, fiscalYear: 2026 }),
  positionKeys.detail(1),
  positionKeys.placements(),
];

/** Queries that do not read budget data: a budget change leaves them fresh. */
const OTHER_QUERIES: QueryKey[] = [
  authKeys.me(),
  authKeys.apiKey(),
  userKeys.list(),
  budgetYearKeys.list(),
  enrollmentKeys.ofBudgetYear(2),
  budgetSettingsKeys.forYear(2),
  workGroupCategoryKeys.list(),
  budgetCategoryKeys.deseCodes(),
];

function seededClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  for (const key of [...BUDGET_QUERIES, ...OTHER_QUERIES]) {
    queryClient.setQueryData(key, { lineItems: [], categories: [] });
  }
  return queryClient;
}

function stale(queryClient: QueryClient, keys: QueryKey[]): QueryKey[] {
  return keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
}

function expectOnlyBudgetDataStale(
  queryClient: QueryClient,
  { listsKept = false, alsoStale = [] as QueryKey[] } = {},
) {
  const expected = listsKept ? BUDGET_QUERIES.filter((k) => !LINE_LISTS.includes(k)) : BUDGET_QUERIES;
  expect(stale(queryClient, BUDGET_QUERIES)).toEqual(expected);
  expect(stale(queryClient, OTHER_QUERIES)).toEqual(alsoStale);
}

describe('invalidateBudgetData', () => {
  it('marks every query that reads budget data stale, and nothing else', async () => {
    const queryClient = seededClient();
    expect(stale(queryClient, [...BUDGET_QUERIES, ...OTHER_QUERIES])).toEqual([]);
    await invalidateBudgetData(queryClient);
    expectOnlyBudgetDataStale(queryClient);
  });

  it('leaves the line lists alone when the saved lines were written into them', async () => {
    const queryClient = seededClient();
    await invalidateBudgetData(queryClient, { listsUpdatedInPlace: true });
    expectOnlyBudgetDataStale(queryClient, { listsKept: true });
  });

  it('knows every root of the key factories', () => {
    const roots = new Set([...BUDGET_QUERIES, ...OTHER_QUERIES].map((k) => k[0]));
    for (const root of BUDGET_DATA_ROOTS) {
      expect(roots.has(root), root).toBe(true);
    }
    expect(readsBudgetData(['something-new'])).toBe(false);
  });
});

const employee = {
  id: 7,
  isOperating: true,
  budgetYearId: 2,
  fiscalYear: 2026,
  firstName: 'Ada',
  lastName: 'Lovelace',
};

/** Every mutation that writes budget data, with a body the server might answer. */
const MUTATIONS: {
  name: string;
  use: () => UseMutationResult<unknown, Error, never>;
  variables: unknown;
  response: unknown;
  listsKept?: boolean;
  /** Queries outside budget data that the mutation refreshes too. */
  alsoStale?: QueryKey[];
}[] = [
  {
    name: 'a line edit (the saved line replaces the cached one)',
    use: () => useLineMutation((id: number) => lineItemsApi.setNextYearSalary(id, 61000)) as never,
    variables: 7,
    response: { lineItem: employee },
    listsKept: true,
  },
  {
    name: 'salary budget reconciliation',
    use: () => useUpdateSalaryBudget() as never,
    variables: { budgetYearId: 2, fiscalYear: 2026 },
    response: { updatedItems: 3 },
  },
  {
    name: 'generate projections',
    use: () => useGenerateProjections() as never,
    variables: { budgetYearId: 2, toFiscalYear: 2031, projectionType: 'proposed', forceRegenerate: true },
    response: { projectedCount: 10 },
  },
  {
    name: 'fix base year',
    use: () => useFixBaseYear() as never,
    variables: { budgetYearId: 2, correctBaseYear: 2026, isOperating: true },
    response: { baseYearUpdated: 1, futureYearsUpdated: 0, positionsMoved: 0 },
  },
  {
    name: 'save a town goal',
    use: () => useSaveTownGoal() as never,
    variables: { fiscalYear: 2027, goalType: 'DOLLAR', dollarGoal: 1 },
    response: { goal: {} },
  },
  {
    name: 'delete a town goal',
    use: () => useDeleteTownGoal() as never,
    variables: 4,
    response: { message: 'deleted' },
  },
  {
    name: 'set a budget active',
    use: () => useSetActiveScenario() as never,
    variables: 3,
    response: {},
  },
  { name: 'create a budget', use: () => useCreateScenario() as never, variables: {}, response: {} },
  {
    name: 'rename a budget',
    use: () => useRenameScenario() as never,
    variables: { id: 3, name: 'B' },
    response: {},
  },
  { name: 'create a version', use: () => useCreateVersion() as never, variables: {}, response: {} },
  {
    name: 'save budget settings',
    use: () => useSaveBudgetSettings() as never,
    variables: {
      id: 1,
      input: {
        stepLaneAdjustmentType: 'PERCENTAGE',
        stepLaneAdjustmentValue: 1.5,
        stepLaneDescription: null,
        stepsLanesWorkGroups: [],
      },
    },
    response: { settings: { id: 1, budgetYearId: 2 } },
  },
  {
    name: 'an import',
    use: () => useExecuteImport() as never,
    variables: {},
    response: { imported: 10, dryRun: false },
  },
  {
    name: 'link employees to buildings',
    use: () => useLinkBuildings() as never,
    variables: { budgetYearId: 2 },
    response: { totalLinked: 3, results: [] },
  },
  {
    name: 'a bulk status change',
    use: () => useBulkStatus() as never,
    variables: { budgetYearId: 2, fiscalYear: 2026, match: {}, employeeStatus: 'Inactive' },
    response: { count: 3 },
  },
  {
    name: 'rename a building',
    use: () => useUpdateBuilding() as never,
    variables: { id: 1, body: { name: 'North' } },
    response: {},
  },
  {
    name: 'save a budget category',
    use: () => useSaveBudgetCategory() as never,
    variables: { name: 'Books' },
    response: {},
  },
  {
    name: 'quick-edit a category increase',
    use: () => useSetCategoryYoY() as never,
    variables: { id: 1, value: 2 },
    response: { category: { id: 1 } },
  },
  {
    name: 'rename a work group',
    use: () => useUpdateWorkGroup() as never,
    variables: { id: 1, body: { name: 'Teachers' } },
    response: {},
    // The work-group categories count their work groups.
    alsoStale: [workGroupCategoryKeys.list()],
  },
];

describe('every budget-data mutation', () => {
  it.each(MUTATIONS)('$name marks all budget data stale', async (mutation) => {
    const { use, variables, response, listsKept, alsoStale } = mutation;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(response), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const queryClient = seededClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(use, { wrapper });
    await result.current.mutateAsync(variables as never);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expectOnlyBudgetDataStale(queryClient, { listsKept, alsoStale });
  });

  it('a dry-run import or bulk preview changes nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ imported: 0, dryRun: true, count: 3 }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const queryClient = seededClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const imp = renderHook(() => useExecuteImport(), { wrapper });
    await imp.result.current.mutateAsync({} as never);
    const bulk = renderHook(() => useBulkStatus(), { wrapper });
    await bulk.result.current.mutateAsync({
      budgetYearId: 2,
      fiscalYear: 2026,
      match: {} as never,
      employeeStatus: 'Inactive',
      dryRun: true,
    });
    expect(stale(queryClient, [...BUDGET_QUERIES, ...OTHER_QUERIES])).toEqual([]);
  });

  it('bulk edits and deletes done by screens refresh the same way', async () => {
    const queryClient = seededClient();
    await removeLines(queryClient, [7]);
    expectOnlyBudgetDataStale(queryClient, { listsKept: true });
    const again = seededClient();
    await refreshAllLines(again);
    expectOnlyBudgetDataStale(again);
  });
});
