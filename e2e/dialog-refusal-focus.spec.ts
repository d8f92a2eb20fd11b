import { expect, test } from '@playwright/test';
import { FINANCE, navigate, signIn } from './helpers';
import { choose } from './positions-screen';

// A save the server refuses leaves keyboard focus where it was. The button pressed is disabled
// while its request runs, and a disabled button loses focus: after the refusal focus sat on the
// page's body, behind the dialog, and a screen reader user no longer knew where they were. The
// demo's budget year FY27 plans no fiscal year of its own, so the server refuses a position added
// there, with nothing written.

test('a position the server refuses keeps focus on Add Position, in its dialog', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await navigate(page, 'Positions');
  // The header's picker (the filter bar has one of the same name, which follows it).
  await page.getByRole('combobox', { name: 'Budget year', exact: true }).first().click();
  await page.getByRole('option', { name: 'FY27 Budget' }).click();
  await expect(page.locator('.grid-toolbar__meta')).toHaveText('0 of 0 positions');

  await page.getByRole('button', { name: 'Add Position' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Position' });
  await dialog.getByLabel('Title').fill('E2E Refused Position');
  await choose(page, dialog, 'Budget category', 'Teachers');
  await dialog.getByLabel('FTE', { exact: true }).fill('1');
  const save = dialog.getByRole('button', { name: 'Add Position' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('The position was not saved')).toBeVisible();
  await expect(save).toBeFocused();
});
