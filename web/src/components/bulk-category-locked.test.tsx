// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import type { EmployeeLineItem } from '@web/api/line-items';
import { BulkActionsModal } from '@web/components/bulk-actions-modal';
import { BulkCategory } from '@web/components/bulk-category';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/**
 * The Employee Budget Manager's Bulk Actions > Set Category: the server's answer carries the locked
 * salary lines' note (salaryLines) when the lines' roster cost is budgeted into a voted year, and the
 * modal hands it to the screen's toast with what was done, as its other actions do. It dropped it.
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
const category = { id: 7, name: 'Instructional Salaries', isPersonnel: true };

function stubServer(answer: Record<string, unknown>) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: finance });
      }
      if (url === '/api/categories') {
        return jsonResponse(200, { categories: [category] });
      }
      if (init.method === 'POST' && url === '/api/line-items/bulk-category') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(200, answer);
      }
      return jsonResponse(200, {});
    }),
  );
  storeSession(finance);
  return sent;
}

function renderModal(answer: Record<string, unknown>) {
  const sent = stubServer(answer);
  const onDone = vi.fn();
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

async function setCategoryOnBoth() {
  const dialog = await screen.findByRole('dialog', { name: 'Bulk Actions' });
  fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Action' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: 'Set category' }));
  fireEvent.keyDown(await within(dialog).findByRole('combobox', { name: 'Budget category' }), {
    key: 'Enter',
  });
  fireEvent.click(await screen.findByRole('option', { name: category.name }));
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  });
}

describe('Bulk Actions > Set Category in the Employee Budget Manager', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('hands the locked salary lines’ note to the toast with what was set', async () => {
    const { sent, onDone } = renderModal({ count: 2, salaryLines: note });
    await setCategoryOnBoth();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ itemIds: [11, 12], categoryId: 7 }]);
    expect(onDone).toHaveBeenCalledWith('Set category Instructional Salaries on 2 employees', note.message);
  });

  it('says nothing more for an open year', async () => {
    const { onDone } = renderModal({ count: 2 });
    await setCategoryOnBoth();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalledWith('Set category Instructional Salaries on 2 employees', undefined);
  });
});

/**
 * The Proposed Budget Manager's Set Category: the same answer (bulk-category answers the note
 * whatever lines it moved) reaches the grid's outcome through onDone's note. It was dropped there.
 */
describe('Set Category in the Proposed Budget Manager', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function setOnTwoLines(answer: Record<string, unknown>) {
    const sent = stubServer(answer);
    const onDone = vi.fn();
    const element = <BulkCategory ids={[21, 22]} noun="items" onDone={onDone} />;
    renderRoutes('/proposed', [{ path: 'proposed', element }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Set Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Category' });
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Budget category' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: category.name }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    });
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ itemIds: [21, 22], categoryId: 7 }]);
    return onDone;
  }

  it('hands the locked salary lines’ note on with what was set', async () => {
    const onDone = await setOnTwoLines({ count: 2, salaryLines: note });
    expect(onDone).toHaveBeenCalledWith('Set category Instructional Salaries on 2 items', note.message);
  });

  it('says nothing more for an open year', async () => {
    const onDone = await setOnTwoLines({ count: 2 });
    expect(onDone).toHaveBeenCalledWith('Set category Instructional Salaries on 2 items', undefined);
  });
});
