// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { BudgetComparisonScreen } from './index';

// Plotly is not needed to read the cards and the table.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

afterEach(() => vi.unstubAllGlobals());

/*
 * The totals above the table of a fiscal year with no line read $0, $0 and $0, as if the year's
 * budget were nothing (QA: the demo's FY28 to FY31, and a budget year with no lines at all). They
 * now say what is missing and where it comes from, in the Six-Year View's words, by role; the
 * table's totals read '—', as its empty rows do.
 */

const YEARS = [2026, 2027, 2028, 2029, 2030, 2031];

function total(fiscalYear: number, withLines: boolean): ComparisonCell {
  return withLines
    ? {
        fiscalYear,
        operating: 35_293_887.1,
        operatingCount: 504,
        proposed: 47_177_500,
        proposedCount: 190,
        variance: 11_883_612.9,
        variancePercent: 33.67,
        flag: 'LARGE',
      }
    : {
        fiscalYear,
        operating: 0,
        operatingCount: 0,
        proposed: 0,
        proposedCount: 0,
        variance: 0,
        variancePercent: null,
        flag: null,
      };
}

/** A comparison of budget year 2 whose fiscal years `withLines` hold lines, the others none. */
function comparison(withLines: number[]): BudgetComparison {
  const totals = YEARS.map((y) => total(y, withLines.includes(y)));
  return { budgetYearId: 2, baseYear: 2026, fiscalYears: YEARS, rows: [], personnelTotals: totals, totals };
}

async function renderScreen(role: 'ADMIN' | 'FINANCE', data: BudgetComparison) {
  const user = makeUser({ role, abilities: { 'comparison.read': true } });
  storeSession(user);
  stubApi({
    '/api/auth/me': { user },
    '/api/budget-years': {
      budgetYears: [{ id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 }],
      districtName: null,
      homes: [],
      budgetYearsWithLines: data.totals.some((t) => t.proposedCount) ? [2] : [],
    },
    '/api/budget-comparison': data,
    '/api/reconciliation/status': { status: null },
  });
  renderRoutes('/budget-comparison', [
    {
      path: 'budget-comparison',
      element: (
        <BudgetYearProvider>
          <BudgetComparisonScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
  await screen.findByRole('combobox', { name: 'Fiscal year' });
}

async function chooseYear(label: string) {
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Fiscal year' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

/** The table's footer row `name`: Operating, Proposed and Variance as written. */
const footer = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${name}`) }))
    .getAllByRole('cell')
    .slice(0, 3)
    .map((c) => c.textContent);

describe('Budget Comparison totals of a year with no lines', () => {
  it('say the year is empty and what fills it, not $0, when other years have lines', async () => {
    await renderScreen('FINANCE', comparison([2026, 2027]));
    // A year with lines: the three cards.
    expect(document.querySelectorAll('.kpi')).toHaveLength(3);
    await chooseYear('FY28');
    const totals = await screen.findByRole('region', { name: 'Totals for FY28' });
    expect(totals.textContent).toBe(
      'FY28 is empty: no budget imported and no projection generated for it yet. ' +
        'Generate Projections on the Dashboard fills it.',
    );
    expect(within(totals).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(document.querySelectorAll('.kpi')).toHaveLength(0);
    expect(footer('Total')).toEqual(['—', '—', '—']);
    expect(footer('Personnel subtotal')).toEqual(['—', '—', '—']);
  });

  it('tell an administrator where to import the lines when no year has any', async () => {
    await renderScreen('ADMIN', comparison([]));
    const totals = await screen.findByRole('region', { name: 'Totals for FY26' });
    expect(totals.textContent).toBe(
      'No operating or proposed totals: FY26 has no budget lines in this budget year. ' +
        'Import the payroll or the proposed budget under Admin → Admin Dashboard → CSV Import; ' +
        'then Generate Projections on the Dashboard projects the years after.',
    );
    expect(
      within(totals).getByRole('link', { name: 'Admin → Admin Dashboard → CSV Import' }).getAttribute('href'),
    ).toBe('/admin?tab=import');
    expect(totals.textContent).not.toContain('$0');
  });

  it('tell finance who imports them', async () => {
    await renderScreen('FINANCE', comparison([]));
    const totals = await screen.findByRole('region', { name: 'Totals for FY26' });
    expect(totals.textContent).toBe(
      'No operating or proposed totals: FY26 has no budget lines in this budget year. ' +
        'An administrator imports the payroll or the proposed budget (Admin → Admin Dashboard → CSV Import); ' +
        'then Generate Projections on the Dashboard projects the years after.',
    );
    expect(document.querySelectorAll('.kpi')).toHaveLength(0);
  });
});
