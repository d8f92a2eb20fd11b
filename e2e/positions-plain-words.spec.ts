import { expect, test } from '@playwright/test';
import { FINANCE, navigate, signIn } from './helpers';
import { choose } from './positions-screen';

// What the Positions screen says when there is nothing to act on. Fill Position pressed before an
// employee was chosen read 'Invalid input: expected number, received undefined' under Employee;
// and a year with no positions at all read 'No positions match these filters' with no filter set.

test('Fill Position with no employee chosen asks for one in words', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, FINANCE);
  await navigate(page, 'Positions');
  await page.getByRole('button', { name: 'Show vacancies' }).click();
  await page
    .getByRole('gridcell', { name: /^Edit / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const fill = dialog.getByRole('form', { name: 'Fill the position' });
  await fill.getByRole('button', { name: 'Fill Position' }).click();
  await expect(fill.getByRole('combobox', { name: 'Employee' })).toHaveAttribute('aria-invalid', 'true');
  await expect(fill).toContainText('Choose the employee who fills the position');
  await expect(fill).not.toContainText('Invalid input');
});

test('a fiscal year with no positions says so, rather than blaming the filters', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await navigate(page, 'Positions');
  // The demo's budget year FY27 plans no fiscal year of its own: it holds no positions.
  // The header's picker (the filter bar has one of the same name, which follows it).
  await page.getByRole('combobox', { name: 'Budget year', exact: true }).first().click();
  await page.getByRole('option', { name: 'FY27 Budget' }).click();
  // The grid's overlay sits beside its rows, in the list's card.
  const list = page.getByRole('region', { name: 'Positions list' });
  await expect(page.locator('.grid-toolbar__meta')).toHaveText('0 of 0 positions');
  await expect(list).toContainText('No positions in FY27 yet');
  await expect(list).not.toContainText('match these filters');

  // With a filter set, the filter is what the list answers to.
  await choose(page, page, 'Status', 'Frozen');
  await expect(list).toContainText('No positions match these filters');
});
