// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { BudgetCategoriesTab } from '@web/screens/manage-data/budget-categories-tab';
import { SettingsTab } from '@web/screens/manage-data/settings-tab';
import { WorkGroupsTab } from '@web/screens/manage-data/work-groups-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi, makeCategory } from '@web/test/render';

const admin = makeUser();
const flash = { success: null, error: null, ok: vi.fn(), fail: vi.fn(), clear: vi.fn() };
const budgetYear = { id: 7, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 };
const teachers = (employeeCount: number) => ({
  id: 3,
  name: 'Teachers',
  description: null,
  categoryId: null,
  category: null,
  employeeCount,
  contractCount: 1,
  positionCount: 0,
});
const settings = {
  id: 1,
  budgetYearId: 7,
  stepLaneAdjustmentType: 'PERCENTAGE',
  stepLaneAdjustmentValue: 1.5,
  stepLaneDescription: null,
  stepsLanesWorkGroups: [3],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A Manage Data tab whose API answers every year's employee lines (708), or FY26's (270) when asked for budget year 7. */
function render(tab: ReactNode) {
  const asked = stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': { budgetYears: [budgetYear] },
    '/api/budget-settings': { settings },
    '/api/cola/work-groups': (url: string) =>
      url.includes('budgetYearId=7')
        ? jsonResponse(200, { workGroups: [teachers(270)], fiscalYear: 2026 })
        : jsonResponse(200, { workGroups: [teachers(708)], fiscalYear: null }),
    '/api/cola/work-group-categories': { categories: [] },
    '/api/categories': {
      categories: [makeCategory()],
    },
    '/api/dese-codes': { codes: [] },
  });
  storeSession(admin);
  renderRoutes('/md', [{ path: 'md', element: <BudgetYearProvider>{tab}</BudgetYearProvider> }]);
  return asked;
}

describe('Manage Data counts say what they count', () => {
  it('Step and Lane Settings for FY26 counts each work group’s FY26 employees', async () => {
    const asked = render(<SettingsTab flash={flash} />);
    const groups = within(
      await screen.findByRole('group', { name: 'Work groups that receive steps and lanes' }),
    );
    expect((await groups.findByText('(270)')).closest('label')?.textContent).toBe('Teachers(270)');
    expect(asked.some((u) => u.startsWith('/api/cola/work-groups?budgetYearId=7'))).toBe(true);
  });

  it('Work Groups says its employee column is every year’s lines', async () => {
    render(<WorkGroupsTab flash={flash} />);
    const table = within(await screen.findByRole('table', { name: 'Work groups' }));
    expect(table.getByRole('columnheader', { name: 'Employee lines, all years' })).toBeTruthy();
    expect(await table.findByText('708')).toBeTruthy();
  });

  it('Budget Categories says its line column is every year’s lines, as Work Groups does', async () => {
    render(<BudgetCategoriesTab flash={flash} />);
    const table = within(await screen.findByRole('table', { name: /categories/i }));
    expect(table.getByRole('columnheader', { name: 'Lines, all years' })).toBeTruthy();
    expect(await table.findByText('872')).toBeTruthy();
  });
});
