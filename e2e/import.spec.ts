import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, gridRowsShown, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';
import { expectAxeClean } from './axe';

// The wizard imports into the FY25 budget year under a version of FY2028 created here with a name
// unique to this run, so no other test's data changes: the demo district's FY2025-FY2027 have
// their one home in budget year FY26, so FY25 may plan FY2028 but not its own FY2025.
const STAMP = Date.now().toString(36);
const VERSION = `E2E payroll ${STAMP}`;
const BOSTON = path.resolve(import.meta.dirname, '../fixtures/import/boston-earnings-2024.csv');

// CI runs a failed test once more against the same database, so a retry finds what its first
// attempt left: the mapping it confirmed for the file's columns (the wizard fills it in) and, if it
// got that far, the file imported into FY25's FY2028 (the same bytes again are a repeat). A first
// attempt finds neither.

/** The column an earlier attempt confirmed for the Boston file's Current Salary, or undefined. */
async function savedSalaryColumn(page: Page): Promise<string | undefined> {
  const columns = readFileSync(BOSTON, 'utf8').split('\n')[0].split(',');
  const query = new URLSearchParams([['importType', 'operating'], ...columns.map((c) => ['columns', c])]);
  const { mapping } = await apiCall(page, 'GET', `/import/saved-mappings?${query}`);
  const column = mapping?.columnMappings.currentSalary ?? undefined;
  expect(test.info().retry > 0 || column === undefined, 'a first attempt finds no saved mapping').toBe(true);
  return column;
}

/** Whether an earlier attempt imported `fileName` into FY25, under its own version named `prefix` and its stamp. */
async function importedBefore(page: Page, fileName: string, prefix: string): Promise<boolean> {
  const fy25 = await budgetYearId(page, 'FY25');
  const { runs } = await apiCall(page, 'GET', `/import/runs?budgetYearId=${fy25}&limit=500`);
  const imported = runs.some(
    (r: { fileName: string; versionLabel: string | null }) =>
      r.fileName === fileName && r.versionLabel?.startsWith(prefix),
  );
  expect(test.info().retry > 0 || !imported, `a first attempt finds no ${fileName} imported`).toBe(true);
  return imported;
}

