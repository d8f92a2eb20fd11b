// @vitest-environment happy-dom
import type { CellEditRequestEvent } from 'ag-grid-community';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import type { EmployeeLineItem } from '@web/api/line-items';
import type { Schedule } from '@web/api/salary-schedules';
import { useEmployeeInlineEdits } from '@web/components/employee-inline-edits';
import { ToastProvider } from '@web/components/toast';
import { storeSession, makeUser, stubApi } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';
import { usePlacementEdits } from './placement-columns';

/**
 * The Employee Budget Manager's edits of a holder's line (a next-year salary typed in the grid, a
 * step chosen in the Step column) move the cost of the position the employee holds. When that
 * cost is budgeted into a voted year's locked salary lines, the server's answer carries their note
 * (salaryLines), and the toast that confirms the edit says it, as the Positions screen's does.
 */
const line = {
  id: 5,
  budgetYearId: 1,
  fiscalYear: 2026,
  isOperating: true,
  isProjected: false,
  firstName: 'Ada',
  lastName: 'Lovelace',
  nextYearSalary: 61800.01,
  nextYearSalaryManual: true,
  employeeStatus: 'Active',
  workGroupId: 3,
  salaryStep: null,
  salaryLane: null,
  salaryPlacement: null,
  metadata: {},
} as unknown as EmployeeLineItem;

const drift = lockedSalaryLines(-2700.36);
// FINANCE's words: an administrator reopens the stage.
const note = {
  ...drift,
  message: salaryLinesLockedText(drift, true, { reopen: false, update: true }),
};

const schedules = new Map([[3, { workGroupId: 3, lanes: ['BA', 'MA'] } as unknown as Schedule]]);

function Grid() {
  const { onCellEditRequest } = useEmployeeInlineEdits();
  const place = usePlacementEdits(schedules);
  const edit = (field: string, newValue: string) =>
    ({ data: line, colDef: { field }, newValue }) as unknown as CellEditRequestEvent<EmployeeLineItem>;
  return (
    <>
      <button type="button" onClick={() => onCellEditRequest(edit('nextYearSalary', '64500.37'))}>
        Salary
      </button>
      <button type="button" onClick={() => place(edit('salaryStep', '2'))}>
        Step
      </button>
    </>
  );
}

function renderGrid() {
  storeSession(makeUser({ role: 'FINANCE' }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <Grid />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const click = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

describe('the Employee Budget Manager’s edit toast', () => {
  afterEach(cleanup);

  it('says the locked salary lines do not have a next-year salary edit', async () => {
    stubApi({
      '/api/line-items/budget/5/next-year-salary': {
        lineItem: { ...line, nextYearSalary: 64500.37 },
        salaryLines: note,
      },
    });
    renderGrid();
    await click('Salary');
    expect(await screen.findByText('Next-year salary saved')).toBeTruthy();
    expect(screen.getByText(`Lovelace, Ada. ${note.message}`)).toBeTruthy();
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        '1 salary line is out of date: they hold $2,700.36 more than the positions cost. ' +
        'An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.',
    );
  });

  it('says nothing more for an open year', async () => {
    stubApi({
      '/api/line-items/budget/5/next-year-salary': { lineItem: { ...line, nextYearSalary: 64500.37 } },
    });
    renderGrid();
    await click('Salary');
    expect(await screen.findByText('Next-year salary saved')).toBeTruthy();
    expect(screen.getByText('Lovelace, Ada')).toBeTruthy();
    expect(screen.queryByText(/salary lines are locked/)).toBeNull();
  });

  it('says it after a step is chosen in the Step column', async () => {
    stubApi({
      '/api/line-items/budget/5/placement': {
        lineItem: { ...line, salaryStep: 2, salaryLane: 'BA', nextYearSalary: 52000 },
        salaryLines: note,
      },
    });
    renderGrid();
    await click('Step');
    expect(await screen.findByText('Placed on step 2, BA')).toBeTruthy();
    expect(screen.getByText(`Lovelace, Ada: next-year salary $52,000.00. ${note.message}`)).toBeTruthy();
  });
});
