// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUILDINGS, CATEGORIES, renderDashboard, SALARIES, STATS, SUMMARY } from '@web/test/dashboard';

// Plotly is not needed to read the cards' words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

// QA: while the dashboard loaded, its cards read 'No proposed lines in this fiscal year.',
// '$0 across 0 categories' and '0 employees, 0 FTE, $0': a reader glancing at it saw no budget.

const CARDS = [
  'Budget vs Town Guidance',
  'Employees',
  'Budget by Category',
  'Budget by Building',
  'Teacher Salaries',
  'Paraeducator Salaries',
  'Headcount by Location',
];

/** While the staff figures load, the staff cards do not know yet whether they count employees or positions. */
const LOADING_CARDS = CARDS.map((name) =>
  name === 'Employees' ? 'Staff' : name === 'Headcount by Location' ? 'Staff by Location' : name,
);

const card = (name: string) => screen.getByRole('region', { name });

describe('DashboardScreen while its figures load', () => {
  it('keeps each card titled and says it is loading, never zeros or an empty sentence', async () => {
    renderDashboard({});
    await screen.findByRole('region', { name: 'Budget by Category' });
    for (const name of LOADING_CARDS) {
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
    // Unread, the figures' source is unknown too: the cards say staff, not employees or positions.
    await waitFor(() => expect(card('Staff').textContent).toContain('Staff could not be loaded.'));
    expect(card('Staff by Location').textContent).toContain('Staff by Location could not be loaded.');
    for (const name of ['Staff', 'Staff by Location']) {
      expect(card(name).textContent, name).not.toMatch(/\b0 (FTE|employees)|\$0/);
      expect(card(name).getAttribute('aria-busy'), name).toBeNull();
    }
  });
});
