import { expect, test } from '@playwright/test';
import { FINANCE, navigate, signIn } from './helpers';

// The Proposed Budget Manager's Set Function Code and Set Category bulk actions:
// each asks for a choice before it applies, and the complaint goes once a choice is made. Nothing
// is written (the dialogs are cancelled), so later specs see the demo's lines unchanged.

test('Set Function Code and Set Category refuse an empty choice and clear it once chosen', async ({
  page,
}) => {
  await signIn(page, FINANCE);
  await navigate(page, 'Proposed Budget');
  const grid = page.getByRole('grid', { name: /Proposed/ });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await grid
    .getByRole('checkbox', { name: /toggle row selection/ })
    .first()
    .check();

  for (const { title, field, required } of [
    { title: 'Set Function Code', field: 'DESE function code', required: 'Please choose a function code' },
    { title: 'Set Category', field: 'Budget category', required: 'Please choose a category' },
  ]) {
    await page.getByRole('button', { name: title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText('1 items selected')).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toContainText(required);
    await dialog.getByRole('combobox', { name: field }).click();
    await page.getByRole('option').nth(1).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
