import { expect, test } from '@playwright/test';
import { ADMIN, axeViolations, navigate, pageOverflow, saveScreen, signIn } from './helpers';

/**
 * Setup's categories step once its categories are there: the step reads Done and still offers the
 * demo district's list, which adds only those missing. Pressed again (the demo's own install has
 * them all; a new district's admin unsure whether the first press took), the toast read 'Added 0
 * budget categories', as if something had failed. It says the categories are already there.
 */
for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`Setup says the demo district's categories are already there, not 'Added 0', at ${width}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, ADMIN);
    await navigate(page, 'Setup');
    const step = page.getByRole('region', { name: '4. Budget categories' });
    await expect(step.getByText('Done', { exact: true })).toBeVisible();
    await step
      .getByRole('button', { name: 'Add any of the demo district’s categories that are missing' })
      .click();
    const toast = page.locator('.toast');
    await expect(toast.getByText(/already there/)).toBeVisible();
    await expect(toast).not.toContainText('Added 0');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, `setup-categories-again-${width}`);
    expect(await axeViolations(page)).toEqual([]);
  });
}
