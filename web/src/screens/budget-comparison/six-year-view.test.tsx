// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { SixYearView } from './six-year-view';

// Plotly is not needed to read the note and the table.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

/*
 * The Six-Year View draws each fiscal year's lines in the budget year: imported, or projected by
 * Generate Projections on the Dashboard. A year with neither showed empty bars and $0 with no word
 * why (QA: FY28 to FY31 of the demo district); it now says so under the card, in both views.
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

/** A comparison whose fiscal years `withLines` hold lines, the others none. */
function comparison(withLines: number[]): BudgetComparison {
  const totals = YEARS.map((y) => total(y, withLines.includes(y)));
  return { budgetYearId: 2, baseYear: 2026, fiscalYears: YEARS, rows: [], personnelTotals: totals, totals };
}

function renderView(data: BudgetComparison) {
  const router = createMemoryRouter([{ path: '/budget-comparison', element: <SixYearView data={data} /> }], {
    initialEntries: ['/budget-comparison'],
  });
  render(<RouterProvider router={router} />);
  return screen.getByRole('region', { name: 'Six-Year View' });
}

describe('the Six-Year View', () => {
  it('says why FY28 to FY31 are empty and where to fill them', () => {
    const card = renderView(comparison([2026, 2027]));
    const note = within(card).getByText(/are empty/);
    expect(note.textContent).toBe(
      'FY28 to FY31 are empty: no budget imported and no projection generated for them yet. ' +
        'Generate Projections on the Dashboard fills them.',
    );
    expect(within(note).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    // In the table an empty year reads '—', not $0.
    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    const cells = (name: string) =>
      within(within(card).getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('FY27')).toEqual(['$35,293,887', '$47,177,500', '$11,883,613', '+33.7%']);
    expect(cells('FY28')).toEqual(['—', '—', '—', '—']);
    // The note stays under the table too.
    expect(within(card).getByText(/are empty/)).toBeTruthy();
  });

  it('names one empty year, or years apart, by name', () => {
    renderView(comparison([2026, 2027, 2028, 2029, 2030]));
    expect(screen.getByText(/is empty/).textContent).toBe(
      'FY31 is empty: no budget imported and no projection generated for it yet. ' +
        'Generate Projections on the Dashboard fills it.',
    );
  });

  it('lists years that are not consecutive', () => {
    renderView(comparison([2026, 2028, 2030]));
    expect(screen.getByText(/are empty/).textContent).toMatch(/^FY27, FY29 and FY31 are empty: /);
  });

  it('asks for an import first when no year has lines', () => {
    renderView(comparison([]));
    expect(screen.getByText(/No year has lines/).textContent).toBe(
      'No year has lines yet: import an operating or proposed budget, then Generate Projections on the Dashboard.',
    );
  });

  it('says nothing when every year has lines', () => {
    renderView(comparison(YEARS));
    expect(screen.queryByText(/empty|No year has lines/)).toBeNull();
  });
});
