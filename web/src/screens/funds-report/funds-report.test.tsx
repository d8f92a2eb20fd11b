// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { centsOf, formatMoneyCents } from '@shared/money';
import { FUND_MESSAGES } from '@shared/schemas/funds';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import {
  FUNDS_WITHHELD_REPORT,
  PAY_NOTE,
  PAYROLL_REPORT,
  REPORT,
  WITHHELD_FUND_IDS,
  WITHHELD_REPORT,
} from '@web/test/funds-report';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { FundsReportScreen } from './index';

// The school committee (VIEW_ONLY) opens the report on the header's budget year and its current
// fiscal year; each fund's row, the All funds total and the general fund appropriation are the
// server's figures to the cent, and a grant over its award is called out.

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
      '$24,500,000.40',
      '$23,900,000.25',
      '+$600,000.15',
      '1,200',
      '$23,412,345.67',
    ]);
    const idea = within(table).getByRole('row', { name: /^IDEA Special Education Entitlement/ });
    expect(cells(idea)).toEqual([
      'Federal grant',
      'No',
      '$640,000.00',
      '$655,500.50',
      '\u2212$15,500.50', // the true minus, as every change is signed (signedText)
      '2',
      '$0.00',
    ]);
  });

  it('totals every fund, highlights the general fund appropriation and flags a grant over its award', async () => {
    const { table } = await renderScreen();
    const total = within(table).getByTestId('funds-report-total');
    expect(within(total).getByRole('rowheader').textContent).toBe('All funds');
    expect(cells(total)).toEqual([
      '$25,555,000.75',
      '$24,953,500.75',
      '+$601,500.00',
      '1,205',
      '$23,793,346.17',
    ]);
    expect(screen.getByTestId('funds-report-general').textContent).toBe(
      'General fund appropriation$24,500,000.40What the town votes; +$600,000.15 from FY26',
    );
    expect(screen.getByTestId('funds-report-all').textContent).toContain('4 funds, 1,205 lines');

    // Title I's lines are more than its award; IDEA's are within theirs.
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      FUND_MESSAGES.overAward('Title I, Part A', '$415,000.35', '$412,380.00'),
    ]);
    const titleI = within(table).getByRole('row', { name: /^Title I, Part A/ });
    expect(within(titleI).getByRole('rowheader').textContent).toContain('Over its award');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeTruthy();
  });

  it("says where last year's actual comes from, and opens each fund onto its budget by function and category", async () => {
    await renderScreen();
    expect(screen.getByTestId('funds-report-ledger').textContent).toBe(
      "FY26 actual: what the FY26 ledger (year-end (period 13), ytd-fy2026-p13.csv) says each fund's accounts expended, by their fund segment. $1,234.56 expended on 2 accounts whose fund segment names no fund is in no fund's row (Budget vs Actual lists them).",
    );
    // The funds that pay lines this year; School Choice pays none.
    expect(screen.queryByTestId('funds-breakdown-2801')).toBeNull();
    const general = screen.getByTestId('funds-breakdown-0100');
    expect(within(general).getByText(/^General Fund \(0100\):/).textContent).toBe(
      // The year before's roster pays this year: FY27's report counts FY26's positions.
      "General Fund (0100): $24,500,000.40 in 1,200 lines; pays 412.500 FTE of 420 positions of FY26's roster",
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
      '2305 Teachers, Classroom$20,000,000.201,000',
      '4220 Maintenance of Buildings$4,000,000.20150',
      'No function code$500,000.0050',
      'General Fund$24,500,000.401,200',
    ]);
    const byCategory = within(general).getByRole('table', { name: 'General Fund, FY27 budget by category' });
    expect(
      within(byCategory)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Teachers', 'Operations', 'General Fund']);
  });

  it("says what each fund pays of a payroll year's own people, not a roster's positions", async () => {
    await renderScreen(PAYROLL_REPORT);
    const summary = (code: string) =>
      within(screen.getByTestId(`funds-breakdown-${code}`)).getByText(/\(\d{4}\):/).textContent;
    // The year's salary lines follow its employee lines: the staffing is that payroll's.
    expect(summary('0100')).toBe(
      "General Fund (0100): $24,500,000.40 in 1,200 lines; pays 483.100 FTE of 495 people on FY27's payroll",
    );
    expect(summary('2402')).toBe(
      "IDEA Special Education Entitlement (2402): $640,000.00 in 2 lines; pays 1.000 FTE of 1 person on FY27's payroll",
    );
    expect(document.body.textContent).not.toContain('roster');
  });

  it('says no staffing for a year with neither a payroll nor a roster', async () => {
    await renderScreen({ ...PAYROLL_REPORT, payroll: null });
    expect(
      within(screen.getByTestId('funds-breakdown-0100')).getByText(/^General Fund \(0100\):/).textContent,
    ).toBe('General Fund (0100): $24,500,000.40 in 1,200 lines');
  });

  it('shows figures a reader can add up: each column to its All funds row, each breakdown to its fund', async () => {
    // The demo's FY26: $45,342,684.50 + $364,836.50 + $1,469,979.00 = $47,177,500.00. Rounded each
    // on its own, the rows read $45,342,685 + $364,837 + $1,469,979 over an All funds of $47,177,500.
    const demo = (f: (typeof REPORT.funds)[number], budget: number) => ({
      ...f,
      budget,
      previousBudget: 0,
      change: budget,
      previousActual: null,
      byFunction: [{ code: '2305', name: 'Teachers, Classroom', budget, lineCount: 1 }],
      byCategory: [{ categoryId: 1, name: 'Teachers', budget, lineCount: 1 }],
    });
    const [general, titleI, idea, choice] = REPORT.funds;
    const report = {
      ...REPORT,
      previousLedger: null,
      funds: [demo(general, 45_342_684.5), demo(titleI, 364_836.5), demo(idea, 1_469_979), demo(choice, 0)],
      allFunds: {
        budget: 47_177_500,
        previousBudget: 0,
        change: 47_177_500,
        lineCount: 1205,
        previousActual: null,
      },
      generalFund: { ...REPORT.generalFund, budget: 45_342_684.5, previousBudget: 0, change: 45_342_684.5 },
    };
    const { table } = await renderScreen(report);
    const cents = (text: string | null) => centsOf(Number((text ?? '').replace(/[$,+]/g, '')));
    const column = (i: number) =>
      report.funds.map((f) =>
        cents(cells(within(table).getByRole('row', { name: new RegExp(`^${f.name}`) }))[i]),
      );
    const total = cells(within(table).getByTestId('funds-report-total'));
    for (const i of [2, 4]) {
      expect(column(i).reduce((a, b) => a + b, 0n)).toBe(cents(total[i - 2]));
    }
    expect(cells(within(table).getByRole('row', { name: /^Title I, Part A/ }))[2]).toBe('$364,836.50');
    expect(screen.getByTestId('funds-report-general').textContent).toContain('$45,342,684.50');
    expect(screen.getByTestId('funds-report-all').textContent).toContain('$47,177,500.00');
    const breakdown = screen.getByTestId('funds-breakdown-2401');
    expect(within(breakdown).getByText(/^Title I, Part A \(2401\):/).textContent).toContain('$364,836.50');
  });

  it('says by how much a grant is over its award, even by cents', async () => {
    const [general, titleI, ...rest] = REPORT.funds;
    const over = { ...titleI, budget: 412_380.4, overAward: true, awardAmount: 412_380 };
    await renderScreen({ ...REPORT, funds: [general, over, ...rest] });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      FUND_MESSAGES.overAward('Title I, Part A', '$412,380.40', '$412,380.00'),
    ]);
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

  it("reads 'Withheld' for a row of pay the reader may not see, never its amount, with the note", async () => {
    await renderScreen(WITHHELD_REPORT);
    const general = screen.getByTestId('funds-breakdown-0100');
    const byFunction = within(general).getByRole('table', {
      name: 'General Fund, FY27 budget by DESE function',
    });
    expect(
      within(byFunction)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DESE functionBudgetLines',
      '2305 Teachers, ClassroomWithheld1,000',
      '4220 Maintenance of BuildingsWithheld150',
      'No function code$500,000.0050',
      'General Fund$24,500,000.401,200',
    ]);
    const byCategory = within(general).getByRole('table', { name: 'General Fund, FY27 budget by category' });
    expect(within(byCategory).getAllByText('Withheld')).toHaveLength(2);
    expect(general.textContent).not.toContain('$20,000,000.20');
    expect(general.textContent).not.toContain('$4,500,000.20');
    expect(screen.getByTestId('funds-report-note').textContent).toBe(PAY_NOTE);
  });

  it("reads 'Withheld' for a fund's own figures the reader may not see, never its amounts, All funds as it is", async () => {
    const { table } = await renderScreen(FUNDS_WITHHELD_REPORT);
    const title = within(table).getByText('Title I, Part A').closest('tr')!;
    expect(cells(title).slice(2)).toEqual(['Withheld', 'Withheld', 'Withheld', '3', 'Withheld']);
    // No 'Over its award' flag: the comparison would say something of its budget.
    expect(title.textContent).not.toContain('Over its award');
    expect(document.body.textContent).not.toContain('more than its award');
    expect(cells(within(table).getByTestId('funds-report-total'))[0]).toBe('$25,555,000.75');
    const page = document.body.textContent!;
    for (const f of REPORT.funds.filter((x) => WITHHELD_FUND_IDS.includes(x.fundId))) {
      for (const n of [f.budget!, f.previousBudget!, f.change!, f.previousActual!].filter((x) => x !== 0)) {
        expect(page).not.toContain(formatMoneyCents(n));
      }
    }
    expect(screen.getByTestId('funds-breakdown-2401').textContent).toContain('Withheld');
    expect(screen.getByTestId('funds-report-note').textContent).toBe(PAY_NOTE);
  });

  it('shows no note when nothing was withheld', async () => {
    await renderScreen();
    expect(screen.queryByTestId('funds-report-note')).toBeNull();
  });
});