test('an admin imports the real Boston payroll slice through the wizard and sees the run in Import History', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN, '/admin?tab=import');
  const earlier = {
    salaryColumn: await savedSalaryColumn(page),
    imported: await importedBefore(page, 'boston-earnings-2024.csv', 'E2E payroll '),
  };
  // The header's budget year lives in the page, so it is chosen after navigating.
  await chooseOption(page, 'Budget year', 'FY25 Budget');
  await page.getByRole('radio', { name: /Operating budget \(employees\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Import an operating budget (employees)' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Import steps' }).locator('[aria-current="step"]'),
  ).toContainText('Upload');

  // Step 1: a version is required before analysis; create one (the wizard says so first).
  await page.getByRole('button', { name: 'Analyze File' }).click();
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveAccessibleDescription(
    'Please select a version',
  );
  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Version' });
  await expect(dialog.getByRole('combobox', { name: 'Fiscal year' })).toHaveText('FY25');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  // The message sits on the field it is about, read with it.
  await expect(dialog.getByLabel('Label')).toHaveAccessibleDescription('Please enter a version label');
  await dialog.getByLabel('Label').fill(VERSION);
  await chooseOption(page, 'Fiscal year', 'FY28');
  await dialog.getByLabel('Description (optional)').fill('Boston slice, browser test');
  await expectAxeClean(page, 'new version dialog');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveText(new RegExp(`^FY28 · ${VERSION}`));

  // A file whose headers say nothing: the required fields stay unmapped.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'mystery.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Col1,Col2\nalpha,beta\ngamma,delta\n'),
  });
  await page.getByRole('button', { name: 'Analyze File' }).click();
  await expect(
    page.getByRole('list', { name: 'Import steps' }).locator('[aria-current="step"]'),
  ).toContainText('Map Columns');
  await page.getByRole('button', { name: 'Preview Import' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please map required fields: Last Name, Current Salary');

  // Back to step 1 with the real file.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.locator('input[type="file"]').setInputFiles(BOSTON);
  await expect(page.getByText('boston-earnings-2024.csv')).toBeVisible();
  await saveScreen(page, 'import-1-upload');
  await expectAxeClean(page, 'upload step');
  await page.getByRole('button', { name: 'Analyze File' }).click();
  // Each new step takes focus at its heading (it used to fall to the page top).
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeFocused();

  // Step 2: the suggested mapping (on a retry, the one the first attempt confirmed), one change,
  // and a column kept in the notes.
  await expect(page.getByRole('combobox', { name: 'Column for Last Name' })).toHaveText('NAME');
  await expect(page.getByRole('combobox', { name: 'Column for Position' })).toHaveText('TITLE');
  await expect(page.getByRole('combobox', { name: 'Column for Current Salary' })).toHaveText(
    earlier.salaryColumn ?? 'REGULAR',
  );
  await expect(
    page.getByText('The mapping you confirmed for files with these columns is filled in.'),
  ).toHaveCount(earlier.salaryColumn ? 1 : 0);
  await expect(page.getByRole('row', { name: /Last Name/ }).getByText('High')).toBeVisible();
  await chooseOption(page, 'Column for Current Salary', 'TOTAL GROSS');
  await expect(page.getByRole('row', { name: /Current Salary/ }).getByText('575,583.11')).toBeVisible();
  await page.getByRole('checkbox', { name: 'POSTAL' }).check();
  await saveScreen(page, 'import-2-map');
  await expectAxeClean(page, 'map step');
  await page.getByRole('button', { name: 'Preview Import' }).click();

  // Step 3: the dry run counts every row before anything is saved.
  await expect(page.getByText('30 of 30 rows will be imported')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Reconciliation of TOTAL GROSS (Current Salary)' }),
  ).toBeVisible();
  await expect(page.getByText(/^Balanced: the file sum equals the stored sum/)).toBeVisible();
  // The first rows as they will be stored: the name split, TOTAL GROSS read as money.
  const preview = page.getByRole('table', { name: 'The first rows of the file as they will be imported' });
  await expect(preview.getByRole('columnheader', { name: 'Current Salary' })).toBeVisible();
  const first = preview.getByRole('row').filter({ hasText: 'Demesmin' });
  await expect(first.getByRole('cell', { name: 'Stanley', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: 'Demesmin', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: '$575,583.11' })).toBeVisible();
  // Only a retry whose first attempt got as far as importing finds the file imported before.
  await expect(page.getByText('This file was imported before')).toHaveCount(earlier.imported ? 1 : 0);
  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Preview' })).toBeFocused();
  await saveScreen(page, 'import-3-preview');
  await expectAxeClean(page, 'preview step');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Column for Current Salary' })).toHaveText('TOTAL GROSS');
  await page.getByRole('button', { name: 'Preview Import' }).click();
  // 'Marked for review' is what the import adds to the Data Quality list.
  const fy25 = await budgetYearId(page, 'FY25');
  const reviewCount = async () =>
    (await apiCall(page, 'GET', `/line-items/budget/needs-review/count?budgetYearId=${fy25}`))
      .count as number;
  const reviewBefore = await reviewCount();
  // The people's positions (the version is FY2028's): those the import makes, by the positions list.
  const positionCount = async () =>
    (await apiCall(page, 'GET', `/positions?fiscalYear=FY2028&budgetYearId=${fy25}&limit=1`)).total as number;
  const positionsBefore = await positionCount();
  if (earlier.imported) {
    await page.getByRole('checkbox', { name: 'Import again' }).check();
  }
  await page.getByRole('button', { name: 'Import 30 Rows' }).click();

  // Step 4: what landed.
  await expect(page.getByText('Import complete')).toBeVisible();
  await expect(
    page.getByText(`Imported 30 rows from boston-earnings-2024.csv into FY25 (${VERSION})`),
  ).toBeVisible();
  await expect(page.locator('.imp-stat').filter({ hasText: 'Total' })).toContainText('$7,090,416');
  await expect(page.locator('.imp-stat').filter({ hasText: 'Stored' })).toContainText('$7,090,415.81');
  const added = (await reviewCount()) - reviewBefore;
  expect(added).toBeGreaterThan(0);
  await expect(page.locator('.imp-stat').filter({ hasText: 'Marked for review' }).locator('dd')).toHaveText(
    String(added),
  );
  const made = (await positionCount()) - positionsBefore;
  await expect(
    page.locator('.imp-stat').filter({ hasText: 'Positions: vacancies filled / new' }).locator('dd'),
  ).toHaveText(new RegExp(`^\\d+ / ${made}$`));
  await saveScreen(page, 'import-4-complete');
  await expectAxeClean(page, 'complete step');

  await page.getByRole('link', { name: 'View Import History' }).click();
  await expect(page).toHaveURL(/\/admin\/import-history$/);
  const runs = page.getByRole('table', { name: 'Recent imports into FY25' });
  const run = runs.getByRole('row').filter({ hasText: VERSION });
  await expect(run).toContainText('boston-earnings-2024.csv');
  await expect(run).toContainText('Operating (employees)');
  await expect(run).toContainText('District Administrator');
  await expect(run.getByRole('cell', { name: '30', exact: true }).first()).toBeVisible();
  await saveScreen(page, 'import-history-runs');
  // The scan waits for the records' grid: while AG Grid loads it takes its header out of the tab
  // order, and a grid wider than its box then scrolls with nothing in it to focus (axe's
  // scrollable-region-focusable, seen in a CI run).
  await gridRowsShown(page, 'Imported records');
  await expectAxeClean(page, 'import history');

  // The same bytes again into FY25's FY28 version: the warning (naming the fiscal year and its
  // budget year, since they differ) stands beside the Import button, where the user
  // commits, and Import waits for 'Import again' (the server refuses a repeat it was not asked for).
  await page.goto('/admin?tab=import');
  await chooseOption(page, 'Budget year', 'FY25 Budget');
  await page.getByRole('radio', { name: /Operating budget \(employees\)/ }).click();
  await chooseOption(page, 'Version', new RegExp(VERSION));
  await page.locator('input[type="file"]').setInputFiles(BOSTON);
  await page.getByRole('button', { name: 'Analyze File' }).click();
  await page.getByRole('button', { name: 'Preview Import' }).click();
  const actions = page.locator('.imp-actions');
  await expect(actions.getByRole('alert')).toContainText('This file was imported before');
  await expect(actions.getByRole('alert')).toContainText(
    /This file was imported into FY28 of budget year FY25 on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M by .+ \(30 lines\); importing it again adds them a second time\./,
  );
  await expect(actions.getByRole('button', { name: 'Import 30 Rows' })).toBeDisabled();
  await actions.getByRole('checkbox', { name: 'Import again' }).check();
  await expect(actions.getByRole('button', { name: 'Import 30 Rows' })).toBeEnabled();
  await saveScreen(page, 'import-3-preview-duplicate');
  await expectAxeClean(page, 'preview step, file imported before');
  await page.getByRole('button', { name: 'Cancel import' }).click();
});

