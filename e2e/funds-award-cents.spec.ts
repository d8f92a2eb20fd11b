import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, navigate, signIn } from './helpers';

// A grant's award is edited on the Funds screen to the cent, so the screen shows it to the cent: an
// award of $640,000.50 read '$640,001' in the list and '640000.5' in its editor. Each test adds its
// own grant through the API (a code of its own, since the specs share one database) and removes it.

async function addGrant(page: Page, awardAmount: number): Promise<{ id: number; name: string }> {
  const code = `AC${Date.now() % 1_000_000}`;
  const name = `E2E Cents Grant ${code}`;
  const { fund } = await apiCall(page, 'POST', '/funds', {
    name,
    code,
    kind: 'state_grant',
    awardAmount,
  });
  return { id: fund.id, name };
}

test('the Funds list shows a grant award to the cent', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  const grant = await addGrant(page, 640000.5);
  try {
    await navigate(page, 'Funds');
    const row = page.getByRole('table', { name: 'Funds' }).getByRole('row').filter({ hasText: grant.name });
    await expect(row.getByRole('cell', { name: '$640,000.50' })).toBeVisible();
  } finally {
    await apiCall(page, 'DELETE', `/funds/${grant.id}`);
  }
});

test('the fund editor opens with the award to the cent, and saves it unchanged', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  const grant = await addGrant(page, 640000.5);
  try {
    await navigate(page, 'Funds');
    await page.getByRole('button', { name: `Edit ${grant.name}` }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Fund' });
    await expect(editing.getByLabel('Award amount')).toHaveValue('640,000.50');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(editing).toBeHidden();
    const { funds } = await apiCall(page, 'GET', '/funds');
    expect(funds.find((f: { id: number }) => f.id === grant.id).awardAmount).toBe(640000.5);
  } finally {
    await apiCall(page, 'DELETE', `/funds/${grant.id}`);
  }
});
