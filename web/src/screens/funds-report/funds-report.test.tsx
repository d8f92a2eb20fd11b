// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FUND_MESSAGES } from '@shared/schemas/funds';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { REPORT } from '@web/test/funds-report';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { FundsReportScreen } from './index';

// The school committee (VIEW_ONLY) opens the report on the header's budget year and its current
// fiscal year; each fund's row, the All funds total and the general fund appropriation are the
// server's figures in whole dollars, and a grant over its award is called out.

const viewer = makeUser({ role: 'VIEW_ONLY', abilities: {} });
const fy27 = { id: 2, fiscalYear: 'FY27', name: 'FY27 Budget', notes: null, currentFiscalYear: 2027 };

async function renderScreen(report: typeof REPORT = REPORT) {
  storeSession(viewer);
  const asked = stubApi({
    '/api/auth/me': { user: viewer },
    '/api/budget-years': { budgetYears: [fy27], districtName: null, homes: [], budgetYearsWithLines: [2] },
    '/api/line-items/fiscal-years': { fiscalYears: [2026, 2027, 2028], withLines: [2026, 2027, 2028] },
    '/api/funds/report': report,
  });
  renderRoutes('/funds-report', [
    {
      path: 'funds-report',
      element: (
        <BudgetYearProvider>
          <FundsReportScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
  const table = await screen.findByTestId('funds-report-table');
  return { asked, table };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('FundsReportScreen', () => {
  it("asks for the budget year's current fiscal year and lays out each fund beside last year", async () => {
    const { asked, table } = await renderScreen();
    expect(asked.find((u) => u.startsWith('/api/funds/report'))).toBe(
      '/api/funds/report?budgetYearId=2&fiscalYear=2027',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Fund',
      'Kind',
      'Counts toward NSS',
      'FY27 budget',
      'FY26 budget',
      'Change',
      'Lines',
      'FY26 actual',
    ]);
    const general = within(table).getByRole('row', { name: /^General Fund/ });
    expect(within(general).getByRole('rowheader').textContent).toBe('General FundFund 0100');
    expect(cells(general)).toEqual([
      'General fund appropriation',
      'Yes',
      '$24,500,000',
      '$23,900,000',
      '+$600,000',
      '1,200',
      '$23,412,346',
    ]);
    const idea = within(table).getByRole('row', { name: /^IDEA Special Education Entitlement/ });
    expect(cells(idea)).toEqual(['Federal grant', 'No', '$640,000', '$655,501', '-$15,501', '2', '$0']);
  });

  it('totals every fund, highlights the general fund appropriation and flags a grant over its award', async () => {
    const { table } = await renderScreen();
    const total = within(table).getByTestId('funds-report-total');
    expect(within(total).getByRole('rowheader').textContent).toBe('All funds');
    expect(cells(total)).toEqual(['$25,555,001', '$24,953,501', '+$601,500', '1,205', '$23,793,346']);
    expect(screen.getByTestId('funds-report-general').textContent).toBe(
      'General fund appropriation$24,500,000What the town votes; +$600,000 from FY26',
    );
    expect(screen.getByTestId('funds-report-all').textContent).toContain('4 funds, 1,205 lines');

    // Title I's lines are more than its award; IDEA's are within theirs.
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      FUND_MESSAGES.overAward('Title I, Part A', '$415,000', '$412,380'),
    ]);
    const titleI = within(table).getByRole('row', { name: /^Title I, Part A/ });
    expect(within(titleI).getByRole('rowheader').textContent).toContain('Over its award');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeTruthy();
  });

  it("says where last year's actual comes from, and opens each fund onto its budget by function and category", async () => {
    await renderScreen();
    expect(screen.getByTestId('funds-report-ledger').textContent).toBe(
      "FY26 actual: what the FY26 ledger (year-end (period 13), ytd-fy2026-p13.csv) says each fund's accounts expended, by their fund segment. $1,235 expended on 2 accounts whose fund segment names no fund is in no fund's row (Budget vs Actual lists them).",
    );
    // The funds that pay lines this year; School Choice pays none.
    expect(screen.queryByTestId('funds-breakdown-2801')).toBeNull();
    const general = screen.getByTestId('funds-breakdown-0100');
    expect(within(general).getByText(/^General Fund \(0100\):/).textContent).toBe(
      'General Fund (0100): $24,500,000 in 1,200 lines; pays 412.500 FTE of 420 positions',
    );
    const byFunction = within(general).getByRole('table', {
      name: 'General Fund, FY27 budget by DESE function',
    });
    expect(
      within(byFunction)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DESE functionBudgetLines',
      '2305 Teachers, Classroom$20,000,0001,000',
      '4220 Maintenance of Buildings$4,000,000150',
      'No function code$500,00050',
      'General Fund$24,500,0001,200',
    ]);
    const byCategory = within(general).getByRole('table', { name: 'General Fund, FY27 budget by category' });
    expect(
      within(byCategory)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Teachers', 'Operations', 'General Fund']);
  });

  it("shows 'No ledger' for last year's actual when none is imported", async () => {
    const none = {
      ...REPORT,
      previousLedger: null,
      funds: REPORT.funds.map((f) => ({ ...f, previousActual: null })),
      allFunds: { ...REPORT.allFunds, previousActual: null },
      generalFund: { ...REPORT.generalFund, previousActual: null },
    };
    const { table } = await renderScreen(none);
    expect(cells(within(table).getByTestId('funds-report-total')).at(-1)).toBe('No ledger');
    expect(screen.getByTestId('funds-report-ledger').textContent).toContain('No ledger is imported for FY26');
    // FINANCE and VIEW_ONLY read this too and have no Admin menu: the way there is an administrator's.
    expect(screen.getByTestId('funds-report-ledger').textContent).toContain(
      '(an administrator imports it under Admin',
    );
  });
});
