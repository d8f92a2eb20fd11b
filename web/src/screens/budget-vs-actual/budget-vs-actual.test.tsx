// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerReport } from '@web/api/ledger';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { BudgetVsActualScreen } from './index';

// FY26 as the demo district has it before its ledger is imported (the QA sweep's screen): the
// proposed lines are the budget, the ledger's figures are 0 in the API because there is none.

const finance = makeUser({ role: 'FINANCE', abilities: {} });
const fy26 = { id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 };

const zero = {
  revisedBudget: 0,
  originalBudget: 0,
  expended: 0,
  encumbered: 0,
  available: 0,
  percentUsed: null,
  projectedYearEnd: 0,
  projectedVariance: 0,
  overBudget: false,
  projectedOver: false,
};
const fund = (fundId: number, code: string, name: string, budget: number, lineCount: number) => ({
  fundId,
  code,
  name,
  kind: fundId === 1 ? 'general' : 'federal_grant',
  budget,
  originalBudget: 0,
  revisedBudget: 0,
  expended: 0,
  encumbered: 0,
  available: 0,
  accountCount: 0,
  lineCount,
});
const page = (total: number) => ({ offset: 0, limit: 500, total });

const NO_LEDGER_REPORT = {
  payWithheld: null,
  fiscalYear: 2026,
  by: 'category',
  accountsListed: 'none',
  group: null,
  fund: { scope: 'all', fundId: null, code: null, label: 'All funds' },
  fundTotals: [
    fund(1, '0100', 'General Fund', 45342684.5, 181),
    fund(2, '2401', 'Title I, Part A', 364836.5, 6),
    fund(3, '2402', 'IDEA Special Education Entitlement', 1469979, 3),
  ],
  unmatchedFund: { accountCount: 0, segments: [], accounts: [] },
  ledger: null,
  budgetSource: { budgetYearId: 2, budgetYear: 'FY26', lineCount: 190 },
  projectionRule:
    'Projected year-end = expended ÷ periods elapsed × 12. No ledger is imported for this year yet.',
  matchRule: 'A proposed line belongs to the ledger account whose account string equals its Account Number.',
  totals: { ...zero, budget: 47177500 },
  rows: [
    { key: '1', label: 'Teachers', accountCount: 0, lineCount: 150, ...zero, budget: 45342684.5 },
    { key: '2', label: 'Title I tutors', accountCount: 0, lineCount: 6, ...zero, budget: 364836.5 },
    {
      key: '3',
      label: 'Special Education Tuition',
      accountCount: 0,
      lineCount: 34,
      ...zero,
      budget: 1469979,
    },
  ],
  rowsPage: page(3),
  accounts: [],
  accountsPage: { offset: 0, limit: 0, total: 0 },
  unmatchedAccountCount: 0,
  linesWithoutAccount: Array.from({ length: 190 }, (_, i) => ({
    id: i + 1,
    description: `Line ${i + 1}`,
    accountLine: null,
    deseCode: null,
    categoryName: 'Teachers',
    buildingName: null,
    amount: 100,
    reason: 'No ledger account has this account number',
  })),
  setAside: [],
  setAsideCount: 0,
} as unknown as LedgerReport;

async function renderScreen(report: LedgerReport = NO_LEDGER_REPORT) {
  storeSession(finance);
  stubApi({
    '/api/auth/me': { user: finance },
    '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [2] },
    '/api/line-items/fiscal-years': { fiscalYears: [2025, 2026], withLines: [2025, 2026] },
    '/api/ledger/imports': { imports: [] },
    '/api/ledger/report': report,
  });
  renderRoutes('/bva', [
    {
      path: 'bva',
      element: (
        <BudgetYearProvider>
          <BudgetVsActualScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
  await screen.findByText(/No ledger imported for FY26 yet/);
}

const NO_LEDGER = '—No ledger';

describe('BudgetVsActualScreen with no ledger for the year', () => {
  it('names the fiscal year as every other screen does (FY26), not FY2026', async () => {
    await renderScreen();
    expect(screen.getByRole('combobox', { name: 'Fiscal year' }).textContent).toBe('FY26');
  });

  it("reads 'No ledger' (a dash) for the ledger's figures in the cards, not $0; the budget stays", async () => {
    await renderScreen();
    const card = (name: string) =>
      screen.getByText(name, { exact: true, selector: 'dt' }).nextElementSibling!.textContent;
    expect(card('Budget (proposed)')).toBe('$47,177,500');
    for (const name of [
      'Revised budget',
      'Expended',
      'Encumbered',
      'Available',
      'Used',
      'Projected year-end',
    ]) {
      expect(card(name), name).toBe(NO_LEDGER);
    }
    // The dash is 'No ledger' on hover too.
    const available = screen.getByText('Available', { selector: 'dt' }).nextElementSibling!;
    expect(available.querySelector('[title="No ledger"]')).not.toBeNull();
  });

  it('reads No ledger in every row and the Total of the groups and of the funds', async () => {
    await renderScreen();
    const groups = screen.getByRole('table', { name: 'Budget vs actual by category' });
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);
    const teachers = within(groups).getByRole('row', { name: /Teachers/ });
    expect(cells(teachers).slice(0, 7)).toEqual(['$45,342,685', ...Array(6).fill(NO_LEDGER)]);
    const total = within(groups).getByRole('row', { name: /^Total/ });
    expect(cells(total).slice(0, 7)).toEqual(['$47,177,500', ...Array(6).fill(NO_LEDGER)]);

    const funds = screen.getByTestId('bva-fund-totals');
    const title = within(funds).getByRole('row', { name: /^Title I/ });
    expect(cells(title)).toEqual(['$364,836', NO_LEDGER, NO_LEDGER, NO_LEDGER, NO_LEDGER]);
    expect(funds.textContent).not.toContain('$0');
    expect(groups.textContent).not.toContain('$0');
    // Every row said '0 accounts' beside its lines: with no ledger, the lines alone.
    expect(within(teachers).getByRole('rowheader').textContent).toBe('Teachers150 lines');
    expect(within(title).getByRole('rowheader').textContent).toMatch(/^Title I.*Fund \d+ · 6 lines$/);
    expect(groups.textContent + funds.textContent).not.toContain('0 accounts');
  });

  it('says in one line that nothing can be matched until the ledger is imported', async () => {
    await renderScreen();
    const section = screen.getByRole('region', { name: 'What does not match' });
    expect(section.textContent).not.toContain('Budget lines with no ledger account');
    expect(within(section).getByTestId('bva-unmatched-no-ledger').textContent).toBe(
      'No ledger: budget lines are matched to ledger accounts once the FY26 ledger is imported.',
    );
  });
});
