// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportAnalysis, ImportResult } from '@web/api/import';
import { LINE_KINDS } from '@web/screens/admin/import/kinds/lines';
import { PreviewStep } from '@web/screens/admin/import/preview-step';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { formatDateTime } from '@shared/day-words';

const admin = makeUser();
const UPLOAD = 'b'.repeat(32);

/** The same bytes went into FY26 (budget year 1) once, and into FY27 (budget year 3) once. */
const analysis = {
  fileName: UPLOAD,
  originalName: 'fy26-budget.csv',
  importType: 'proposed',
  previousImports: [
    {
      id: 9,
      createdAt: '2026-11-20T15:00:00.000Z',
      user: 'admin@example.org',
      importedCount: 30,
      budgetYearId: 3,
      budgetYear: 'FY27',
      fiscalYear: 2027,
    },
    {
      id: 7,
      createdAt: '2026-11-03T15:00:00.000Z',
      user: 'finance@example.org',
      importedCount: 412,
      budgetYearId: 1,
      budgetYear: 'FY26',
      fiscalYear: 2026,
    },
  ],
};

const dryRun = {
  success: true,
  dryRun: true,
  importRunId: null,
  rowCount: 412,
  imported: 412,
  skipped: 0,
  warnings: [],
  warningCount: 0,
  reviewCount: 0,
  errors: [],
  errorCount: 0,
  skippedReasons: {},
  totalAmount: 1000,
  fiscalYears: [2026],
  replacedProjected: 0,
  alreadyStored: { fiscalYear: 2026, count: 0, total: 0 },
  nextYearSalaries: { automatic: 0, manual: 0, flagged: 0 },
  reconciliation: {
    field: 'amount',
    column: 'Budget',
    fileSum: '1000.00',
    storedSum: 1000,
    differenceCount: 0,
    differenceTotal: '0.00',
    differences: [],
    unexplained: '0.00',
    balanced: true,
    unreadableCount: 0,
    totalRowCount: 0,
    totalRows: [],
    fileTotal: null,
  },
  preview: { rows: [], blankRows: 0 },
  fromRules: { functionCodes: 0, funds: 0, codeConflicts: 0, fundConflicts: 0 },
  durationMs: 10,
} as unknown as ImportResult;

/**
 * The budget wizard's confirm step into budget year `budgetYearId`, its version of `fiscalYear` (the
 * dry run says which year it adds to), the rows going to `rowsTo` (a Fiscal Year column may send
 * them elsewhere); returns the execute bodies sent.
 */
function renderPreview(budgetYearId: number, fiscalYear = 2026, rowsTo = [fiscalYear]) {
  const bodies: Record<string, unknown>[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/import/execute': (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      const answer = {
        ...dryRun,
        fiscalYears: rowsTo,
        alreadyStored: { ...dryRun.alreadyStored, fiscalYear },
      };
      return jsonResponse(200, body.dryRun ? answer : { ...answer, dryRun: false, importRunId: 12 });
    },
  });
  storeSession(admin);
  const body = {
    fileName: UPLOAD,
    columnMappings: {},
    noteColumns: [],
    importType: 'proposed' as const,
    budgetYearId,
    versionId: 2,
  };
  const element = (
    <PreviewStep
      kind={LINE_KINDS.proposed}
      analysis={analysis as unknown as ImportAnalysis}
      mapping={{}}
      body={body}
      options={{}}
      onOptionsChange={() => {}}
      onBack={() => {}}
      onImported={() => {}}
    />
  );
  renderRoutes('/import', [{ path: 'import', element }]);
  return bodies;
}

afterEach(cleanup);

describe('the import wizard’s confirm step, for a file imported into the year before', () => {
  it('says when, by whom and how many lines, and imports again only once asked', async () => {
    const bodies = renderPreview(1);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Import 412 Rows' });
    const warning = screen.getByText(/importing it again/).closest('.alert');
    // Only this year's earlier import is named: FY27's is another year's lines.
    expect(warning?.textContent).toBe(
      'This file was imported before' +
        `This file was imported into FY26 on ${formatDateTime('2026-11-03T15:00:00.000Z')} by finance@example.org (412 lines); importing it again adds them a second time.` +
        ' Import again',
    );
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import again' }));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).not.toHaveProperty('allowRepeat');
    expect(bodies[1]).toMatchObject({ budgetYearId: 1, allowRepeat: true });
    expect(bodies[1]).not.toHaveProperty('dryRun');
  });

  it('says nothing into another fiscal year the budget year plans: its lines are that year’s', async () => {
    // Budget year 1 (FY26) plans FY26-FY28: the file went into its FY26, this is its FY28.
    const bodies = renderPreview(1, 2028);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Import 412 Rows' });
    expect(screen.queryByText(/importing it again/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Import again' })).toBeNull();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty('allowRepeat');
  });

  it('warns of a file whose Fiscal Year column sends its rows to the year it went into, aimed elsewhere', async () => {
    // Aimed at FY28 of budget year 1, the rows go to FY26 as they did before: a repeat there.
    renderPreview(1, 2028, [2026]);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Import 412 Rows' });
    expect(screen.getByText(/importing it again/).closest('.alert')?.textContent).toContain(
      'This file was imported into FY26 on ',
    );
    expect(button.disabled).toBe(true);
  });

  it('says nothing, and sends no allowRepeat, into a year the file never went into', async () => {
    const bodies = renderPreview(2);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Import 412 Rows' });
    expect(screen.queryByText(/importing it again/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Import again' })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty('allowRepeat');
  });
});
