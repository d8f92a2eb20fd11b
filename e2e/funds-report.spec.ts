import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  FINANCE,
  navigate,
  pageOverflow,
  saveScreen,
  signIn,
  VIEWER,
} from './helpers';

// Every role reaches the Budget of All Funds through its own menus (Admin, Budget Tools, the Menu
// button on a phone). It opens on the header's budget year and its current fiscal year; the demo's
// general fund and its two federal grants are rows; All funds is the sum of the funds, worked out
// here in integer cents from GET /api/funds/report, and the screen shows it to the cent; the
// table downloads as a workbook.

const CASES = [
  { role: 'ADMIN', who: ADMIN, width: 1440, height: 900 },
  { role: 'FINANCE', who: FINANCE, width: 1440, height: 900 },
  { role: 'VIEW_ONLY', who: VIEWER, width: 1440, height: 900 },
  { role: 'VIEW_ONLY', who: VIEWER, width: 390, height: 844 },
  { role: 'FINANCE', who: FINANCE, width: 390, height: 844 },
];

interface Figures {
  budget: number;
  previousBudget: number;
  lineCount: number;
}

interface ReportFund extends Figures {
  name: string;
  code: string;
  previousActual: number | null;
  /** Null: withheld from a reader who may not see individual pay (the report then says so). */
  byFunction: { code: string | null; budget: number | null }[];
  byCategory: { budget: number | null }[];
}

const cents = (v: number) => BigInt(Math.round(v * 100));
/** Dollars and cents as the screen shows them, so each column adds up to its All funds row. */
const dollars = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
};
const sum = (funds: ReportFund[], pick: (f: ReportFund) => bigint) => funds.reduce((s, f) => s + pick(f), 0n);

/** Opens the screen through the menus; returns the budget year and fiscal year it asked for. */
async function open(page: Page): Promise<{ budgetYearId: number; fiscalYear: number }> {
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/funds/report');
  await navigate(page, 'Budget of All Funds');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget of All Funds' })).toBeVisible();
  await expect(page.getByText('Access Denied')).toHaveCount(0);
  const url = new URL((await asked).url());
  return {
    budgetYearId: Number(url.searchParams.get('budgetYearId')),
    fiscalYear: Number(url.searchParams.get('fiscalYear')),
  };
}

