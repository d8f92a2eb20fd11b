// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { StageCompareScreen } from './index';

// An administrator reads FY27's comparison (the budget year's own fiscal year is FY26) and goes
// back with 'Budget Stages': they land on FY27's stages, not on FY26's Draft.

const admin = makeUser();
const fy26 = { id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

function WhereTo() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

describe('Stage Comparison: back to Budget Stages', () => {
  it('names the fiscal year being compared', async () => {
    storeSession(admin);
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [2] },
      '/api/line-items/fiscal-years': { fiscalYears: [2026, 2027], withLines: [2026, 2027] },
      '/api/budget-stages': { error: 'Not in this test' },
      '/api/positions/staffing': { error: 'Not in this test' },
    });
    renderRoutes('/budget-stages/compare?fiscalYear=2027', [
      { path: 'budget-stages', element: <WhereTo /> },
      {
        path: 'budget-stages/compare',
        element: (
          <BudgetYearProvider>
            <StageCompareScreen />
          </BudgetYearProvider>
        ),
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fiscal year' }).textContent).toBe('FY27'),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Budget Stages' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/budget-stages?fiscalYear=2027');
  });
});
