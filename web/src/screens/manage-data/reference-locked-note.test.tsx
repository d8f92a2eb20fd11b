// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { WorkGroupsTab } from '@web/screens/manage-data/work-groups-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';

/**
 * Manage Data > Work Groups: a group moved to another category re-prices its salaries (the COLA is
 * by category), which moves a voted year's roster cost. The server's answer then carries the locked
 * salary lines' note, and the tab says it in a toast with what was saved (the green line alone fades
 * in 3 seconds), as the bulk cards do; with no note, the green line as before.
 */
const admin = makeUser();
const drift = lockedSalaryLines(-94722.6);
const note = { ...drift, message: salaryLinesLockedText(drift, true) };
const teachers = {
  id: 3,
  name: 'Teachers',
  description: null,
  categoryId: null,
  category: null,
  employeeCount: 708,
  contractCount: 1,
  positionCount: 0,
};
const badge = { id: 2, name: 'SUPPORT', description: null, backgroundColor: '#e5e7eb', textColor: '#1f2937' };

function render(answer: Record<string, unknown>) {
  const flash = { success: null, error: null, ok: vi.fn(), fail: vi.fn(), clear: vi.fn() };
  const sent: unknown[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': { budgetYears: [] },
    '/api/cola/work-groups': { workGroups: [teachers], fiscalYear: null },
    '/api/cola/work-group-categories': { categories: [{ ...badge, workGroupCount: 0 }] },
    '/api/cola/work-groups/3': (_url, init) => {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(200, answer);
    },
  });
  storeSession(admin);
  renderRoutes('/md', [
    { path: 'md', element: <BudgetYearProvider>{<WorkGroupsTab flash={flash} />}</BudgetYearProvider> },
  ]);
  return { flash, sent };
}

async function moveTeachers() {
  const table = within(await screen.findByRole('table', { name: 'Work groups' }));
  fireEvent.click(table.getByRole('button', { name: 'Edit Teachers' }));
  const dialog = within(await screen.findByRole('dialog'));
  fireEvent.keyDown(dialog.getByRole('combobox', { name: 'Category' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: 'SUPPORT' }));
  await act(async () => {
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
  });
}

describe('Manage Data > Work Groups: a group moved to another category', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the locked salary lines’ note in a toast with what was saved', async () => {
    const { flash, sent } = render({ workGroup: { ...teachers, categoryId: 2 }, salaryLines: note });
    await moveTeachers();
    const toast = await screen.findByText('Work group Teachers updated');
    expect(toast.closest('li')?.textContent).toContain(note.message);
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        '1 salary line is out of date: they hold $94,722.60 more than the positions cost. ' +
        'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.',
    );
    expect(flash.ok).not.toHaveBeenCalled();
    expect(sent).toEqual([{ name: 'Teachers', description: null, categoryId: 2 }]);
  });

  it('says the green line alone when the year is open', async () => {
    const { flash } = render({ workGroup: { ...teachers, categoryId: 2 } });
    await moveTeachers();
    await vi.waitFor(() => expect(flash.ok).toHaveBeenCalledWith('Work group Teachers updated'));
    expect(screen.queryByText(note.message)).toBeNull();
  });
});
