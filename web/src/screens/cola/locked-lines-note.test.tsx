// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import { UploadForm } from '@web/components/salary-schedules/upload-form';
import { ContractsTab } from '@web/screens/cola/contracts-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/**
 * COLA Management's writes re-price the next-year salaries of a roster's holders (a contract
 * deleted, a salary schedule imported): when that roster's cost is budgeted into a voted year's
 * locked salary lines, the answer carries their note (salaryLines), and the screen says it after
 * what was done, as the Employee Budget Manager's toasts do.
 */
const finance = makeUser({ role: 'FINANCE', abilities: { 'cola.read': true, 'cola.write': true } });
const drift = lockedSalaryLines(-2001.37);
// FINANCE's words: an administrator reopens the stage.
const note = { ...drift, message: salaryLinesLockedText(drift, true, { reopen: false, update: true }) };
const WORDS =
  "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
  '1 salary line is out of date: they hold $2,001.37 more than the positions cost. ' +
  'An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.';

const contract = {
  id: 5,
  name: 'Nurses 2026-2028',
  workGroupId: 2,
  workGroup: 'Nurses',
  startYear: 2026,
  endYear: 2028,
  contractYears: 3,
  status: 'SETTLED',
  settlementDate: '2025-05-20',
  notes: null,
  supersedesContractId: null,
  supersededBy: null,
  colaSettings: [],
  createdAt: '2025-05-20T00:00:00.000Z',
  updatedAt: '2025-05-20T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('COLA Management says the locked salary lines’ note', () => {
  it('after a contract is deleted', async () => {
    stubApi({
      '/api/auth/me': { user: finance },
      '/api/cola/contracts': { contracts: [contract] },
      '/api/cola/work-groups': { workGroups: [{ id: 2, name: 'Nurses' }] },
      '/api/cola/contracts/5': { message: 'Contract deleted', recomputedLines: 11, salaryLines: note },
    });
    storeSession(finance);
    renderRoutes('/cola', [{ path: 'cola', element: <ContractsTab /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Nurses 2026-2028' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Contract “Nurses 2026-2028” deleted')).toBeTruthy();
    expect(screen.getByText(`11 employees’ next-year salaries were recomputed. ${WORDS}`)).toBeTruthy();
    expect(note.message).toBe(WORDS);
  });

  it('after a salary schedule is imported for a work group', async () => {
    stubApi({
      '/api/auth/me': { user: finance },
      '/api/cola/work-groups': { workGroups: [] },
      '/api/cola/schedules/import': () =>
        jsonResponse(201, {
          schedule: { id: 1, name: 'Teachers', workGroupId: 3, workGroup: 'Teachers' },
          placements: { suggested: 0, exact: 234, unmatched: 2, belowCurrent: { count: 0, amount: 0 } },
          salaryLines: note,
        }),
    });
    storeSession(finance);
    renderRoutes('/schedules', [{ path: 'schedules', element: <UploadForm /> }]);
    fireEvent.change(screen.getByLabelText(/Schedule file/), {
      target: { files: [new File(['fiscal_year,step,BA\nFY26,1,50000\n'], 'teachers.csv')] },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import Schedule' }));
    });
    expect(await screen.findByText("Salary schedule 'Teachers' imported")).toBeTruthy();
    expect(
      screen.getByText(
        `Placements: 234 on their exact salary, 0 on the nearest cell (within 10%), 2 left unplaced. ${WORDS}`,
      ),
    ).toBeTruthy();
  });
});
