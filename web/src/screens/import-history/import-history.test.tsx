// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import type { ColDef } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ImportHistoryScreen } from './index';

// QA: Import History offered Edit on a record of FY2026 after School Committee Adopted, and the
// save was refused with the 409. The grid's columns are what offer Edit (and inline edits): the
// grid itself is stood in for, keeping the columns the screen gave it.
const grid = vi.hoisted(() => ({ columns: [] as ColDef[] }));
vi.mock('@web/components/data-grid/data-grid', () => ({
  DataGrid: ({ columns }: { columns: ColDef[] }) => {
    grid.columns = columns;
    return <div data-testid="grid" />;
  },
}));

const fy26 = { id: 3, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

/** FY2026 of budget year 3, at a stage: adopted (locked) or draft. */
const stages = (locked: boolean) => ({
  budgetYearId: 3,
  fiscalYear: 2026,
  current: {
    stage: locked ? 'SCHOOL_COMMITTEE_ADOPTED' : 'DRAFT',
    stageLabel: locked ? 'School Committee Adopted' : 'Draft',
    date: null,
    reopened: false,
    closed: false,
    closedBy: null,
    locked,
    caption: '',
  },
  next: { stage: null, label: null, blocked: null },
  events: [],
  published: null,
});

async function renderScreen(locked: boolean) {
  // An administrator's abilities: records may be edited, and a locked year reopened.
  const user = makeUser({
    abilities: { 'lineItems.write': true, 'import.run': true, 'budgetStages.manage': true },
  });
  storeSession(user);
  const asked = stubApi({
    '/api/auth/me': { user },
    '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [3] },
    '/api/line-items/fiscal-years': { fiscalYears: [2026], withLines: [2026] },
    '/api/line-items/budget': { lineItems: [] },
    '/api/budget-stages': stages(locked),
    '/api/import/runs': { runs: [] },
    '/api/ledger/imports': { imports: [] },
  });
  renderRoutes('/admin/import-history', [
    {
      path: 'admin/import-history',
      element: (
        <BudgetYearProvider>
          <ImportHistoryScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
  await vi.waitFor(() => expect(asked.some((u) => u.startsWith('/api/budget-stages'))).toBe(true));
  await screen.findByTestId('grid');
}

/** The columns that offer a change: the Edit button's, and those edited in the cell. */
const offered = () =>
  grid.columns
    .filter((c) =>
      typeof c.editable === 'function'
        ? c.editable({ data: { employeeStatus: 'Active' } } as never)
        : c.editable || c.colId === 'actions',
    )
    .map((c) => c.colId ?? c.field);

describe('Import History in a locked year', () => {
  it('offers no Edit, nor inline edits, and says the year is locked, as the Employee Budget Manager does', async () => {
    await renderScreen(true);
    const notice = await screen.findByTestId('year-lock-notice');
    expect(notice.textContent).toContain('This year is locked');
    expect(notice.textContent).toContain(
      'FY26 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason.',
    );
    expect(screen.getByRole('link', { name: 'Reopen it on Budget Stages' }).getAttribute('href')).toBe(
      '/budget-stages',
    );
    expect(offered()).toEqual([]);
  });

  it('offers Edit in an open year, with no notice', async () => {
    await renderScreen(false);
    await vi.waitFor(() => expect(offered()).toHaveLength(4));
    expect(offered()).toEqual(['employeeStatus', 'nextYearSalary', 'dateOfDeparture', 'actions']);
    expect(screen.queryByTestId('year-lock-notice')).toBeNull();
  });
});
