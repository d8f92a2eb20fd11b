// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { BulkOperationsTab } from '@web/screens/manage-data/bulk-operations-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/**
 * The Admin Panel's Bulk Operations (Manage Data): a status set on matching employees moves the cost
 * of the positions they hold. When that cost is budgeted into a voted year's locked salary lines,
 * the server's answer carries their note (salaryLines), and the screen says it in a toast with what
 * was done, as the Employee Budget Manager's bulk actions do; an open year's answer keeps the green
 * line.
 */
const admin = makeUser();
const flash = { success: null, error: null, ok: vi.fn(), fail: vi.fn(), clear: vi.fn() };
const budgetYear = { id: 7, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 };
const options = {
  fiscalYears: [2026],
  positions: [{ value: 'Custodian', count: 12 }],
  jobClasses: [],
  departments: [],
};
const drift = lockedSalaryLines(-3150.25);
// ADMIN's words: they may reopen the stage themselves.
const note = { ...drift, message: salaryLinesLockedText(drift, true) };

function renderTab(applied: Record<string, unknown>) {
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': { budgetYears: [budgetYear] },
    '/api/bulk-update/options': options,
    '/api/cola/work-groups': { workGroups: [] },
    '/api/bulk-update/employee-status': (_url: string, init: RequestInit) =>
      jsonResponse(
        200,
        JSON.parse(String(init.body)).dryRun ? { matched: 12, totalUpdated: 12, dryRun: true } : applied,
      ),
  });
  storeSession(admin);
  renderRoutes('/bulk', [
    {
      path: 'bulk',
      element: (
        <BudgetYearProvider>
          <BulkOperationsTab flash={flash} />
        </BudgetYearProvider>
      ),
    },
  ]);
}

async function choose(trigger: HTMLElement, option: string) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Custodians set to Retiring: preview, then Apply in the confirmation. */
async function retireCustodians() {
  const status = within(await screen.findByRole('region', { name: 'Set Employee Status' }));
  await choose(status.getByLabelText('Position'), 'Custodian (12)');
  await choose(status.getByLabelText('Status'), 'Retiring');
  fireEvent.click(status.getByRole('button', { name: 'Preview and Set Status' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Set Employee Status' });
  await act(async () => {
    fireEvent.click(within(confirm).getByRole('button', { name: 'Apply' }));
  });
}

describe('Manage Data bulk operations and locked salary lines', () => {
  afterEach(() => {
    cleanup();
    flash.ok.mockClear();
    vi.unstubAllGlobals();
  });

  it('says the locked salary lines’ note in a toast with what was done', async () => {
    renderTab({ matched: 12, totalUpdated: 12, dryRun: false, salaryLines: note });
    await retireCustodians();
    expect(await screen.findByText('12 employees set to Retiring')).toBeTruthy();
    expect(screen.getByText(note.message)).toBeTruthy();
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        '1 salary line is out of date: they hold $3,150.25 more than the positions cost. ' +
        'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.',
    );
    expect(flash.ok).not.toHaveBeenCalled();
  });

  it('keeps the green line for an open year', async () => {
    renderTab({ matched: 12, totalUpdated: 12, dryRun: false });
    await retireCustodians();
    await vi.waitFor(() => expect(flash.ok).toHaveBeenCalledWith('12 employees set to Retiring'));
    expect(screen.queryByText(/salary lines are locked/)).toBeNull();
  });
});
