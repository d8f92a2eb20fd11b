// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRun } from '@shared/schemas/import';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ImportRunsPanel } from './import-runs-panel';

// A finance officer who imported the wrong payroll into FY26 had no way to take it back: Import
// History offers Undo import on the run that can be undone, says why not on the others, and asks
// first, naming what goes.

const fy26 = { id: 3, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

const run = (id: number, fileName: string, createdAt: string, undoneAt: string | null = null): ImportRun => ({
  id,
  fileName,
  importType: 'operating',
  budgetYearId: 3,
  budgetYear: 'FY26',
  versionId: 7,
  versionLabel: 'Payroll',
  user: 'Avery Admin',
  createdAt,
  rowCount: 412,
  importedCount: 412,
  skippedCount: 0,
  warningCount: 0,
  errorCount: 0,
  replacedProjectedCount: 0,
  status: 'completed',
  undoneAt,
});

const LATER = 'A later import into FY26 (#42, right.csv) came after this one: undo that one first';

function renderPanel(runs: ImportRun[]) {
  const user = makeUser({ abilities: { 'import.run': true } });
  storeSession(user);
  const undone: string[] = [];
  const asked = stubApi({
    '/api/auth/me': { user },
    '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [3] },
    '/api/import/runs': { runs },
    '/api/import/runs/42/undo': (_url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        undone.push('42');
        return jsonResponse(200, {
          importRunId: 42,
          fiscalYear: 2026,
          linesRemoved: 412,
          positionsRemoved: 3,
          positionsReopened: 0,
        });
      }
      return jsonResponse(200, {
        importRunId: 42,
        fiscalYear: 2026,
        lines: 412,
        positions: 3,
        undoable: true,
        reason: null,
      });
    },
    '/api/import/runs/41/undo': {
      importRunId: 41,
      fiscalYear: 2026,
      lines: 20,
      positions: 0,
      undoable: false,
      reason: LATER,
    },
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
  return { asked, undone };
}

const rowOf = async (file: string) => (await screen.findByText(file)).closest('tr') as HTMLElement;

describe('Import History’s Undo import', () => {
  it('asks before removing the latest run’s lines, and says why an earlier run cannot be undone', async () => {
    const { asked, undone } = renderPanel([
      run(42, 'right.csv', '2026-03-02T16:00:00.000Z'),
      run(41, 'wrong.csv', '2026-03-02T15:00:00.000Z'),
    ]);
    const earlier = await rowOf('wrong.csv');
    const refused = await within(earlier).findByRole('button', { name: 'Undo import' });
    expect((refused as HTMLButtonElement).disabled).toBe(true);
    expect(within(earlier).getByText(LATER)).toBeTruthy();

    const latest = await rowOf('right.csv');
    const offered = await within(latest).findByRole('button', { name: 'Undo import' });
    await waitFor(() => expect((offered as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(offered);
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Remove the 412 lines this import added to FY26, and the 3 positions it made?',
      ),
    ).toBeTruthy();
    expect(undone).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() => expect(undone).toEqual(['42']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The list is asked again, so the row says it was undone.
    expect(asked.filter((u) => u.startsWith('/api/import/runs?')).length).toBeGreaterThan(1);
  });

  it('says when an undone run was undone, with no button', async () => {
    renderPanel([run(40, 'gone.csv', '2026-03-01T15:00:00.000Z', '2026-03-01T16:00:00.000Z')]);
    const row = await rowOf('gone.csv');
    expect(within(row).getByText(/^Undone /)).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
