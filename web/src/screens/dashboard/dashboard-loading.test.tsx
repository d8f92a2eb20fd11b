// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  BudgetSummary,
  ByBuilding,
  ByCategory,
  EmployeeStats,
  SalaryDistribution,
} from '@web/api/dashboard';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { echoFunds } from '@shared/schemas/fund-words';
import { DashboardScreen } from './index';

// Plotly is not needed to read the cards' words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

// QA: while the dashboard loaded, its cards read 'No proposed lines in this fiscal year.',
// '$0 across 0 categories' and '0 employees, 0 FTE, $0': a reader glancing at it saw no budget.

const user = makeUser({ role: 'FINANCE', abilities: {} });
const fy27 = { id: 2, fiscalYear: 'FY27', name: 'FY27 Budget', notes: null, currentFiscalYear: 2027 };

const SUMMARY: BudgetSummary = {
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
  ...echoFunds(),
};
const CATEGORIES: ByCategory = {
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
const BUILDINGS: ByBuilding = { buildings: [], total: 0, ...echoFunds() };
const STATS: EmployeeStats = {
  totalEmployees: 212,
  totalSalary: 15_300_000,
  totalFte: 198.5,
  projectedEmployees: 0,
  byBuilding: [{ buildingId: 1, building: 'High School', count: 90, total: 6_400_000, fte: 88 }],
  source: 'lines',
  roster: null,
  ...echoFunds(),
};
const range = (r: string, count: number) => ({
  range: r,
  rangeStart: 60_000,
  count,
  avgSalary: 65_000,
  minSalary: 60_000,
  maxSalary: 69_000,
});
const SALARIES: SalaryDistribution = {
  teachers: [range('$60k-$70k', 30)],
  paras: [range('$30k-$40k', 12)],
  excluded: { teachers: 0, paras: 0 },
  minRangeCount: 5,
  source: 'lines',
  roster: null,
  ...echoFunds(),
};

type Answer = 'pending' | 'fail' | object;

/** Answers the dashboard's aggregates as given; every other card's request stays pending. */
function renderDashboard(answers: Record<string, Answer>) {
  storeSession(user);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      if (path === '/api/auth/me') {
        return jsonResponse(200, { user });
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

const CARDS = [
  'Budget vs Town Guidance',
  'Employees',
  'Budget by Category',
  'Budget by Building',
  'Teacher Salaries',
  'Paraeducator Salaries',
  'Headcount by Location',
];

const card = (name: string) => screen.getByRole('region', { name });

describe('DashboardScreen while its figures load', () => {
  it('keeps each card titled and says it is loading, never zeros or an empty sentence', async () => {
    renderDashboard({});
    await screen.findByRole('region', { name: 'Budget by Category' });
    for (const name of CARDS) {
      expect(card(name).getAttribute('aria-busy'), name).toBe('true');
      expect(within(card(name)).getByRole('status').textContent, name).toMatch(/^Loading /);
    }
    const text = document.body.textContent ?? '';
    for (const falseFact of ['No proposed lines', 'across', '0 FTE', '$0', 'No employees', 'Not set']) {
      expect(text).not.toContain(falseFact);
    }
  });

  it('shows the figures once they arrive, and the empty sentence only of a truly empty answer', async () => {
    renderDashboard({
      '/api/line-items/budget/summary': SUMMARY,
      '/api/line-items/summary/by-category': CATEGORIES,
      '/api/line-items/summary/by-building': BUILDINGS,
      '/api/line-items/budget/stats': STATS,
      '/api/line-items/salary-distribution': SALARIES,
    });
    expect(await screen.findByText('$24.5M across 2 categories')).toBeTruthy();
    for (const name of CARDS) {
      expect(card(name).getAttribute('aria-busy'), name).toBeNull();
    }
    expect(card('Budget by Building').textContent).toContain('No proposed lines in this fiscal year.');
    const employees = card('Employees').textContent;
    expect(employees).toContain('212');
    expect(employees).toContain('198.5 FTE');
    expect(employees).toContain('$15.3M');
    expect(card('Headcount by Location').textContent).toContain('212 employees, $15,300,000 in salaries');
    expect(card('Teacher Salaries').textContent).toContain('30 teachers by salary range');
    expect(card('Budget vs Town Guidance').textContent).toContain('$25.0M');
    // QA: the subtitle read 'FY27 FY27 Budget' (the fiscal year's badge, then the budget year's name).
    const subtitle = screen.getByRole('heading', { name: 'Budget Dashboard' }).parentElement?.textContent;
    expect(subtitle).toMatch(/FY27 · All funds/);
    expect(subtitle).not.toContain('FY27 FY27');
  });

  it('says a figure could not be loaded instead of showing zeros', async () => {
    renderDashboard({
      '/api/line-items/budget/summary': SUMMARY,
      '/api/line-items/summary/by-category': CATEGORIES,
      '/api/line-items/summary/by-building': BUILDINGS,
      '/api/line-items/budget/stats': 'fail',
      '/api/line-items/salary-distribution': SALARIES,
    });
    await screen.findByText('Some dashboard figures could not be loaded');
    await waitFor(() => expect(card('Employees').textContent).toContain('Employees could not be loaded.'));
    expect(card('Headcount by Location').textContent).toContain('Headcount by Location could not be loaded.');
    for (const name of ['Employees', 'Headcount by Location']) {
      expect(card(name).textContent, name).not.toMatch(/\b0 (FTE|employees)|\$0/);
      expect(card(name).getAttribute('aria-busy'), name).toBeNull();
    }
  });
});
