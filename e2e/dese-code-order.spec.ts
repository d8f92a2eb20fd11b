import { expect, test } from '@playwright/test';
import { ADMIN, navigate, signIn } from './helpers';

// A DESE function-code picker lists the codes by number. It once grouped them by DESE spending
// category, and a category gathers codes from all over the chart, so 2315 (Instructional
// Leadership) came before 2305 (Teachers). An admin opens Categories through the Admin menu, adds a
// category, and reads the picker's options.

test('the DESE function picker lists codes in code order, 2305 before 2315', async ({ page }) => {
  await signIn(page, ADMIN);
  await navigate(page, 'Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByRole('combobox', { name: 'DESE function' }).click();
  const options = await page.getByRole('option').allTextContents();
  const codes = options.map((o) => o.match(/^(\d{4})\b/)?.[1]).filter((c): c is string => Boolean(c));
  expect(codes.length).toBeGreaterThan(50);
  // Each code after the one before it, by number (computed here, not by the app's comparer).
  for (let i = 1; i < codes.length; i += 1) {
    expect(Number(codes[i]), `${codes[i - 1]} then ${codes[i]}`).toBeGreaterThan(Number(codes[i - 1]));
  }
  expect(codes.indexOf('2305')).toBeLessThan(codes.indexOf('2315'));
  await page.keyboard.press('Escape');
});
