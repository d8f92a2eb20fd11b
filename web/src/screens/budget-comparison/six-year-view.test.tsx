// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { SixYearView } from './six-year-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    expect(cells('FY27')).toEqual(['$35,293,887', '$47,177,500', '+$11,883,613', '+33.7%']);
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

  it('writes a fall with the minus sign, as Staffing writes its changes', () => {
    const data = comparison(YEARS);
    // Operating $1,000,500.25, proposed $950,000.00: a fall of $50,500.25, 5.047...% of operating
    // (the server's percent, to two places: 5.05).
    data.totals[1] = {
      ...data.totals[1],
      operating: 1_000_500.25,
      proposed: 950_000,
      variance: -50_500.25,
      variancePercent: -5.05,
      flag: 'HIGHLIGHT',
    };
    const card = renderView(data);
    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    const row = within(card).getByRole('row', { name: /^FY27/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$1,000,500', '$950,000', '\u2212$50,500', '\u22125.1%']);
  });
});

/*
 * With no line in any of the six years the chart drew empty bars on a $0 to $1.00 axis (QA, budget
 * year FY25). The card now says what is missing and where it comes from, as the Dashboard's empty
 * cards do, with no chart or table to switch between.
 */
describe('the Six-Year View with no line in any year', () => {
  const budgetYears = (homes: { fiscalYear: number; budgetYearId: number }[]) => ({
    budgetYears: [2, 3].map((id) => ({
      id,
      fiscalYear: `FY${24 + id}`,
      name: null,
      notes: null,
      currentFiscalYear: 2024 + id,
    })),
    districtName: null,
    homes,
    budgetYearsWithLines: [...new Set(homes.map((h) => h.budgetYearId))],
  });

  async function renderEmpty(
    role: 'ADMIN' | 'FINANCE',
    homes: { fiscalYear: number; budgetYearId: number }[],
  ) {
    const user = makeUser({ role });
    storeSession(user);
    const asked = stubApi({ '/api/auth/me': { user }, '/api/budget-years': budgetYears(homes) });
    renderRoutes('/budget-comparison', [
      { path: 'budget-comparison', element: <SixYearView data={comparison([])} /> },
    ]);
    const card = await screen.findByRole('region', { name: 'Six-Year View' });
    await vi.waitFor(() => expect(asked).toContain('/api/budget-years'));
    return card;
  }

  it('tells an administrator what is missing and where to import it, with no $0 axis', async () => {
    const card = await renderEmpty('ADMIN', []);
    const text = await within(card).findByText(/^No operating or proposed totals/);
    expect(text.textContent).toBe(
      'No operating or proposed totals to chart: FY26 to FY31 have no budget lines in this budget year. ' +
        'Import the payroll or the proposed budget under Admin → Admin Dashboard → CSV Import; ' +
        'then Generate Projections on the Dashboard projects the years after.',
    );
    expect(
      within(text).getByRole('link', { name: 'Admin → Admin Dashboard → CSV Import' }).getAttribute('href'),
    ).toBe('/admin?tab=import');
    expect(within(text).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    // No chart (its axis) and no table of dashes: nothing to switch between.
    expect(within(card).queryByRole('radio', { name: 'Table' })).toBeNull();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('tells finance who imports the lines', async () => {
    const card = await renderEmpty('FINANCE', []);
    expect((await within(card).findByText(/^No operating or proposed totals/)).textContent).toContain(
      'An administrator imports the payroll or the proposed budget (Admin → Admin Dashboard → CSV Import); ' +
        'then Generate Projections',
    );
  });

  it('sends a budget year that plans no year of its own to the note above, not to an import', async () => {
    // Budget year FY27 (id 3) plans FY26 and FY27; the comparison is of budget year FY26 (id 2), empty.
    const card = await renderEmpty('ADMIN', [
      { fiscalYear: 2026, budgetYearId: 3 },
      { fiscalYear: 2027, budgetYearId: 3 },
    ]);
    await vi.waitFor(() =>
      expect(within(card).getByText(/^No operating or proposed totals/).textContent).toBe(
        'No operating or proposed totals to chart: FY26 to FY31 have no budget lines in this budget year, ' +
          'which plans no fiscal year of its own. The note at the top of the page opens the budget year ' +
          'that plans them.',
      ),
    );
  });

  it('says nothing when every year has lines', () => {
    renderView(comparison(YEARS));
    expect(screen.queryByText(/empty|No operating or proposed totals/)).toBeNull();
  });
});
