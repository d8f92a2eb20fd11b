import { expect, test } from '@playwright/test';
import { FINANCE, navigate, signIn } from './helpers';

// On a phone the funds table is wider than the screen and scrolls in its own box; the line that
// says what the table is (this year's budget of all funds, beside last year's) must still be read
// whole, not cut off at the box's edge ('FY26 budget of all funds, beside FY25's bu').

test('the budget of all funds says what its table is in full at 390', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, FINANCE);
  await navigate(page, 'Budget of All Funds');
  const title = page.getByText(/^FY\d\d budget of all funds, beside FY\d\d's budget and actual spending$/);
  await expect(title).toBeVisible();
  // Where the words end on the screen, against the right edge of what shows them.
  const overrun = await title.evaluate((el) => {
    const words = document.createRange();
    words.selectNodeContents(el);
    const box = el.closest('[role="region"], .scroll-area, section') ?? document.documentElement;
    return (
      words.getBoundingClientRect().right - Math.min(box.getBoundingClientRect().right, window.innerWidth)
    );
  });
  expect(overrun).toBeLessThanOrEqual(0);
  await expect(page.getByRole('table', { name: /budget of all funds, beside/ })).toBeVisible();
});
