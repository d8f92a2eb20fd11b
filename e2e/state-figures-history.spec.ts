import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, navigate, saveScreen, signIn } from './helpers';

// Changes to the state figures were once written to the audit log but could not be read. An ADMIN
// saves FY2031's figures twice (through the API) and reads both saves, with the figure that
// changed, under the year's form on the Admin Dashboard's State Figures tab.

const FY = 2031;
const figures = (requiredNss: number) => ({
  foundationEnrollment: 1500,
  foundationBudget: 21_000_000,
  requiredLocalContribution: 13_000_000,
  chapter70Aid: 8_000_000,
  requiredNss,
  carryForward: 0,
});

test('the State Figures tab lists each save of a year’s figures', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await apiCall(page, 'PUT', `/nss/state-figures/${FY}`, figures(21_500_000));
  await apiCall(page, 'PUT', `/nss/state-figures/${FY}`, figures(21_612_345.67));
  await navigate(page, 'Admin Dashboard');
  await page.getByRole('tab', { name: 'State Figures' }).click();
  await page.getByRole('combobox', { name: 'Fiscal year' }).click();
  await page.getByRole('option', { name: 'FY31', exact: true }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Updated by');
  await expect(
    history.getByRole('row', { name: 'Required net school spending $21,500,000.00 $21,612,345.67' }),
  ).toBeVisible();
  await expect(history.getByRole('listitem').nth(1)).toContainText('Created by');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'state-figures-history');
});
