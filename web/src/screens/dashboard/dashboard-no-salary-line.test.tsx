// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetSummary } from '@web/api/dashboard';
import type { NoSalaryLine } from '@shared/schemas/dashboard';
import { noFiguresMeter } from '@web/test/nss-meter';
import { BUILDINGS, CATEGORIES, renderDashboard, SALARIES, STATS, SUMMARY } from '@web/test/dashboard';

// Plotly is not needed to read the cards' words.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

// QA, a new district's payroll imported without a crosswalk: its lines have no budget category, so
// no salary line holds their pay and FY27 has no proposed lines. The goal and NSS cards said 'FY27
// has no budget lines ... Import the payroll or the proposed budget' of a year whose payroll is in.

/** FY27 with no proposed lines, and what its salaries' source holds in no personnel category. */
const summaryWith = (noSalaryLine: NoSalaryLine): BudgetSummary => ({
  ...SUMMARY,
  proposedBudget: 0,
  proposedCount: 0,
  breakdown: { proposed: { imported: { count: 0, total: 0 }, projected: { count: 0, total: 0 } } },
  guidanceBudget: 0,
  guidanceGap: SUMMARY.townGoal,
  noSalaryLine,
});

async function openCards(noSalaryLine: NoSalaryLine) {
  renderDashboard({
    '/api/line-items/budget/summary': summaryWith(noSalaryLine),
    '/api/line-items/summary/by-category': { ...CATEGORIES, categories: [], total: 0 },
    '/api/line-items/summary/by-building': BUILDINGS,
    '/api/line-items/budget/stats': STATS,
    '/api/line-items/salary-distribution': SALARIES,
    '/api/nss/meter': { ...noFiguresMeter([]), fiscalYear: 2027, status: 'NO_LINES', message: 'none' },
  });
  // The card is drawn anew once the summary says the year has no lines: found again until then.
  const region = (name: string) => screen.getByRole('region', { name });
  await screen.findByRole('region', { name: 'Budget vs Town Guidance' }, { timeout: 5000 });
  await waitFor(() => expect(region('Budget vs Town Guidance').textContent).toContain('has no budget lines'));
  await waitFor(() => expect(region('Net School Spending').textContent).toContain('has no budget lines'));
  const gap = region('Budget vs Town Guidance');
  const nss = region('Net School Spending');
  return [gap, nss];
}

describe('the goal and NSS cards of a year whose payroll has no personnel category', () => {
  it('say the payroll’s lines have no personnel category and where it is given, not to import the payroll', async () => {
    const cards = await openCards({
      reason: 'no-personnel-category',
      source: 'payroll',
      rosterFiscalYear: null,
      count: 4,
      cost: 220_000.1,
    });
    for (const card of cards) {
      expect(card.textContent).toContain(
        'Its payroll is imported, but 4 employee lines ($220,000.10) have no personnel category: their cost is in no salary line.',
      );
      expect(card.textContent).not.toMatch(/import the payroll/i);
      expect(within(card).getByRole('link', { name: 'Employee Manager' }).getAttribute('href')).toBe(
        '/admin/operating-budget',
      );
      expect(within(card).getByRole('link', { name: 'Budget Comparison' }).getAttribute('href')).toBe(
        '/budget-comparison',
      );
    }
  });

  it('say a payroll in personnel categories is not budgeted yet, and where Update Salary Budget is', async () => {
    const cards = await openCards({
      reason: 'not-budgeted',
      source: 'payroll',
      rosterFiscalYear: null,
      count: 12,
      cost: 640_000.25,
    });
    for (const card of cards) {
      expect(card.textContent).toContain(
        'It has a payroll of 12 employee lines ($640,000.25), but its salary budget is not made yet. Update Salary Budget under Budget Comparison puts their pay in FY27’s budget.',
      );
      expect(card.textContent).not.toMatch(/import the payroll|personnel category/i);
      expect(within(card).getByRole('link', { name: 'Budget Comparison' }).getAttribute('href')).toBe(
        '/budget-comparison',
      );
    }
  });

  it('say the roster’s positions have no personnel category, with the Positions filter that lists them', async () => {
    const cards = await openCards({
      reason: 'no-personnel-category',
      source: 'positions',
      rosterFiscalYear: 2026,
      count: 1,
      cost: null,
    });
    for (const card of cards) {
      expect(card.textContent).toContain(
        'Its salaries are the budgeted cost of the FY26 roster’s positions, and 1 position has no personnel category: its cost is in no salary line.',
      );
      expect(card.textContent).not.toMatch(/import the payroll/i);
      expect(within(card).getByRole('link', { name: 'Positions' }).getAttribute('href')).toBe(
        '/admin/positions?category=none',
      );
    }
  });
});
