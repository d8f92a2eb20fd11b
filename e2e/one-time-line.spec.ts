import { expect, test, type Page } from '@playwright/test';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';

// One-time proposed lines: FINANCE adds a proposed line on the Proposed Budget Manager,
// ticks One-time in its form, and sees it so in the grid and in the edit form; the API lists it
// with oneTime. The line is deleted at the end, so later specs (the roll forward's counts) find the
// demo's proposed lines as they were.

const FY = 2026;

const chooseYear = (page: Page) => chooseOption(page, 'Fiscal year', /^FY26/);

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`FINANCE marks a new proposed line one-time at ${width}x${height}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await signIn(page, FINANCE);
    await navigate(page, 'Proposed Budget');
    await chooseYear(page);
    const description = `E2E laptops once ${width}`;

    await page.getByRole('button', { name: 'Add Line Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Line Item' });
    await dialog.getByLabel('Account description').fill(description);
    await dialog.getByLabel('Amount').fill('12345.67');
    const box = dialog.getByRole('checkbox', { name: /One-time/ });
    await expect(box).not.toBeChecked();
    await box.check();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `one-time-line-form-${width}`);
    await dialog.getByRole('button', { name: 'Add Line' }).click();
    await expect(dialog).toBeHidden();

    const by = await budgetYearId(page, 'FY26');
    const listed = async () => {
      const { lineItems } = await apiCall(
        page,
        'GET',
        `/line-items/budget?budgetYearId=${by}&fiscalYear=${FY}&isOperating=false`,
      );
      return lineItems.find((l: { accountDescription: string }) => l.accountDescription === description);
    };
    const line = await listed();
    expect(line).toMatchObject({ oneTime: true, amount: 12345.67 });

    try {
      await page.getByLabel('Search').fill(description);
      const grid = page.getByRole('grid', { name: /Proposed/ });
      const row = grid.getByRole('row').filter({ hasText: description });
      await expect(row).toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `one-time-line-grid-${width}`);
      if (width < 1440) {
        return; // On a phone the grid shows its first columns; the column and Edit are off to the right.
      }
      // The column sits beside the amount, in view on a wide screen.
      await expect(grid.getByRole('columnheader', { name: 'One-time' })).toBeVisible();
      await expect(grid.getByRole('gridcell', { name: 'One-time', exact: true })).toHaveCount(1);

      // The edit form shows the box ticked; unticking and saving clears the mark.
      await page.getByRole('button', { name: `Edit ${description}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Line Item' });
      await expect(edit.getByRole('checkbox', { name: /One-time/ })).toBeChecked();
      await edit.getByRole('checkbox', { name: /One-time/ }).uncheck();
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect.poll(async () => (await listed()).oneTime).toBe(false);
    } finally {
      await apiCall(page, 'DELETE', `/line-items/${line.id}`);
    }
  });
}
