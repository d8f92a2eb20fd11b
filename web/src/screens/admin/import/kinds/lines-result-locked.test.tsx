// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import type { ImportResult } from '@web/api/import';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { LineResult } from '@web/screens/admin/import/kinds/lines-result';
import { makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/**
 * A payroll imported into the roster's year moves the cost of the positions its people hold (a
 * newcomer takes a vacancy or a position of their own). When that cost is budgeted into a voted
 * year's locked salary lines, the import's answer carries their note (salaryLines), and the result
 * page says it; an open year's result says nothing of them.
 */
const admin = makeUser();
const drift = lockedSalaryLines(52345.67);
const note = { ...drift, message: salaryLinesLockedText(drift, true) };

const result = {
  success: true,
  dryRun: false,
  importRunId: 3,
  rowCount: 1,
  imported: 1,
  skipped: 0,
  warnings: [],
  warningCount: 0,
  reviewCount: 0,
  errors: [],
  errorCount: 0,
  skippedReasons: {},
  totalAmount: 52345.67,
  fiscalYears: [2026],
  replacedProjected: 0,
  alreadyStored: { fiscalYear: 2026, count: 504, total: 35000000 },
  positions: { filled: 0, created: 1, grantFunded: 0 },
  nextYearSalaries: { automatic: 1, manual: 0, flagged: 0 },
  reconciliation: {
    field: 'currentSalary',
    column: 'Salary',
    fileSum: '52345.67',
    storedSum: 52345.67,
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
  durationMs: 900,
} as unknown as ImportResult;

function renderResult(shown: ImportResult) {
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': {
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    },
    '/api/versions': { versions: [] },
  });
  storeSession(admin);
  renderRoutes('/result', [
    {
      path: 'result',
      element: (
        <BudgetYearProvider>
          <LineResult result={shown} fileName="newcomer.csv" settings={{ versionId: 2, noteColumns: [] }} />
        </BudgetYearProvider>
      ),
    },
  ]);
}

describe('a payroll import’s result and locked salary lines', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the locked salary lines do not have the payroll', async () => {
    renderResult({ ...result, salaryLines: note });
    expect(await screen.findByText(note.message)).toBeTruthy();
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        '1 salary line is out of date: they hold $52,345.67 less than the positions cost. ' +
        'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.',
    );
  });

  it('says nothing of them for an open year', async () => {
    renderResult(result);
    expect(await screen.findByText('newcomer.csv', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/salary lines are locked/)).toBeNull();
  });
});
