import { expect, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';
import { chooseOption } from './select';

/**
 * A Boston-style payroll (NAME, DEPARTMENT_NAME, TITLE, REGULAR) taken to the import's preview as
 * an administrator does it at 1440 wide: FY25's budget year, a new FY28 version named `version`,
 * the file uploaded and DEPARTMENT_NAME mapped to Building / Location. Nothing is imported.
 */
export async function previewPayroll(
  page: Page,
  file: { version: string; name: string; csv: string },
): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN, '/admin?tab=import');
  await chooseOption(page, 'Budget year', 'FY25 Budget');
  await page.getByRole('radio', { name: /Operating budget \(employees\)/ }).click();
  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Version' });
  await dialog.getByLabel('Label').fill(file.version);
  await chooseOption(page, 'Fiscal year', 'FY28');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();
  await page.locator('input[type="file"]').setInputFiles({
    name: file.name,
    mimeType: 'text/csv',
    buffer: Buffer.from(file.csv),
  });
  await page.getByRole('button', { name: 'Analyze File' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeFocused();
  await chooseOption(page, 'Column for Building / Location', 'DEPARTMENT_NAME');
  await page.getByRole('button', { name: 'Preview Import' }).click();
}
