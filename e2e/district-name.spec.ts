import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, navigate, saveScreen, signIn, VIEWER } from './helpers';

/**
 * The district's own name in the header of every signed-in screen: the demo's saved name
 * (Millbrook, as data), then the name an admin saves in Setup or in the public dashboard's
 * settings, at once and for every role. The spec puts the demo's name back at the end.
 */

const header = (page: Page) => page.getByRole('banner').locator('.brand__name');
let original: string | null = null;

test.afterAll(async ({ browser }) => {
  // Back to the demo's name, whatever happened above: the specs share one server.
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, { schoolName: original });
  await page.close();
});

test('the header shows the name an admin saves in Setup and in the dashboard settings, for every role', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  original = (await apiCall(page, 'GET', '/public-dashboard/config')).config.schoolName;
  expect(original).toBe('Millbrook Public Schools');
  await expect(header(page)).toHaveText('Millbrook Public Schools');

  // Setup's first step: the header follows the saved name without a reload.
  await navigate(page, 'Setup');
  const district = page.getByRole('region', { name: '1. District name and logo' });
  await district.getByLabel('District name', { exact: true }).fill('Eastfield Regional Schools');
  await district.getByRole('button', { name: 'Save district' }).click();
  await expect(district.getByText(/^Eastfield Regional Schools, /)).toBeVisible();
  await expect(header(page)).toHaveText('Eastfield Regional Schools');
  await saveScreen(page, 'district-name-setup-1440');
  expect(await axeViolations(page)).toEqual([]);

  // The public dashboard's settings hold the same name: saved there, the header follows too.
  await navigate(page, 'Public Dashboard');
  await page.getByLabel('School name', { exact: true }).fill('Eastfield Regional School District');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(header(page)).toHaveText('Eastfield Regional School District');
  await expect(page.getByRole('banner')).not.toContainText('Millbrook');

  // A viewer signing in on a phone reads the same name.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, VIEWER);
  await expect(header(phone)).toHaveText('Eastfield Regional School District');
  await saveScreen(phone, 'district-name-viewer-390');
  expect(await axeViolations(phone)).toEqual([]);
  // And the sign-in page remembers it on this browser once signed out.
  await phone.evaluate(() => localStorage.removeItem('token'));
  await phone.goto('/login');
  await expect(phone.getByText('Eastfield Regional School District · Budget Workbench')).toBeVisible();
  await phone.close();
});
