// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import type { BudgetYear } from '@web/api/budget-years';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';
import { LinkBuildingsCard } from './link-buildings-card';

/**
 * The Admin Panel's Bulk Operations cards (Link Employees to Buildings, Update DESE Codes, through
 * useBulkRun): when the change is not in a voted year's locked salary lines, the answer's note
 * (salaryLines) is said in a toast with what was done, as the Employee Budget Manager's bulk actions
 * do, beside the card's own result.
 */
const admin = makeUser();
const budgetYear = { id: 7, fiscalYear: 'FY26', currentFiscalYear: 2026 } as BudgetYear;
const drift = lockedSalaryLines(1250.5);
const note = { ...drift, message: salaryLinesLockedText(drift, true) };
const linked = {
  totalLinked: 3,
  results: [
    {
      buildingId: 4,
      buildingName: 'Hillside Elementary',
      buildingCode: 'HSE',
      employeesLinked: 3,
      method: 'code',
    },
  ],
  stillUnassigned: 0,
  dryRun: false,
};

function renderCard(answer: Record<string, unknown>) {
  stubApi({ '/api/auth/me': { user: admin }, '/api/bulk-update/buildings': answer });
  storeSession(admin);
  renderRoutes('/bulk', [
    { path: 'bulk', element: <LinkBuildingsCard budgetYear={budgetYear} years={[2026]} /> },
  ]);
}

describe('the Admin Panel’s bulk cards and locked salary lines', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the note in a toast titled with what was done', async () => {
    renderCard({ ...linked, salaryLines: note });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Link Employees' }));
    });
    expect(await screen.findByText(note.message)).toBeTruthy();
    // The card's summary, and the toast's title.
    expect(screen.getAllByText('Linked 3 employees')).toHaveLength(2);
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        '1 salary line is out of date: they hold $1,250.50 less than the positions cost. ' +
        'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.',
    );
  });

  it('says nothing more for an open year', async () => {
    renderCard(linked);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Link Employees' }));
    });
    // The card's summary only: no toast.
    expect(await screen.findByText('Linked 3 employees')).toBeTruthy();
    expect(screen.getAllByText('Linked 3 employees')).toHaveLength(1);
    expect(screen.queryByText(/salary lines are locked/)).toBeNull();
  });
});
