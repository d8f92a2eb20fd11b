// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EmployeeStats, SalaryDistribution } from '@web/api/dashboard';
import {
  BUILDINGS,
  CATEGORIES,
  range,
  renderDashboard,
  ROSTER_SALARIES,
  ROSTER_STATS,
  SALARIES,
  STATS,
  SUMMARY,
} from '@web/test/dashboard';

// Plotly is not needed to read the cards' words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

// QA, the demo district: FY2027 is planned from the FY2026 roster of positions, and its staff card
// read 'Employees' over 'Positions 507, 493.9 FTE'; FY2028 has neither lines nor a roster, and its
// salary cards read '0 teachers by salary range' above the sentence saying there are none.

const NONE_STATS: EmployeeStats = {
  ...STATS,
  totalEmployees: 0,
  totalSalary: 0,
  totalFte: 0,
  byBuilding: [],
  source: 'none',
  roster: null,
};
const NONE_SALARIES: SalaryDistribution = {
  ...SALARIES,
  teachers: [],
  paras: [],
  source: 'none',
  roster: null,
};

const card = (name: string) => screen.getByRole('region', { name });

/** Opens the dashboard on these staff figures, once the staff and salary cards have them. */
async function open(stats: EmployeeStats, salaries: SalaryDistribution, categories = CATEGORIES) {
  renderDashboard({
    '/api/line-items/budget/summary': SUMMARY,
    '/api/line-items/summary/by-category': categories,
    '/api/line-items/summary/by-building': BUILDINGS,
    '/api/line-items/budget/stats': stats,
    '/api/line-items/salary-distribution': salaries,
  });
  await waitFor(
    () => {
      const location = stats.source === 'roster' ? 'Positions by Location' : 'Headcount by Location';
      for (const name of ['Teacher Salaries', 'Paraeducator Salaries', location]) {
        expect(card(name).getAttribute('aria-busy'), name).toBeNull();
      }
    },
    { timeout: 5000 },
  );
}

describe('the staff card of a planned year', () => {
  it('is titled Positions when it counts a roster, and leads to the Positions screen', async () => {
    await open(ROSTER_STATS, ROSTER_SALARIES);
    const positions = await screen.findByRole('region', { name: 'Positions' });
    expect(screen.queryByRole('region', { name: 'Employees' })).toBeNull();
    expect(positions.textContent).toContain('507');
    expect(positions.textContent).toContain('493.9 FTE');
    expect(positions.textContent).toContain('Budgeted positions of the FY26 roster');
    const link = within(positions).getByRole('link', { name: 'View All Positions' });
    expect(link.getAttribute('href')).toBe('/admin/positions');
    expect(within(positions).queryByRole('link', { name: 'View All Employees' })).toBeNull();
  });

  it("keeps the Employee Manager link when the roster is another budget year's", async () => {
    await open({ ...ROSTER_STATS, roster: { ...ROSTER_STATS.roster!, budgetYearId: 1 } }, ROSTER_SALARIES);
    const positions = await screen.findByRole('region', { name: 'Positions' });
    expect(within(positions).getByRole('link', { name: 'View All Employees' }).getAttribute('href')).toBe(
      '/admin/operating-budget',
    );
  });

  it('is titled Employees when it counts employee lines', async () => {
    await open(STATS, SALARIES);
    const employees = await screen.findByRole('region', { name: 'Employees' });
    expect(employees.textContent).toContain('212');
    expect(screen.queryByRole('region', { name: 'Positions' })).toBeNull();
  });
});

describe('an empty salary card', () => {
  it('says a year with neither lines nor a roster has no staff figures, not 0 teachers', async () => {
    await open(NONE_STATS, NONE_SALARIES, { ...CATEGORIES, categories: [], total: 0 });
    await screen.findByRole('region', { name: 'Employees' });
    // Nor do the budget cards of a year with no lines count '$0.0M across 0' of anything.
    for (const name of ['Budget by Category', 'Budget by Building']) {
      expect(card(name).textContent, name).toContain('No proposed lines in this fiscal year.');
      expect(card(name).textContent, name).not.toContain('across 0');
    }
    for (const [name, who] of [
      ['Teacher Salaries', 'teachers'],
      ['Paraeducator Salaries', 'paraeducators'],
    ]) {
      const text = card(name).textContent ?? '';
      expect(text, name).toContain(
        'FY27 has no employee lines, and no roster of positions budgets its salaries.',
      );
      expect(text, name).not.toContain(`0 ${who}`);
      expect(text, name).not.toContain('by salary range');
      // No ranges were counted, so none were hidden either.
      expect(text, name).not.toContain('fewer than');
    }
  });

  it('says every range is hidden under the five-person rule, and how many people that is', async () => {
    await open(STATS, {
      ...SALARIES,
      teachers: [],
      paras: [],
      excluded: { teachers: 4, paras: 1 },
    });
    await screen.findByRole('region', { name: 'Employees' });
    const teachers = card('Teacher Salaries').textContent ?? '';
    expect(teachers).toContain('every range holds fewer than 5 people (4 teachers in all)');
    expect(teachers).not.toContain('0 teachers');
    expect(teachers).not.toContain('by salary range');
    // What the card would count is still said, once.
    expect(teachers).toContain('Counts FY27 employee lines');
    expect(teachers.match(/fewer than 5/g)).toHaveLength(1);
    expect(card('Paraeducator Salaries').textContent).toContain('(1 paraeducator in all)');
  });

  it('says whose figures hold no one of the role', async () => {
    await open(ROSTER_STATS, { ...ROSTER_SALARIES, teachers: [range('$60k-$70k', 30)], paras: [] });
    await screen.findByRole('region', { name: 'Positions' });
    expect(card('Teacher Salaries').textContent).toContain('30 teachers by salary range');
    const paras = card('Paraeducator Salaries').textContent ?? '';
    expect(paras).toContain("No paraeducators among the FY26 roster's position holders.");
    expect(paras).not.toContain('0 paraeducators');
  });
});
