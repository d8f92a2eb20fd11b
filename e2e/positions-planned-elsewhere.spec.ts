import { expect, test } from '@playwright/test';
import { FINANCE, navigate, pageOverflow, signIn } from './helpers';
import { expectAxeClean, saveViews } from './positions-screen';

// A fiscal year's positions belong to the budget year that plans it. The demo's budget year FY27
// plans no fiscal year of its own (FY27 is planned in budget year FY26), and the server refuses a
// position added there ('FY27 is planned in budget year FY26: add its positions there'); yet the
// Positions screen offered Add Position, which led to that refusal after the whole form was filled.
// The screen says where the year's positions are added and takes the user there, at both widths.

for (const size of [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`Positions of a year planned in another budget year offer no Add Position, at ${size.name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE);
    await navigate(page, 'Positions');
    // The header's picker (the filter bar has one of the same name, which follows it).
    await page.getByRole('combobox', { name: 'Budget year', exact: true }).first().click();
    await page.getByRole('option', { name: 'FY27 Budget' }).click();
    await expect(page.locator('.grid-toolbar__meta')).toHaveText('0 of 0 positions');

    await expect(page.getByRole('button', { name: 'Add Position' })).toHaveCount(0);
    const note = page.getByRole('note', { name: 'FY27 is planned in budget year FY26' });
    await expect(note).toContainText('Its positions are added and changed there.');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `positions of FY27 in budget year FY27 at ${size.name}`);
    await saveViews(page, `positions-planned-elsewhere-${size.name}`);

    // What to do: the note opens the budget year that holds the positions, where adding is offered.
    await note.getByRole('button', { name: 'Open budget year FY26' }).click();
    await expect(page.getByRole('combobox', { name: 'Budget year', exact: true }).first()).toContainText(
      'FY26',
    );
    await expect(page.getByRole('button', { name: 'Add Position' })).toBeVisible();
    await expect(note).toHaveCount(0);
  });
}
