import { expect, test } from '@playwright/test';
import { apiCall, FINANCE, navigate, signIn } from './helpers';
import { expectAxeClean, saveViews } from './positions-screen';

// A position's cost is salaries: the server refuses a budget category that is not a personnel one
// ('… is not a personnel category'). Add Position offered every category all the same, so a
// finance officer could pick Transportation and only learn on save that it cannot be chosen.

interface Category {
  name: string;
  isPersonnel?: boolean;
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`Add Position offers only personnel budget categories, at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, FINANCE);
    const { categories } = (await apiCall(page, 'GET', '/categories')) as { categories: Category[] };
    const personnel = categories.filter((c) => c.isPersonnel).map((c) => c.name);
    const others = categories.filter((c) => !c.isPersonnel).map((c) => c.name);
    // The demo district has both kinds, or the test would prove nothing.
    expect(personnel.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);

    await navigate(page, 'Positions');
    await page.getByRole('button', { name: 'Add Position' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Position' });
    await dialog.getByRole('combobox', { name: 'Budget category', exact: true }).click();
    const offered = page.getByRole('listbox').getByRole('option');
    await expect(offered.first()).toBeVisible();
    expect((await offered.allTextContents()).sort()).toEqual([...personnel].sort());

    // A personnel category is still chosen as before.
    await page.getByRole('option', { name: personnel[0]!, exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Budget category', exact: true })).toHaveText(
      personnel[0]!,
    );
    await expectAxeClean(page, `Add Position at ${width}`);
    await saveViews(page, `positions-category-choice-${width}`);
  });
}
