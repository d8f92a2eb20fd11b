// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { ImportWizard } from '@web/screens/admin/import/import-wizard';
import {
  jsonResponse,
  makeUser,
  renderRoutes,
  stubApi,
  storeSession,
  type StubAnswer,
} from '@web/test/render';

const admin = makeUser({ role: 'ADMIN' });

/** The payroll wizard with the budget years answered by `budgetYears`; returns the URLs asked for. */
function renderWizard(budgetYears: StubAnswer) {
  const asked = stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': budgetYears,
    '/api/versions': { versions: [] },
  });
  storeSession(admin);
  renderRoutes('/import', [
    {
      path: 'import',
      element: (
        <BudgetYearProvider>
          <ImportWizard kind="operating" onCancel={() => {}} />
        </BudgetYearProvider>
      ),
    },
  ]);
  return asked;
}

describe('the payroll import before a budget year exists', () => {
  it('says no budget year exists and links to Setup, instead of a form that cannot be completed', async () => {
    const asked = renderWizard({ budgetYears: [] });
    expect(await screen.findByRole('heading', { name: 'No budget year yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin, Setup' }).getAttribute('href')).toBe('/admin/setup');
    // No step 1 whose Version field waits on a query that never runs.
    expect(screen.queryByText('Loading versions...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Analyze File' })).toBeNull();
    expect(asked.some((u) => u.startsWith('/api/versions'))).toBe(false);
  });

  it('never says the versions are loading when their query is not running', async () => {
    // The budget years failed: the versions query stays disabled (pending, never fetching).
    renderWizard(() => jsonResponse(500, { error: 'down' }));
    expect(await screen.findByText('The budget years could not be loaded')).toBeTruthy();
    expect(screen.queryByText('Loading versions...')).toBeNull();
    expect(screen.getByText('Select a version')).toBeTruthy();
  });

  it('opens step 1 once a budget year exists', async () => {
    renderWizard({
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    });
    expect(await screen.findByRole('button', { name: 'Analyze File' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No budget year yet' })).toBeNull();
  });
});
