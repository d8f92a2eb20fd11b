// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { BudgetCategoriesTab } from '@web/screens/manage-data/budget-categories-tab';
import { BuildingsTab } from '@web/screens/manage-data/buildings-tab';
import { WorkGroupCategoriesTab } from '@web/screens/manage-data/work-group-categories-tab';
import { WorkGroupsTab } from '@web/screens/manage-data/work-groups-tab';
import { makeCategory, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const flash = { success: null, error: null, ok: vi.fn(), fail: vi.fn(), clear: vi.fn() };
const group = (
  id: number,
  name: string,
  employeeCount: number,
  contractCount: number,
  positionCount = 0,
) => ({
  id,
  name,
  description: null,
  categoryId: null,
  category: null,
  employeeCount,
  contractCount,
  positionCount,
});
/** A building with the year's employees shown and every year's lines (what a delete refuses on). */
const building = (
  id: number,
  name: string,
  employeeCount: number,
  employeeLineCount: number,
  lineItemCount = 0,
) => ({
  id,
  name,
  code: null,
  address: null,
  buildingType: null,
  color: null,
  deseSchoolCode: null,
  employeeCount,
  employeeLineCount,
  lineItemCount,
});
const fy26 = { id: 7, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 };
const badge = (id: number, name: string, workGroupCount: number) => ({
  id,
  name,
  description: null,
  backgroundColor: '#e5e7eb',
  textColor: '#1f2937',
  workGroupCount,
});

function render(tab: ReactNode, budgetYears: unknown[] = []) {
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': { budgetYears },
    '/api/cola/work-groups': {
      workGroups: [group(3, 'Teachers', 708, 1), group(4, 'Unused', 0, 0), group(5, 'Aides', 0, 0, 3)],
      fiscalYear: null,
    },
    '/api/buildings': {
      buildings: [
        building(1, 'Hillside', 0, 12),
        building(2, 'Oak Hill', 2, 5, 1),
        building(3, 'Annex', 0, 0),
      ],
    },
    '/api/cola/work-group-categories': { categories: [badge(1, 'TEACHERS', 3), badge(2, 'SPARE', 0)] },
    '/api/categories': {
      categories: [makeCategory(), makeCategory({ id: 6, name: 'Empty', lineItemCount: 0 })],
    },
    '/api/dese-codes': { codes: [] },
  });
  storeSession(admin);
  renderRoutes('/md', [{ path: 'md', element: <BudgetYearProvider>{tab}</BudgetYearProvider> }]);
}

/** The row's Delete button, and what describes it (its reason for being disabled). */
async function deleteButton(table: string, name: string) {
  const button = await within(await screen.findByRole('table', { name: table })).findByRole('button', {
    name: `Delete ${name}`,
  });
  const described = button.getAttribute('aria-describedby');
  const why = described ? document.getElementById(described)?.textContent : undefined;
  return { button: button as HTMLButtonElement, why, title: button.getAttribute('title') };
}

describe('Manage Data: Delete on a row in use', () => {
  it('Work Groups disables it, saying the employee lines and contracts the table shows', async () => {
    render(<WorkGroupsTab flash={flash} />);
    const used = await deleteButton('Work groups', 'Teachers');
    expect(used.button.disabled).toBe(true);
    expect(used.why).toBe('In use by 708 employee lines and 1 contract; move them first');
    expect(used.title).toBe(used.why);
    const free = await deleteButton('Work groups', 'Unused');
    expect(free.button.disabled).toBe(false);
    expect(free.why).toBeUndefined();
  });

  it('Work Groups disables it for a group only positions use, saying so (the server counts them)', async () => {
    render(<WorkGroupsTab flash={flash} />);
    const table = within(await screen.findByRole('table', { name: 'Work groups' }));
    expect(table.getByRole('columnheader', { name: 'Positions' })).toBeTruthy();
    const used = await deleteButton('Work groups', 'Aides');
    expect(used.button.disabled).toBe(true);
    expect(used.why).toBe('In use by 3 positions; move them first');
  });

  it('Buildings disables it for lines of other years, which the year’s employee count leaves out', async () => {
    render(<BuildingsTab flash={flash} />, [fy26]);
    const other = await deleteButton('Buildings', 'Hillside');
    expect(other.button.disabled).toBe(true);
    expect(other.why).toBe('In use by 12 employee lines in other years or budgets; move them first');
    expect((await deleteButton('Buildings', 'Oak Hill')).why).toBe(
      'In use by 2 employees, 3 employee lines in other years or budgets and 1 line item in any year; move them first',
    );
    expect((await deleteButton('Buildings', 'Annex')).button.disabled).toBe(false);
  });

  it('Buildings over all years names the lines it leaves out: those of inactive budgets', async () => {
    render(<BuildingsTab flash={flash} />);
    expect((await deleteButton('Buildings', 'Hillside')).why).toBe(
      'In use by 12 employee lines in inactive budgets; move them first',
    );
  });

  it('Budget Categories disables it, saying the lines the table shows', async () => {
    render(<BudgetCategoriesTab flash={flash} />);
    const used = await deleteButton('Budget categories', 'Teachers');
    expect(used.button.disabled).toBe(true);
    expect(used.why).toBe('In use by 872 lines; move them first');
    expect((await deleteButton('Budget categories', 'Empty')).button.disabled).toBe(false);
  });

  it('Work Group Categories disables it, saying the work groups the table shows', async () => {
    render(<WorkGroupCategoriesTab flash={flash} />);
    const used = await deleteButton('Work group categories', 'TEACHERS');
    expect(used.button.disabled).toBe(true);
    expect(used.why).toBe('In use by 3 work groups; move them first');
    expect((await deleteButton('Work group categories', 'SPARE')).button.disabled).toBe(false);
  });
});
