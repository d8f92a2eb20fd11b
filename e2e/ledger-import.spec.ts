import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { cents, realFile } from '../test/real-files';
import { ADMIN, apiCall, budgetYearId, navigate, saveScreen, signIn } from './helpers';
import { expectAxeClean } from './axe';

// An ADMIN imports the real Lunenburg year-to-date ledger slice as the third import type of the CSV
// Import tab, reached through the Admin menu. The totals the wizard shows are checked against the
// file summed here, in integer cents. The demo district has no FY2023 (FY23), so the wizard first
// keeps Preview Import disabled, saying why; the test then points the FY25 budget year's current
// fiscal year at 2023 through the API (as creating the year in another tab would), presses the
// alert's Check again, imports, and restores FY25's current year.

const LUNENBURG = realFile('lunenburg_munis_school_ytd_fy2023_slice.csv');

/** Cents as the screen writes exact amounts: '-$97,628.74'. */
function dollarsAndCents(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Cents rounded half away from zero to whole dollars, as the report writes them: '$2,962,207'. */
function wholeDollars(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const dollars = ((abs + 50n) / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${dollars}`;
}

/** The file's own sums per amount column (no quoted fields in this export: checked). */
function fileSums() {
  const text = readFileSync(LUNENBURG, 'utf8');
  expect(text).not.toContain('"');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const columns = header!.split(',');
  const sum = (column: string) => {
    const i = columns.indexOf(column);
    expect(i, column).toBeGreaterThanOrEqual(0);
    // A blank amount cell is zero.
    const amount = (cell = '') => (cell.trim() ? cents(cell) : 0n);
    return rows.reduce((total, row) => total + amount(row.split(',')[i]), 0n);
  };
  return {
    rows: rows.length,
    'Original Appropriation': sum('original_approp'),
    'Transfers / Adjustments': sum('transfers_adjustments'),
    'Revised Budget': sum('revised_budget'),
    'Expended Year to Date': sum('ytd_expended'),
    Encumbrances: sum('encumbrances'),
  };
}

/** Each amount column's row: the file's sum and what is (to be) stored, both the file's total. */
async function expectReconciled(page: Page, sums: ReturnType<typeof fileSums>) {
  const table = page.getByRole('table', { name: /The file's sums against what is stored/ });
  for (const label of [
    'Original Appropriation',
    'Transfers / Adjustments',
    'Revised Budget',
    'Expended Year to Date',
    'Encumbrances',
  ] as const) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(0), `${label}: file sum`).toHaveText(dollarsAndCents(sums[label]));
    await expect(cells.nth(1), `${label}: stored`).toHaveText(dollarsAndCents(sums[label]));
    await expect(cells.nth(2), `${label}: set aside`).toHaveText('$0.00');
    await expect(cells.nth(4)).toHaveText('Yes, to the cent');
  }
}

const step = (page: Page) =>
  page.getByRole('list', { name: 'Import steps' }).locator('[aria-current="step"]');

test('ADMIN imports the real Lunenburg ledger slice; every column reconciles to the file to the cent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sums = fileSums();
  // The slice's own arithmetic: revised = original + transfers, to the cent.
  expect(sums['Revised Budget']).toBe(sums['Original Appropriation'] + sums['Transfers / Adjustments']);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await navigate(page, 'Admin Dashboard');
  await page.getByRole('tab', { name: 'CSV Import' }).click();
  await page.getByRole('radio', { name: /Ledger \(actuals\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Import a ledger (actuals)' })).toBeVisible();
  await expect(step(page)).toContainText('Upload');
  await page.locator('input[type="file"]').setInputFiles(LUNENBURG);
  await page.getByRole('button', { name: 'Analyze File' }).click();

  // Step 2: the file's columns are recognised; its year and period are read from it.
  await expect(step(page)).toContainText('Map Columns');
  await expect(page.getByRole('combobox', { name: 'Column for Account Number' })).toHaveText('account');
  await expect(page.getByRole('combobox', { name: 'Column for Expended Year to Date' })).toHaveText(
    'ytd_expended',
  );
  await expect(page.getByRole('combobox', { name: 'Fiscal year', exact: true })).toHaveText('FY23');
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('13');
  await expect(page.getByLabel('Account pattern')).toHaveValue('FUND-x-xxx-FUNC-...-OBJECT');
  // FY23 is not a year of the demo district: the wizard says so and what to do, and waits.
  await expect(page.getByText('FY23 is not a year of this district', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Admin, Setup/ })).toHaveAttribute('href', '/admin/setup');
  const previewButton = page.getByRole('button', { name: 'Preview Import' });
  await expect(previewButton).toBeDisabled();
  await expect(previewButton).toHaveAccessibleDescription(
    'FY23 is not a year of this district: choose another fiscal year, or create its budget year and press Check again.',
  );
  await expectAxeClean(page, 'map step');
  await saveScreen(page, 'ledger-import-2-map-1440');
  // On a phone the file's long name breaks within the facts instead of running past them.
  await page.setViewportSize({ width: 390, height: 844 });
  const facts = page.locator('.imp-facts');
  expect(
    await facts.evaluate((el) => el.scrollWidth - el.clientWidth),
    'map step, phone',
  ).toBeLessThanOrEqual(0);
  await saveScreen(page, 'ledger-import-2-map-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  const fy25 = await budgetYearId(page, 'FY25');
  await apiCall(page, 'PATCH', `/budget-years/${fy25}/current-fiscal-year`, { currentFiscalYear: 2023 });
  try {
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByText('FY23 is not a year of this district', { exact: true })).toBeHidden();
    await expect(previewButton).toBeEnabled();
    await previewButton.click();
    await expect(step(page)).toContainText('Preview');

    // Step 3: the dry run, reconciled to the file before anything is written.
    await expect(page.getByRole('status').filter({ hasText: 'Ready to import' })).toContainText(
      `FY23 period 13: ${sums.rows} accounts in the figures, 0 set aside`,
    );
    await expectReconciled(page, sums);
    // The one account whose function code DESE does not define is imported and marked, not dropped.
    await expect(page.getByText('0300 is not a DESE function code')).toBeVisible();
    await expectAxeClean(page, 'preview step');
    await saveScreen(page, 'ledger-import-3-preview-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, 'preview step, phone');
    await saveScreen(page, 'ledger-import-3-preview-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: `Import ${sums.rows} Accounts` }).click();
    await expect(step(page)).toContainText('Complete');
    await expect(page.getByRole('status').filter({ hasText: 'Ledger imported' })).toContainText(
      `${sums.rows} accounts in the figures`,
    );
    await expectReconciled(page, sums);
    await expectAxeClean(page, 'complete step');
    await saveScreen(page, 'ledger-import-4-complete-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    // The file's long name breaks inside the alert on a phone instead of running past its edge.
    const imported = page.getByRole('status').filter({ hasText: 'Ledger imported' });
    expect(await imported.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'complete step, phone');
    await saveScreen(page, 'ledger-import-4-complete-390');
  } finally {
    await apiCall(page, 'PATCH', `/budget-years/${fy25}/current-fiscal-year`, { currentFiscalYear: 2025 });
  }

  // The imported year in Budget vs Actual: its totals are the file's, in whole dollars.
  await page.setViewportSize({ width: 1440, height: 900 });
  await navigate(page, 'Budget vs Actual');
  await page.getByRole('combobox', { name: 'Fiscal year', exact: true }).click();
  await page.getByRole('option', { name: 'FY23', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ledger at year-end (period 13)' })).toBeVisible();
  const kpi = (name: string) =>
    page.locator('.bva-kpi').filter({ has: page.getByText(name, { exact: true }) });
  await expect(kpi('Revised budget').locator('dd')).toHaveText(wholeDollars(sums['Revised Budget']));
  await expect(kpi('Expended').locator('dd')).toHaveText(wholeDollars(sums['Expended Year to Date']));
  await expect(kpi('Encumbered').locator('dd')).toHaveText(wholeDollars(sums.Encumbrances));
});