test('the analysis refuses a file that is no spreadsheet with the server’s message', async ({ page }) => {
  await signIn(page, ADMIN, '/admin?tab=import');
  await page.getByRole('radio', { name: /Proposed budget \(lines\)/ }).click();
  await page.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option').first().click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'scan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  });
  await page.getByRole('button', { name: 'Analyze File' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to analyze file: The file is neither CSV text nor an Excel workbook. Save it from your spreadsheet as .csv or .xlsx and try again.',
  );
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('radio', { name: /Proposed budget/ })).toBeVisible();
});

test('a budget workbook with title rows and headings imports as proposed lines, skips explained', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const version = `E2E budget ${STAMP}`;
  await signIn(page, ADMIN, '/admin?tab=import');
  const imported = await importedBefore(page, 'lunenburg-fy27-budget.xlsx', 'E2E budget ');
  await chooseOption(page, 'Budget year', 'FY25 Budget');
  await page.getByRole('radio', { name: /Proposed budget \(lines\)/ }).click();
  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Version' });
  await dialog.getByLabel('Label').fill(version);
  await chooseOption(page, 'Fiscal year', 'FY28');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();
  await page
    .locator('input[type="file"]')
    .setInputFiles(path.resolve(import.meta.dirname, '../fixtures/import/lunenburg-fy27-budget.xlsx'));
  await page.getByRole('button', { name: 'Analyze File' }).click();

  await expect(page.getByText('Column headers on row')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'FY27 Budget Projection' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Column for Amount' })).toHaveText('FY27 Proposed');
  await expect(page.getByRole('combobox', { name: 'Column for Account Description' })).toHaveText('Column B');
  await page.getByRole('button', { name: 'Preview Import' }).click();
  await expect(page.getByText(/37 of 59 rows will be imported, 22 skipped/)).toBeVisible();
  // Headings are shown greyed with why they are skipped; lines with their parsed amounts.
  const preview = page.getByRole('table', { name: 'The first rows of the file as they will be imported' });
  await expect(preview.getByRole('row').filter({ hasText: '1110 - School Committee' }).first()).toContainText(
    'Skipped: heading row (no amount)',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Dues/Meetings' })).toContainText('$6,500.00');
  await saveScreen(page, 'import-3-preview-proposed');
  if (imported) {
    await page.getByRole('checkbox', { name: 'Import again' }).check();
  }
  await page.getByRole('button', { name: 'Import 37 Rows' }).click();

  await expect(page.getByText('Import complete')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skipped rows (first 10 of 22)' })).toBeVisible();
  await expect(page.getByText('Row 7: skipped, heading row (no amount)')).toBeVisible();
  await saveScreen(page, 'import-4-complete-proposed');
  await expectAxeClean(page, 'complete step with skipped rows');
});

test('the import type is chosen by keyboard: the arrows move, Enter starts', async ({ page }) => {
  await signIn(page, ADMIN, '/admin?tab=import');
  const operating = page.getByRole('radio', { name: /Operating budget \(employees\)/ });
  await operating.focus();
  // ArrowRight moves to the other kind; it does not start its wizard.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /Proposed budget \(lines\)/ })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Import steps' })).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(operating).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Import an operating budget (employees)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Upload' })).toBeFocused();
});
