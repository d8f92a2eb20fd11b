import { expect, test } from '@playwright/test';
import { ADMIN, axeViolations, signIn } from './helpers';

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('the login page has no violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the login page with an error has no violations', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the shell at / as admin has no violations', async ({ page }) => {
    await signIn(page, ADMIN, '/');
    await expect(page.getByRole('heading', { name: 'Budget Dashboard' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('User Management and Profile have no violations', async ({ page }) => {
    await signIn(page, ADMIN, '/users');
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/profile');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
});
