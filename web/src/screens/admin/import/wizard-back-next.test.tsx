// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@web/api/import';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { ImportWizard } from '@web/screens/admin/import/import-wizard';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { NO_RULE_EFFECTS } from '@web/test/import-result';

// A city's payroll: the user ticks 'Leave out rows whose building is not one of the district's
// buildings' in the preview, goes Back to the mapping and on to the preview again. The box came
// back unticked and the dry run counted the police and fire rows again; like the version, the
// mapping and the note columns, the choice now stays for the file until Import Another File.

const admin = makeUser();
const UPLOAD = 'c'.repeat(32);
const LABEL = /Leave out rows whose building is not one of the district's buildings/;

const analysis = {
  fileName: UPLOAD,
  originalName: 'city.csv',
  sheetName: null,
  headerRow: 1,
  detectedColumns: ['NAME', 'REGULAR', 'DEPT'],
  expectedColumns: [
    { field: 'lastName', label: 'Last name', required: true },
    { field: 'currentSalary', label: 'Current salary', required: true },
    { field: 'building', label: 'Building', required: false },
  ],
  suggestedMappings: {
    lastName: { csvColumn: 'NAME', confidence: 'high' },
    currentSalary: { csvColumn: 'REGULAR', confidence: 'high' },
    building: { csvColumn: 'DEPT', confidence: 'high' },
  },
  savedMapping: null,
  previewData: [{ NAME: 'Rivera', REGULAR: '61000', DEPT: 'Hillside' }],
  previousImports: [],
  notAmounts: {},
  suggestedNoteColumns: [],
  importType: 'operating',
};

/** The city's 10 rows: all imported, or 3 of the police and fire left out. */
function dryRun(leaveOut: boolean): ImportResult {
  const stored = leaveOut ? 412345.67 : 912345.67;
  return {
    success: true,
    dryRun: true,
    importRunId: null,
    rowCount: 10,
    imported: leaveOut ? 7 : 10,
    skipped: leaveOut ? 3 : 0,
    warnings: [],
    warningCount: 0,
    reviewCount: 0,
    errors: [],
    errorCount: 0,
    skippedReasons: leaveOut ? { "not one of the district's buildings": 3 } : {},
    ...(leaveOut
      ? { leftOut: { rows: 3, amount: '500000.00', buildings: [{ building: 'Police Department', rows: 3 }] } }
      : {}),
    totalAmount: stored,
    fiscalYears: [2026],
    replacedProjected: 0,
    alreadyStored: { fiscalYear: 2026, count: 0, total: 0 },
    nextYearSalaries: { automatic: 0, manual: 0, flagged: 0 },
    reconciliation: {
      field: 'currentSalary',
      column: 'REGULAR',
      fileSum: '912345.67',
      storedSum: stored,
      differenceCount: leaveOut ? 3 : 0,
      differenceTotal: leaveOut ? '500000.00' : '0.00',
      differences: [],
      unexplained: '0.00',
      balanced: true,
      unreadableCount: 0,
      totalRowCount: 0,
      totalRows: [],
      fileTotal: null,
    },
    preview: { rows: [], blankRows: 0 },
    fromRules: NO_RULE_EFFECTS,
    durationMs: 300,
  };
}

function renderWizard() {
  const bodies: Record<string, unknown>[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': {
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    },
    '/api/versions': {
      versions: [
        {
          id: 2,
          label: 'City Payroll',
          fiscalYear: 2026,
          versionNumber: 1,
          description: null,
          status: 'draft',
          isActive: true,
          uploadedBy: null,
          uploadedByName: null,
          budgetYearId: 1,
          createdAt: '2026-01-05T00:00:00.000Z',
        },
      ],
    },
    '/api/budget-stages': {
      budgetYearId: 1,
      fiscalYear: 2026,
      current: {
        stage: 'DRAFT',
        stageLabel: 'Draft',
        date: null,
        reopened: false,
        closed: false,
        closedBy: null,
        locked: false,
        caption: 'Draft',
      },
      next: { stage: null, label: null, blocked: null },
      events: [],
      published: null,
    },
    '/api/import/analyze': analysis,
    '/api/import/execute': (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse(200, dryRun(body.onlyDistrictBuildings === true));
    },
  });
  storeSession(admin);
  renderRoutes('/import', [
    {
      path: 'import',
      element: (
        <BudgetYearProvider>
          <ImportWizard kind="operating" onCancel={() => {}} />
        </BudgetYearProvider>
      ),
    },
  ]);
  return bodies;
}

/** Step 1: the version and the file, analyzed; step 2: the suggested mapping, previewed. */
async function toPreview() {
  fireEvent.click(await screen.findByRole('combobox', { name: /Version/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'FY26 · City Payroll' }));
  const file = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(file, { target: { files: [new File(['NAME,REGULAR,DEPT'], 'city.csv')] } });
  fireEvent.click(screen.getByRole('button', { name: 'Analyze File' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Preview Import' }));
}

describe('the payroll wizard’s choice to leave out other departments', () => {
  it('stays ticked after Back to the mapping and on to the preview again', async () => {
    const bodies = renderWizard();
    await toPreview();
    await screen.findByRole('button', { name: 'Import 10 Rows' });
    fireEvent.click(screen.getByRole('checkbox', { name: LABEL }));
    await screen.findByRole('button', { name: 'Import 7 Rows' });

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeTruthy();
    const sent = bodies.length;
    fireEvent.click(screen.getByRole('button', { name: 'Preview Import' }));

    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: LABEL });
    expect(box.checked).toBe(true);
    await waitFor(() => expect(bodies.length).toBeGreaterThan(sent));
    expect(bodies.slice(sent).every((b) => b.onlyDistrictBuildings === true)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Import 7 Rows' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3 rows left out ($500,000.00)' })).toBeTruthy();
  });
});