for (const c of CASES) {
  test(`${c.role} reads the budget of all funds at ${c.width}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    await signIn(page, c.who);
    const scope = await open(page);

    // The header's budget year, at its current fiscal year.
    const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
    const year = budgetYears.find((y: { id: number }) => y.id === scope.budgetYearId);
    await expect(page.locator('#budget-year-picker')).toContainText(year.fiscalYear);
    expect(scope.fiscalYear).toBe(year.currentFiscalYear);
    const fy = `FY${String(scope.fiscalYear).slice(2)}`;
    await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toContainText(fy);

    const report = await apiCall(
      page,
      'GET',
      `/funds/report?budgetYearId=${scope.budgetYearId}&fiscalYear=${scope.fiscalYear}`,
    );
    const funds = report.funds as ReportFund[];
    const budget = sum(funds, (f) => cents(f.budget));
    expect(budget).toBe(cents(report.allFunds.budget));
    expect(sum(funds, (f) => cents(f.previousBudget))).toBe(cents(report.allFunds.previousBudget));
    expect(funds.reduce((s, f) => s + f.lineCount, 0)).toBe(report.allFunds.lineCount);

    const table = page.getByTestId('funds-report-table');
    await expect(table.getByRole('columnheader', { name: `${fy} budget` })).toBeVisible();
    for (const name of ['General Fund', 'Title I, Part A', 'IDEA Special Education Entitlement']) {
      const row = table.getByRole('row', { name: new RegExp(`^${name}`) });
      const fund = funds.find((f) => f.name === name)!;
      await expect(row.getByRole('cell').nth(2)).toHaveText(dollars(cents(fund.budget)));
    }
    const total = page.getByTestId('funds-report-total');
    await expect(total.getByRole('rowheader')).toHaveText('All funds');
    await expect(total.getByRole('cell').first()).toHaveText(dollars(budget));
    await expect(page.getByTestId('funds-report-all')).toContainText(dollars(budget));
    await expect(page.getByTestId('funds-report-general')).toContainText(
      dollars(cents(report.generalFund.budget)),
    );

    // The year before's actual from its ledger ('No ledger' without one), and the general fund's
    // budget by DESE function and by category, each adding up to its budget. VIEW_ONLY does not
    // see the rows that are the pay of fewer than five people (the demo's 1210 and 1220), nor
    // enough others that the budget less the rows shown would give them back.
    const previousFy = `FY${String(scope.fiscalYear - 1).slice(2)}`;
    await expect(table.getByRole('columnheader', { name: `${previousFy} actual` })).toBeVisible();
    await expect(total.getByRole('cell').last()).toHaveText(
      report.allFunds.previousActual === null ? 'No ledger' : dollars(cents(report.allFunds.previousActual)),
    );
    const general = funds.find((f) => f.code === '0100')!;
    const withheld = c.role === 'VIEW_ONLY';
    const pay = general.byFunction.filter((x) => x.code === '1210' || x.code === '1220');
    expect(pay.map((x) => x.budget === null)).toEqual([withheld, withheld]);
    for (const list of [general.byFunction, general.byCategory]) {
      const shown = list.reduce((s, x) => s + (x.budget === null ? 0n : cents(x.budget)), 0n);
      expect(shown === cents(general.budget)).toBe(!list.some((x) => x.budget === null));
    }
    expect(report.notes.length > 0).toBe(withheld);
    const breakdown = page.getByTestId('funds-breakdown-0100');
    await breakdown.locator('summary').click();
    const byFunction = breakdown.getByRole('table', { name: /budget by DESE function$/ });
    await expect(byFunction.locator('tbody tr')).toHaveCount(general.byFunction.length);
    await expect(byFunction.locator('tfoot td').first()).toHaveText(dollars(cents(general.budget)));

    // The same table as a workbook (its SUM formulas are checked by workbook.test.ts).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${fy}-budget-of-all-funds.xlsx`);
    expect(await file.failure()).toBeNull();

    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `funds-report-${c.role.toLowerCase()}-${c.width}`);
  });
}

// A grant whose lines of the year are more than its award is flagged where its lines are kept: the
// Proposed Budget Manager says which grant, by how much, and marks its lines' Fund cells.
for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a grant over its award is flagged in the Proposed Budget Manager at ${size.width}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await signIn(page, ADMIN);
    const { funds } = await apiCall(page, 'GET', '/funds');
    const titleI = funds.find((f: { name: string }) => /^Title I/.test(f.name));
    const award = titleI.awardAmount;
    await apiCall(page, 'PUT', `/funds/${titleI.id}`, { awardAmount: 1000 });
    try {
      // The notice reads the grants over their award in the screen's year; the funds report of
      // the same year, asked for here, gives the same figure.
      const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/funds/over-award');
      await navigate(page, 'Proposed Budget');
      const notice = page.getByRole('status').filter({ hasText: /^Over the award in FY\d\d/ });
      await expect(notice).toContainText(`${titleI.name}'s lines (`);
      await expect(notice).toContainText('are more than its award ($1,000.00)');
      // The Fund filter narrows the grid and the totals to the lines Title I pays.
      await page.getByRole('combobox', { name: 'Fund', exact: true }).click();
      await page.getByRole('option', { name: titleI.name, exact: true }).click();
      const url = new URL((await asked).url());
      const report = await apiCall(page, 'GET', `/funds/report${url.search}`);
      const reported = cents(report.funds.find((f: { fundId: number }) => f.fundId === titleI.id).budget);
      const money = `$${(reported / 100n).toLocaleString('en-US')}.${String(reported % 100n).padStart(2, '0')}`;
      await expect(page.getByRole('region', { name: 'Proposed totals' })).toContainText(money);
      await expect(notice).toContainText(`${titleI.name}'s lines (${money})`);
      if (size.width === 1440) {
        await expect(
          page.getByRole('gridcell', { name: `Over its award: ${titleI.name}` }).first(),
        ).toBeVisible();
      }
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `over-award-${size.width}`);
    } finally {
      await apiCall(page, 'PUT', `/funds/${titleI.id}`, { awardAmount: award });
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Proposed Budget Manager' })).toBeVisible();
    await expect(page.getByText(/^Over the award in/)).toHaveCount(0);
  });
}
