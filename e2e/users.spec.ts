import { expect, test } from '@playwright/test';
import { ADMIN, saveScreen, signIn } from './helpers';

test('an admin adds a user, deactivates them, and they can no longer sign in', async ({ page }) => {
  const stamp = Date.now();
  const name = `Casey Clerk ${stamp}`;
  const email = `casey.${stamp}@example.org`;

  await signIn(page, ADMIN);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText('(you)')).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const passwordInput = dialog.getByLabel('Password', { exact: true });
  await expect(passwordInput).toHaveAttribute('type', 'text');
  const password = await passwordInput.inputValue();
  expect(password).toHaveLength(12);
  // Letters and digits only: a generated password pasted into a shell or a URL stays itself.
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText(/Finance/);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'View only' }).click();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role for ${name}` })).toHaveText(/View only/);
  await saveScreen(page, 'users');

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(/deactivated|Invalid email or password/);
  await expect(page).toHaveURL(/\/login$/);
});

test('deleting a user asks for confirmation first', async ({ page }) => {
  const stamp = Date.now();
  const name = `Dana Temp ${stamp}`;
  await signIn(page, ADMIN, '/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`dana.${stamp}@example.org`);
  await dialog.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole('combobox', { name: `Role for ${name}` }).click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await expect(row.getByRole('combobox', { name: `Role for ${name}` })).toHaveText(/Administrator/);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you sure you want to delete ${name}? This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
