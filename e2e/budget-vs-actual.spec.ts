import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { realFile } from '../test/real-files';
import {
  cents,
  dollars,
  expectScreenMatchesApi,
  fundTableFigures,
  type FundRow,
  type Group,
} from './budget-vs-actual-figures';
import { ADMIN, apiCall, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';
import { expectAxeClean } from './axe';
import { chooseOption } from './select';

// Budget vs Actual, reached through the Admin menu (ADMIN) and the Budget Tools menu (FINANCE, whom
// the server lets read /ledger/report). The figures on the screen are checked against the API's
// report, and the report's total against the sum of its rows, in cents (budget-vs-actual-figures.ts).
// The real Lunenburg ledger slice is imported for FY2023 through the API first (the demo district
// has no FY2023: the FY25 budget year's current fiscal year points at it for the import, then is
// restored).

const LUNENBURG = realFile('lunenburg_munis_school_ytd_fy2023_slice.csv');

// The FINANCE test reads the ledger the first test imports.
test.describe.configure({ mode: 'serial' });

test('ADMIN: the FY2023 ledger against its budget, by category and by DESE function, matches the API', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);

  // The ledger for FY2023, through the API (the wizard itself is e2e/ledger-import.spec.ts).
  const fy25 = await budgetYearId(page, 'FY25');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await apiCall(page, 'PATCH', `/budget-years/${fy25}/current-fiscal-year`, { currentFiscalYear: 2023 });
  try {
    const analyzed = await page.request.post('/api/ledger/import/analyze', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
      multipart: {
        file: {
          name: path.basename(LUNENBURG),
          mimeType: 'text/csv',
          buffer: readFileSync(LUNENBURG),
        },
      },
    });
    expect(analyzed.ok(), await analyzed.text()).toBe(true);
    const analysis = await analyzed.json();
    const columnMappings = Object.fromEntries(
      Object.entries(analysis.suggestedMappings as Record<string, { csvColumn: string | null }>).map(
        ([field, s]) => [field, s.csvColumn],
      ),
    );
    await apiCall(page, 'POST', '/ledger/import/execute', {
      fileName: analysis.fileName,
      columnMappings,
      fiscalYear: 2023,
    });
  } finally {
    await apiCall(page, 'PATCH', `/budget-years/${fy25}/current-fiscal-year`, { currentFiscalYear: 2025 });
  }

  await navigate(page, 'Budget vs Actual');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget vs Actual' })).toBeVisible();
  // The default year is the selected budget year's (FY26: proposed lines, no ledger yet): the
  // ledger's figures read '—' (No ledger), and nothing is listed as unmatched.
  await expect(page.getByRole('combobox', { name: 'Fiscal year', exact: true })).toHaveText('FY26');
  await expect(page.getByRole('status').filter({ hasText: 'No ledger imported for' })).toBeVisible();
  await expectScreenMatchesApi(page, 2026, 'category');
  await expect(page.getByTestId('bva-unmatched-no-ledger')).toHaveText(
    'No ledger: budget lines are matched to ledger accounts once the FY26 ledger is imported.',
  );

  await chooseOption(page, 'Fiscal year', 'FY23');
  // MUNIS's period 13 is the year-end, not a thirteenth of twelve.
  const source = page.getByRole('status').filter({ hasText: 'ledger at year-end (period 13)' });
  await expect(source).toBeVisible();
  await expect(source).not.toContainText('of 12');
  await expectScreenMatchesApi(page, 2023, 'category');
  await chooseOption(page, 'Group by', 'DESE function');
  const report = await expectScreenMatchesApi(page, 2023, 'function');

  // Drill down: a function's accounts, read from the server when it opens, below it: as many as the
  // API says it has, the API's group accounts in its order.
  const leadership = (report.rows as Group[]).find((g) => g.key === '2210')!;
  expect(leadership.accountCount).toBeGreaterThan(1);
  await page.getByRole('button', { name: new RegExp(`${leadership.label}: show its`) }).click();
  const accounts = page.getByRole('table', { name: `Accounts of ${leadership.label}` });
  await expect(accounts.getByRole('row')).toHaveCount(leadership.accountCount + 1);
  const drilled = await apiCall(page, 'GET', '/ledger/report?fiscalYear=2023&by=function&group=2210');
  await expect(accounts.locator('tbody .bva-account')).toHaveText(
    (drilled.accounts as { account: string }[]).map((a) => a.account),
  );
  await expectAxeClean(page, 'budget vs actual, drilled down');
  // At 1440 the nine columns fit: nothing scrolls sideways.
  const groups = page.getByRole('table', { name: 'Budget vs actual by DESE function', exact: true });
  expect(await scrollsSideways(groups)).toBe(false);
  await saveScreen(page, 'budget-vs-actual-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(accounts).toBeVisible();
  await expectNamesKeptInView(page, groups, accounts, leadership.label);
  await expectAxeClean(page, 'budget vs actual, phone');
  await saveScreen(page, 'budget-vs-actual-390');

  // The accounts no budget line names are still listed, read when their list is opened.
  expect(report.unmatchedAccountCount).toBeGreaterThan(0);
  await page.getByText('Ledger accounts no budget line names:').click();
  const unmatched = page.getByRole('table', { name: 'Ledger accounts no budget line names' });
  await expect(unmatched.getByRole('row')).toHaveCount(report.unmatchedAccountCount + 1);

  await expectFundChoices(page);
});

