import { vi } from 'vitest';
import type {
  BudgetSummary,
  ByBuilding,
  ByCategory,
  EmployeeStats,
  SalaryDistribution,
} from '@web/api/dashboard';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { DashboardScreen } from '@web/screens/dashboard';
import { echoFunds } from '@shared/schemas/fund-words';
import { jsonResponse, makeUser, renderRoutes, storeSession } from './render';

/**
 * The Budget Dashboard as a FINANCE reader opens it on the FY27 budget year, with the dashboard's
 * aggregates answered as a test gives them (the figures of a year with employee lines by default).
 */

export const DASH_USER = makeUser({ role: 'FINANCE', abilities: {} });
export const fy27 = { id: 2, fiscalYear: 'FY27', name: 'FY27 Budget', notes: null, currentFiscalYear: 2027 };

export const SUMMARY: BudgetSummary = {
  budgetYearId: 2,
  fiscalYear: 2027,
  proposedBudget: 24_500_000,
  proposedCount: 120,
  breakdown: {
    proposed: { imported: { count: 120, total: 24_500_000 }, projected: { count: 0, total: 0 } },
  },
  townGoal: 25_000_000,
  hasTownGoal: true,
  guidanceBudget: 24_500_000,
  guidanceGap: 500_000,
  noSalaryLine: null,
  ...echoFunds(),
};
export const CATEGORIES: ByCategory = {
  categories: [
    {
      categoryId: 1,
      category: 'Teachers',
      total: 14_000_000,
      count: 80,
      color: '#123456',
      isPersonnel: true,
    },
    {
      categoryId: 2,
      category: 'Supplies',
      total: 10_500_000,
      count: 40,
      color: '#654321',
      isPersonnel: false,
    },
  ],
  total: 24_500_000,
  ...echoFunds(),
};
// A year with no building lines: loaded and truly empty, the card says so.
export const BUILDINGS: ByBuilding = { buildings: [], total: 0, ...echoFunds() };
export const STATS: EmployeeStats = {
  totalEmployees: 212,
  totalSalary: 15_300_000,
  totalFte: 198.5,
  projectedEmployees: 0,
  byBuilding: [{ buildingId: 1, building: 'High School', count: 90, total: 6_400_000, fte: 88 }],
  source: 'lines',
  roster: null,
  ...echoFunds(),
};
export const range = (r: string, count: number) => ({
  range: r,
  rangeStart: 60_000,
  count,
  avgSalary: 65_000,
  minSalary: 60_000,
  maxSalary: 69_000,
});
export const SALARIES: SalaryDistribution = {
  teachers: [range('$60k-$70k', 30)],
  paras: [range('$30k-$40k', 12)],
  excluded: { teachers: 0, paras: 0 },
  minRangeCount: 5,
  source: 'lines',
  roster: null,
  ...echoFunds(),
};
/** FY27 budgeted from the FY26 roster of the selected budget year (id 2): 507 funded positions. */
export const ROSTER_STATS: EmployeeStats = {
  ...STATS,
  totalEmployees: 507,
  totalSalary: 36_900_000,
  totalFte: 493.9,
  byBuilding: [{ buildingId: 1, building: 'High School', count: 114, total: 8_700_000, fte: 110 }],
  source: 'roster',
  roster: { budgetYearId: 2, fiscalYear: 2026, filled: 504, vacant: 3, frozen: 1, holders: 504, unpriced: 0 },
};
export const ROSTER_SALARIES: SalaryDistribution = {
  ...SALARIES,
  source: 'roster',
  roster: { budgetYearId: 2, fiscalYear: 2026 },
};

export type Answer = 'pending' | 'fail' | object;

/** Answers the dashboard's aggregates as given; every other card's request stays pending. */
export function renderDashboard(answers: Record<string, Answer>) {
  storeSession(DASH_USER);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      if (path === '/api/auth/me') {
        return jsonResponse(200, { user: DASH_USER });
      }
      if (path === '/api/budget-years') {
        return jsonResponse(200, {
          budgetYears: [fy27],
          districtName: null,
          homes: [],
          budgetYearsWithLines: [2],
        });
      }
      const answer = answers[path] ?? 'pending';
      if (answer === 'pending') {
        return new Promise<Response>(() => {});
      }
      return answer === 'fail' ? jsonResponse(500, { error: 'Internal error' }) : jsonResponse(200, answer);
    }),
  );
  renderRoutes('/dash', [
    {
      path: 'dash',
      element: (
        <BudgetYearProvider>
          <DashboardScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
}
