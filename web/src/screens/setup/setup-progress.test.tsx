// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SetupScreen } from '@web/screens/setup/index';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const fy26 = { id: 1, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

function renderSetup(budgetYearsWithLines: number[]) {
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/setup': {
      ready: true,
      complete: true,
      steps: [
        {
          key: 'budgetYear',
          title: 'First budget year',
          done: true,
          summary: 'FY26',
          screen: '/admin/setup',
          command: 'budget-cli setup year',
        },
      ],
      budgetYears: [],
    },
    '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines },
  });
  storeSession(admin);
  renderRoutes('/setup', [{ path: 'setup', element: <SetupScreen /> }]);
}

describe('Setup’s progress line', () => {
  // QA (ADMIN, the demo district): with every step done and 504 employees imported, it still said
  // 'The budget year is there: import its payroll'.
  it('sends a district whose lines are imported to its Dashboard, not to import a payroll', async () => {
    renderSetup([1]);
    const status = await screen.findByText(/Budget lines are imported/);
    expect(status.textContent).toContain('Every step is done.');
    expect(status.textContent).not.toContain('import its payroll');
  });

  it('asks for the payroll while the budget year has no lines', async () => {
    renderSetup([]);
    expect((await screen.findByText(/import its payroll/)).textContent).toContain('The budget year is there');
  });
});
