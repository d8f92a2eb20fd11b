// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import type { EmployeeLineItem } from '@web/api/line-items';
import { BulkActionsModal } from '@web/components/bulk-actions-modal';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/**
 * The Employee Budget Manager's Bulk Actions > Delete: a holder's line deleted vacates the positions
 * it holds, which moves their roster's cost. When that cost is budgeted into a voted year's locked
 * salary lines, the server's answer carries their note (salaryLines), and the modal hands it to the
 * screen's toast with what was done, as its other actions do (the last chunk's note wins).
 */
const finance = makeUser({ role: 'FINANCE' });
const line = (id: number, lastName: string) =>
  ({
    id,
    budgetYearId: 1,
    fiscalYear: 2026,
    isOperating: true,
    lastName,
    firstName: 'A',
  }) as EmployeeLineItem;

const drift = lockedSalaryLines(-94722.6);
const note = { ...drift, message: salaryLinesLockedText(drift, true, { reopen: false, update: true }) };

function renderModal(answer: Record<string, unknown>) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: finance });
      }
      if (init.method === 'POST' && url === '/api/line-items/bulk-delete') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(200, answer);
      }
      // The pickers' lists (buildings, work groups, categories) play no part in a delete.
      return jsonResponse(200, {});
    }),
  );
  const onDone = vi.fn();
  storeSession(finance);
  renderRoutes('/bulk', [
    {
      path: 'bulk',
      element: (
        <BulkActionsModal
          open
          onOpenChange={() => undefined}
          selected={[line(11, 'Ames'), line(12, 'Bell')]}
          onDone={onDone}
        />
      ),
    },
  ]);
  return { sent, onDone };
}

async function deleteBoth() {
  const dialog = await screen.findByRole('dialog', { name: 'Bulk Actions' });
  const select = within(dialog).getByRole('combobox', { name: 'Action' });
  fireEvent.keyDown(select, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: 'Delete' }));
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 employees' }));
  });
}

describe('Bulk Actions > Delete in the Employee Budget Manager', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('hands the locked salary lines’ note to the toast with what was deleted', async () => {
    const { sent, onDone } = renderModal({ deleted: 2, failed: [], salaryLines: note });
    await deleteBoth();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ itemIds: [11, 12] }]);
    expect(onDone).toHaveBeenCalledWith('Deleted 2 employees', note.message);
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        '1 salary line is out of date: they hold $94,722.60 more than the positions cost. ' +
        'An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.',
    );
  });

  it('says nothing more for an open year', async () => {
    const { onDone } = renderModal({ deleted: 2, failed: [] });
    await deleteBoth();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalledWith('Deleted 2 employees', undefined);
  });
});
