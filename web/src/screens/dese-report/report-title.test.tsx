// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeseReport } from '@web/api/function-codes';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { noFiguresMeter } from '@web/test/nss-meter';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { DeseReportScreen } from './index';
import { reportTitle } from './report-title';

// The heading once read 'FY26 Budget, FY26 budget by DESE function': the budget year's name
// already says its fiscal year.

const finance = makeUser({ role: 'FINANCE', abilities: {} });
const fy26 = { id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };
const money = { salaries: 0, otherExpenses: 0, total: 0, lineCount: 0, employeeCount: 0, payroll: 0 };
const report = {
  series: [],
  unmapped: money,
  totals: money,
  dashboard: { proposedBudget: 0, proposedCount: 0 },
  nss: noFiguresMeter([]),
  notes: [],
  generatedAt: '2026-11-30T17:38:00.000Z',
} as unknown as DeseReport;

describe('the DESE report heading', () => {
  it('names the budget year and the fiscal year once', async () => {
    storeSession(finance);
    stubApi({
      '/api/auth/me': { user: finance },
      '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [2] },
      '/api/line-items/fiscal-years': { fiscalYears: [2025, 2026, 2027], withLines: [2025, 2026, 2027] },
      '/api/dese-report': report,
      '/api/positions/staffing': () => new Promise<Response>(() => {}),
    });
    renderRoutes('/dese', [
      {
        path: 'dese',
        element: (
          <BudgetYearProvider>
            <DeseReportScreen />
          </BudgetYearProvider>
        ),
      },
    ]);
    const heading = await screen.findByRole('heading', { level: 2, name: /Budget.*by DESE function/ });
    expect(heading.textContent).toBe('FY26 Budget by DESE function');
  });

  it('says the fiscal year when the name does not, or names another one', () => {
    expect(reportTitle('FY26 Budget', 'FY26')).toBe('FY26 Budget by DESE function');
    expect(reportTitle('Budget fy26 (draft)', 'FY26')).toBe('Budget fy26 (draft) by DESE function');
    expect(reportTitle('FY26 Budget', 'FY27')).toBe('FY26 Budget: FY27 budget by DESE function');
    expect(reportTitle('FY260 plan', 'FY26')).toBe('FY260 plan: FY26 budget by DESE function');
    expect(reportTitle('Proposed', 'FY26')).toBe('Proposed: FY26 budget by DESE function');
    expect(reportTitle(null, 'FY26')).toBe('FY26 budget by DESE function');
  });
});
