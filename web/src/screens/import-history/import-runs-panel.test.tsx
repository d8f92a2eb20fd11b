// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRun } from '@shared/schemas/import';
import type { LedgerImport } from '@shared/schemas/ledger-import';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ImportRunsPanel } from './import-runs-panel';

// QA made a ledger import and found no row for it in Import History, which listed only the payroll
// and budget files' runs (import_runs); ledger imports are kept apart (ledger_imports).

const fy26 = { id: 3, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

const payroll: ImportRun = {
  id: 41,
  fileName: 'boston-200.csv',
  importType: 'operating',
  budgetYearId: 3,
  budgetYear: 'FY26',
  versionId: 7,
  versionLabel: 'QA Boston payroll slice',
  user: 'Avery Admin',
  createdAt: '2026-03-02T15:00:00.000Z',
  rowCount: 200,
  importedCount: 200,
  skippedCount: 0,
  // The run's lines marked for review, as the import said (stored on the run).
  warningCount: 200,
  errorCount: 0,
  replacedProjectedCount: 0,
  status: 'completed with warnings',
  undoneAt: null,
};

const ledger: LedgerImport = {
  id: 5,
  fiscalYear: 2026,
  period: 13,
  fileName: 'munis-ytd-fy26.csv',
  accountPattern: 'FUND-x-xxx-FUNC-...-OBJECT',
  user: 'Avery Admin',
  createdAt: '2026-03-02T16:30:00.000Z',
  rowCount: 75,
  accountCount: 73,
  setAsideCount: 2,
  warningCount: 1,
  isCurrent: true,
  replacedById: null,
};

async function renderPanel(abilities: Record<string, boolean>, ledgers: LedgerImport[] = [ledger]) {
  const user = makeUser({ abilities });
  storeSession(user);
  const asked = stubApi({
    '/api/auth/me': { user },
    '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [3] },
    '/api/import/runs': { runs: [payroll] },
    '/api/ledger/imports': { imports: ledgers },
  });
  renderRoutes('/admin/import-history', [
    {
      path: 'admin/import-history',
      element: (
        <BudgetYearProvider>
          <ImportRunsPanel />
        </BudgetYearProvider>
      ),
    },
  ]);
  const table = await screen.findByRole('table');
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        // From File to Projected replaced (undo-import.test.tsx reads the Undo column).
        .slice(2, 9)
        .map((c) => c.textContent),
    );
  return { asked, table, rows };
}

describe('Import History’s recent imports', () => {
  it('lists a ledger import beside the payroll runs, newest first, as Ledger (actuals)', async () => {
    const { table, rows } = await renderPanel({ 'import.run': true, 'budgetVsActual.read': true });
    expect(
      screen.getByRole('table', {
        name: 'Recent imports into FY26, and ledgers (actuals) of every fiscal year',
      }),
    ).toBe(table);
    expect(rows).toEqual([
      ['munis-ytd-fy26.csv', 'Ledger (actuals)FY26 at year-end (period 13)', '75', '73', '2', '—', '—'],
      ['boston-200.csv', 'Operating (employees)QA Boston payroll slice', '200', '200', '0', '200', '0'],
    ]);
  });

  it('says when a ledger import was replaced by a later period', async () => {
    const earlier = { ...ledger, id: 4, period: 6, isCurrent: false, replacedById: 5 };
    const { rows } = await renderPanel({ 'import.run': true, 'budgetVsActual.read': true }, [earlier]);
    expect(rows[0].slice(0, 2)).toEqual([
      'munis-ytd-fy26.csv',
      'Ledger (actuals)FY26 at period 6 of 12, replaced by a later import',
    ]);
  });

  it('lists only the runs to someone who may not read the ledger', async () => {
    const { asked, rows } = await renderPanel({ 'import.run': true });
    expect(rows.map((r) => r[0])).toEqual(['boston-200.csv']);
    expect(asked.some((u) => u.startsWith('/api/ledger/imports'))).toBe(false);
  });
});
