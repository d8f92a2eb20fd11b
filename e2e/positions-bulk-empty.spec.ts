import { expect, test } from '@playwright/test';
import { FINANCE, navigate, signIn } from './helpers';
import { expectAxeClean, saveViews } from './positions-screen';

// The bulk bar ('Bulk change...' and 'Apply to Selected') offered an action with nothing to act
// on: in a fiscal year with no positions, and before any position was ticked. As the Employee
// Manager's Bulk Actions does, the action is disabled until there is something selected, and the
// bar says why in words that a screen reader reads with the controls.

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`the bulk bar waits for ticked positions and says why, at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, FINANCE);
    await navigate(page, 'Positions');
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    const change = bar.getByRole('combobox', { name: 'Change for the selected positions' });
    const apply = bar.getByRole('button', { name: 'Apply to Selected' });
    const grid = page.getByRole('grid', { name: 'Positions' });

    // Rows, none ticked: tick some first.
    await expect(grid.getByRole('row').nth(2)).toBeVisible();
    await expect(apply).toBeDisabled();
    await expect(change).toBeDisabled();
    await expect(apply).toHaveAccessibleDescription(/Tick the positions to change/);
    await expect(change).toHaveAccessibleDescription(/Tick the positions to change/);
    await expect(bar).toContainText('Tick the positions to change');

    // One ticked: the action is offered, and the reason is gone.
    const row = grid
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox') })
      .nth(1);
    await row.getByRole('checkbox').check();
    await expect(page.locator('.grid-toolbar__meta')).toContainText('1 selected');
    await expect(apply).toBeEnabled();
    await expect(change).toBeEnabled();
    await expect(bar).not.toContainText('Tick the positions');
    await row.getByRole('checkbox').uncheck();
    await expect(apply).toBeDisabled();

    // A fiscal year with no positions (the demo's budget year FY27 plans none of its own).
    await page.getByRole('combobox', { name: 'Budget year', exact: true }).first().click();
    await page.getByRole('option', { name: 'FY27 Budget' }).click();
    await expect(page.locator('.grid-toolbar__meta')).toHaveText('0 of 0 positions');
    await expect(apply).toBeDisabled();
    await expect(change).toBeDisabled();
    await expect(apply).toHaveAccessibleDescription(/No positions to change in FY27/);
    await expect(bar).toContainText('No positions to change in FY27');
    await expectAxeClean(page, `empty year at ${width}`);
    await saveViews(page, `positions-bulk-empty-${width}`);
  });
}