/** Whether a table's box scrolls sideways (it is wider than the box shows). */
const scrollsSideways = (table: Locator) =>
  table.locator('xpath=..').evaluate((box) => box.scrollWidth > box.clientWidth + 1);

/** Scrolls a table's box sideways to its far end; returns how far it went. */
const scrollToEnd = (table: Locator) =>
  table.locator('xpath=..').evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
    return box.scrollLeft;
  });

/**
 * At 390 the grouped table and the drilled accounts scroll sideways to their last column, and each
 * row's name (the first column) is still in view beside the figures it labels.
 */
async function expectNamesKeptInView(page: Page, groups: Locator, accounts: Locator, group: string) {
  const row = groups
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: group }) })
    .first();
  const name = row.getByRole('rowheader');
  // The group's row mid-page, its accounts below it (scrolled down, not sideways).
  await name.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  expect(await scrollsSideways(groups)).toBe(true);
  expect(await scrollToEnd(groups)).toBeGreaterThan(100);
  // The last column is in view, and so is the name beside it.
  await expect(row.getByRole('cell').last()).toBeInViewport();
  await expect(name).toBeInViewport({ ratio: 1 });

  // The drill-down stays in view under its group while the table is scrolled, its accounts
  // scrolling in their own box with their numbers kept beside the figures.
  const accountRow = accounts.locator('tbody tr').first();
  const account = accountRow.getByRole('rowheader');
  await expect(account).toBeInViewport({ ratio: 1 });
  expect(await scrollsSideways(accounts)).toBe(true);
  expect(await scrollToEnd(accounts)).toBeGreaterThan(100);
  await expect(accountRow.getByRole('cell').last()).toBeInViewport();
  await expect(account).toBeInViewport({ ratio: 1 });
  await saveScreen(page, 'budget-vs-actual-390-scrolled');
  await groups.locator('xpath=..').evaluate((box) => box.scrollTo({ left: 0 }));
}

/**
 * The fund select (the phone first, then 1440): every fund's totals beside the view, the general
 * fund alone (every Lunenburg account is fund 0100, the demo general fund's code), Title I's none;
 * then, with the general fund's code changed for a moment, the 73 accounts name no fund and are
 * listed in the notice with their rows, never dropped. Axe clean at each width.
 */
