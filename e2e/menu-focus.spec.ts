import { expect, test, type Page } from '@playwright/test';
import { ADMIN, saveScreen, signIn } from './helpers';

// QA: after a page was opened from the Admin menu with the mouse, a thin blue ring, its top and
// bottom cut off by the bar, stayed on the Admin button. Focus now goes back to the menu's button
// only when the menu is closed with the keyboard, and the ring it shows there is drawn whole.

test.use({ viewport: { width: 1440, height: 900 } });

const adminButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin', exact: true });
const focusVisible = (page: Page) => adminButton(page).evaluate((el) => el.matches(':focus-visible'));

test('a page opened from the Admin menu with the mouse leaves no focus ring on the menu button', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await adminButton(page).click();
  await page.getByRole('menuitem', { name: 'Roll Forward', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roll forward' })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await focusVisible(page)).toBe(false);
  await expect(adminButton(page)).not.toBeFocused();
  await saveScreen(page, 'menu-focus-mouse-1440');
});

test('Escape gives focus back to the Admin button, its ring drawn whole inside the bar', async ({ page }) => {
  await signIn(page, ADMIN);
  const button = adminButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(await focusVisible(page)).toBe(true);
  // The ring lies inside the button (so inside the bar, which scrolls sideways and cuts off what is
  // drawn outside it), and is the app's 2px focus outline.
  const ring = await button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { offset: style.outlineOffset, width: style.outlineWidth, style: style.outlineStyle };
  });
  expect(ring).toEqual({ offset: '-2px', width: '2px', style: 'solid' });
  await saveScreen(page, 'menu-focus-keyboard-1440');
});

test('a page opened from the Admin menu with the keyboard gives focus back to the Admin button', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const button = adminButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Roll Forward', exact: true });
  await expect(page.getByRole('menu')).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Roll forward' })).toBeVisible();
  await expect(button).toBeFocused();
  expect(await focusVisible(page)).toBe(true);
});
