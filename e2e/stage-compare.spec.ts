import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';

// What changed between two stages, and why. A budget year FY33 of this spec's own (FY2027 has one
// home, the demo's budget year FY26, so FY27 cannot stage it; no other spec touches FY2033) gets a few lines, is moved to the superintendent's
// recommendation, then a line is edited in the Proposed Budget Manager with a reason, another
// deleted, one added and an employee's salary corrected with a reason. Stage Comparison (reached
// through the Admin menu) shows each change with its reason, exports the workbook and prints on
// Letter paper.

const RUN = Date.now().toString(36);
const FY = 2033;

async function chooseBudgetYear(page: Page, id: number) {
  await page.evaluate((value) => localStorage.setItem('budgetYearId', String(value)), id);
}

test('compares the recommendation with today: each change with its reason, Excel, print', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
  if (!budgetYears.some((y: { fiscalYear: string }) => y.fiscalYear === 'FY33')) {
    await apiCall(page, 'POST', '/budget-years', { label: 'FY33' });
  }
  const by = await budgetYearId(page, 'FY33');
  const add = (body: Record<string, unknown>) =>
    apiCall(page, 'POST', '/line-items', { budgetYearId: by, fiscalYear: FY, ...body });
  const books = await add({ isOperating: false, accountDescription: `Textbooks ${RUN}`, amount: 1000.1 });
  const lease = await add({ isOperating: false, accountDescription: `Copier lease ${RUN}`, amount: 500 });
  // A line the School Choice revolving fund pays, on both sides: the general fund alone leaves it out.
  const { funds } = await apiCall(page, 'GET', '/funds');
  const choice = funds.find((f: { code: string }) => f.code === '2801');
  await add({
    isOperating: false,
    accountDescription: `Choice tuition ${RUN}`,
    amount: 400,
    fundId: choice.id,
  });
  const teacher = await add({
    isOperating: true,
    firstName: 'Ada',
    lastName: `Lane ${RUN}`,
    currentSalary: 61000,
  });
  const stages = await apiCall(page, 'POST', '/budget-stages/advance', {
    budgetYearId: by,
    fiscalYear: FY,
    stage: 'SUPERINTENDENT_RECOMMENDED',
    date: '2027-02-01',
    note: 'Presented 1 February',
  });
  expect(stages.current.stage).toBe('SUPERINTENDENT_RECOMMENDED');

  // The Proposed Budget Manager's editor asks for the reason once the year has passed a stage.
  await chooseBudgetYear(page, by);
  await page.goto('/admin/proposed-budget');
  await expect(page.getByRole('heading', { name: 'Proposed Budget Manager' })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(`Textbooks ${RUN}`);
  await page.getByRole('button', { name: `Edit Textbooks ${RUN}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Line Item' });
  await dialog.getByLabel('Amount').fill('900.10');
  await dialog.getByLabel('Reason for the change').fill('Reduced at the budget workshop');
  await saveScreen(page, 'stage-compare-editor-reason');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await apiCall(page, 'DELETE', `/line-items/${lease.lineItem.id}`);
  await add({ isOperating: false, accountDescription: `Robotics kits ${RUN}`, amount: 250.25 });
  await apiCall(page, 'PATCH', `/line-items/budget/${teacher.lineItem.id}`, {
    currentSalary: 61500,
    changeReason: 'Step correction',
  });
  expect(books.lineItem.id).toBeGreaterThan(0);

  await navigate(page, 'Stage Comparison');
  await expect(page.getByRole('heading', { level: 1, name: 'Stage Comparison' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'From' })).toContainText("Superintendent's Recommended");
  await expect(page.getByRole('combobox', { name: 'To' })).toContainText("Today's working figures");
  const report = page.getByRole('article', { name: 'Stage comparison' });
  await expect(report).toContainText(
    "From Superintendent's Recommended, Feb 1, 2027 to Today's working figures",
  );
  // -100.00 + 250.25 - 500.00, written with the true minus (signedText) as every change is
  const summary = report.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('row', { name: /^Proposed budget/ })).toContainText('\u2212$349.75');
  // All funds: 1,000.10 + 500.00 + 400.00 (the revolving fund's line) at the recommendation.
  await expect(report).toContainText('All funds');
  await expect(summary.getByRole('row', { name: /^Proposed budget/ })).toContainText('$1,900.10');
  await expect(summary.getByRole('row', { name: /^Salaries/ })).toContainText('+$500.00');
  const proposed = report.getByRole('region', { name: /^Proposed budget lines/ });
  await expect(proposed.getByRole('row', { name: new RegExp(`Textbooks ${RUN}`) })).toContainText(
    'Reduced at the budget workshop',
  );
  await expect(proposed.getByRole('row', { name: new RegExp(`Robotics kits ${RUN}`) })).toContainText(
    'Added',
  );
  await expect(proposed.getByRole('row', { name: new RegExp(`Copier lease ${RUN}`) })).toContainText(
    'Removed',
  );
  const employees = report.getByRole('region', { name: /^Employee lines/ });
  await expect(employees).toContainText('Step correction');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'stage-compare-1440');

  // The general fund alone: the revolving fund's line leaves both sides; the change is the same.
  await page.getByRole('combobox', { name: 'Funds' }).click();
  await page.getByRole('option', { name: 'General fund only' }).click();
  await expect(page).toHaveURL(/[?&]funds=general/);
  await expect(report).toContainText('General fund only');
  const generalRow = summary.getByRole('row', { name: /^Proposed budget/ });
  await expect(generalRow).toContainText('$1,500.10');
  await expect(generalRow).not.toContainText('$1,900.10');
  await expect(generalRow).toContainText('\u2212$349.75');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'stage-compare-general-fund-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report).toContainText('General fund only');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('combobox', { name: 'Funds' }).click();
  await page.getByRole('option', { name: 'All funds' }).click();
  await expect(report).toContainText('All funds');
  await page.setViewportSize({ width: 1440, height: 900 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^FY2033-stage-\d+-vs-current\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  expect(book.worksheets.map((w) => w.name)).toEqual([
    'Summary',
    'By category',
    'By DESE function',
    'By building',
    'Lines',
  ]);
  expect(book.getWorksheet('Summary')!.getCell('D5').value).toEqual({ formula: 'C5-B5', result: -349.75 });

  // Printed for the school committee's packet: the report alone, with its heading.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 816, height: 1056 });
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(report.getByText('Millbrook Public Schools')).toBeVisible();
  await saveScreen(page, 'stage-compare-print');
  await page.emulateMedia({ media: 'screen' });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'stage-compare-390');
});