async function expectFundChoices(page: Page) {
  const subtitle = page.locator('.page-header').getByText(/: the budget against what the ledger says/);
  await expect(subtitle).toContainText('All funds: ');
  const every = await expectScreenMatchesApi(page, 2023, 'function');
  const byFund = page.getByTestId('bva-fund-totals');
  const funds = every.fundTotals as FundRow[];
  const general = funds.find((f) => f.kind === 'general')!;
  expect(general.code).toBe('0100');
  // Every account is the general fund's: its revised budget is every fund's.
  expect(cents(general.revisedBudget)).toBe(cents(every.totals.revisedBudget));
  const generalRow = byFund.getByRole('row', { name: /^General Fund/ });
  // In whole dollars that add up to the Total under them (the project's largest-remainder rule).
  await expect(generalRow.getByRole('cell').nth(1)).toHaveText(
    fundTableFigures(every).funds[funds.indexOf(general)][1],
  );

  await chooseOption(page, 'Fund', 'General fund: General Fund (0100)');
  await expect(subtitle).toContainText('General Fund (0100): ');
  const gf = await expectScreenMatchesApi(page, 2023, 'function', 'general');
  expect(gf.fund).toMatchObject({ scope: 'general', code: '0100' });
  expect(cents(gf.totals.expended)).toBe(cents(every.totals.expended));
  await expect(generalRow).toHaveAttribute('aria-current', 'true');
  await expectAxeClean(page, 'budget vs actual, general fund, phone');
  await saveScreen(page, 'budget-vs-actual-general-fund-390');

  await page.setViewportSize({ width: 1440, height: 900 });
  const titleI = (every.fundTotals as { fundId: number; name: string; code: string }[]).find(
    (f) => f.code === '2401',
  )!;
  await chooseOption(page, 'Fund', `${titleI.name} (2401)`);
  await expect(subtitle).toContainText(`${titleI.name} (2401): `);
  const grant = await expectScreenMatchesApi(page, 2023, 'function', String(titleI.fundId));
  expect(cents(grant.totals.revisedBudget)).toBe(0n);
  await expectAxeClean(page, 'budget vs actual, Title I');

  // Accounts whose fund segment names no fund: listed with their rows, counted in All funds.
  const fundId = general.fundId;
  await apiCall(page, 'PUT', `/funds/${fundId}`, { code: '0100X' });
  try {
    // A fresh read (the screen's reports are cached), back on every fund.
    await page.reload();
    await chooseOption(page, 'Fiscal year', 'FY23');
    const notice = page.getByRole('region', {
      name: /^Unmatched fund segment: 73 ledger accounts name no fund/,
    });
    await expect(notice).toBeVisible();
    // 73 accounts: the list starts folded under the notice.
    await notice.getByText('The accounts, with their rows').click();
    const listed = notice.getByRole('table', { name: 'Ledger accounts whose fund segment names no fund' });
    await expect(listed.getByRole('row')).toHaveCount(74);
    await expect(listed.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('2');
    // Every account's: the whole of the Total, so its whole dollars are the total's rounded once.
    await expect(
      byFund
        .getByRole('row', { name: /^Unmatched fund segment/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText(dollars(every.totals.revisedBudget));
    await expectScreenMatchesApi(page, 2023, 'category');
    await expectAxeClean(page, 'budget vs actual, unmatched fund segment');
    await saveScreen(page, 'budget-vs-actual-unmatched-fund-1440');
  } finally {
    await apiCall(page, 'PUT', `/funds/${fundId}`, { code: '0100' });
  }
}

test('FINANCE reaches Budget vs Actual through Budget Tools and sees the API figures', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, FINANCE);
  await navigate(page, 'Budget vs Actual');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget vs Actual' })).toBeVisible();
  await chooseOption(page, 'Fiscal year', 'FY23');
  await chooseOption(page, 'Group by', 'Building');
  await expectScreenMatchesApi(page, 2023, 'building');

  // The screen holds no account, yet its export lists every one: it reads them when exporting.
  const full = await apiCall(page, 'GET', '/ledger/report?fiscalYear=2023&by=building&accounts=all');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('FY2023-budget-vs-actual-by-building.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.getWorksheet('Accounts')!;
  const accounts = full.accounts as { account: string }[];
  expect(accounts.length).toBeGreaterThan(0);
  // Four head rows, one per account, then the total.
  expect(sheet.getCell(`A${5 + accounts.length}`).value).toBe('Total');
  expect(sheet.getCell('A5').value).toBe(accounts[0].account);
  await expectAxeClean(page, 'budget vs actual, FINANCE, phone');
  await saveScreen(page, 'budget-vs-actual-finance-390');

  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAxeClean(page, 'budget vs actual, FINANCE');
  await saveScreen(page, 'budget-vs-actual-finance-1440');
});
