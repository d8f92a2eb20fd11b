// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '@web/api/scenarios';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { activationMessage, BudgetManagementTab } from '@web/screens/admin/budget-management-tab';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const budgetYear = { id: 7, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 };
const budget = (over: Partial<Scenario>): Scenario => ({
  id: 1,
  budgetYearId: 7,
  name: 'FY26 Operating Budget',
  description: null,
  scenarioType: 'operating',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  // FY25 + FY26 + FY27 lines: not what a card labelled with FY26 may show.
  lineItemCount: 1493,
  fiscalYear: 2026,
  fiscalYearLineCount: 504,
  ...over,
});

describe('Budget Management line counts', () => {
  it('shows each budget’s lines in its budget year’s fiscal year, and says so', async () => {
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/budget-years': { budgetYears: [budgetYear] },
      '/api/scenarios': {
        scenarios: [
          budget({}),
          budget({
            id: 2,
            name: 'FY26 Proposed Budget',
            scenarioType: 'proposed',
            lineItemCount: 562,
            fiscalYearLineCount: 190,
          }),
        ],
      },
    });
    storeSession(admin);
    renderRoutes('/bm', [
      {
        path: 'bm',
        element: (
          <BudgetYearProvider>
            <BudgetManagementTab />
          </BudgetYearProvider>
        ),
      },
    ]);
    const operating = within(await screen.findByRole('article', { name: 'Active operating budget' }));
    expect((await operating.findByText('Lines in FY26')).nextElementSibling?.textContent).toBe('504');
    const proposed = within(screen.getByRole('article', { name: 'Active proposed budget' }));
    expect(proposed.getByText('Lines in FY26').nextElementSibling?.textContent).toBe('190');
    const table = within(screen.getByRole('table', { name: 'Operating budgets' }));
    expect(table.getByRole('columnheader', { name: 'Lines in FY26' })).toBeTruthy();
    expect(table.getByRole('row', { name: /FY26 Operating Budget/ }).textContent).toContain('504');
    expect(screen.queryByText('1,493')).toBeNull();
  });

  it('asks about a budget empty in the fiscal year by that year’s lines', () => {
    const empty = budget({
      id: 3,
      name: 'Draft',
      isActive: false,
      lineItemCount: 40,
      fiscalYearLineCount: 0,
    });
    expect(activationMessage(empty, budget({}), 'FY26')).toBe(
      'Make Draft the active operating budget? FY26 Operating Budget will no longer be active. Draft has no lines in FY26: the dashboard will show $0 for the operating budget of FY26, in place of the 504 FY26 lines of FY26 Operating Budget.',
    );
  });
});
