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
// here in integer cents from GET /api/funds/report, and the screen shows it in whole dollars; the
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
}

const cents = (v: number) => BigInt(Math.round(v * 100));
/** Whole dollars as the screen shows them (halves away from zero). */
const wholeDollars = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${((abs + 50n) / 100n).toLocaleString('en-US')}`;
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
      await expect(row.getByRole('cell').nth(2)).toHaveText(wholeDollars(cents(fund.budget)));
    }
    const total = page.getByTestId('funds-report-total');
    await expect(total.getByRole('rowheader')).toHaveText('All funds');
    await expect(total.getByRole('cell').first()).toHaveText(wholeDollars(budget));
    await expect(page.getByTestId('funds-report-all')).toContainText(wholeDollars(budget));
    await expect(page.getByTestId('funds-report-general')).toContainText(
      wholeDollars(cents(report.generalFund.budget)),
    );

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
