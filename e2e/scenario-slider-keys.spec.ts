import { expect, test } from '@playwright/test';
import { apiCall, budgetYearId, FINANCE, navigate, signIn } from './helpers';

// Tab from one Scenario Builder slider to the next scrolls the next line into
// view through the grid's scroll API; the grid lacked that module, so every Tab logged AG Grid
// error #200. FINANCE reaches the builder through the navigation and tabs down twenty lines, far
// enough that the grid has to scroll.

test('tabbing down the Scenario Builder sliders logs no error', async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, FINANCE);
  await navigate(page, 'Scenario Builder');
  const byId = await budgetYearId(page, 'FY26');
  const name = `Slider keys ${Date.now()}`;
  await apiCall(page, 'POST', '/scenarios/cuts', { budgetYearId: byId, name });
  await page.reload();
  await page.getByRole('combobox', { name: 'Scenario' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  await page.locator('.ag-row[row-index="0"] [col-id="accountDesc"]').click();
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab');
  }
  // The twentieth line's slider has focus, scrolled into view.
  const focused = page.locator('.ag-row[row-index="19"] .pct-slider__input');
  await expect(focused).toBeFocused();
  await expect(focused).toBeInViewport();
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('.ag-row[row-index="18"] .pct-slider__input')).toBeFocused();
  expect(errors).toEqual([]);
});
