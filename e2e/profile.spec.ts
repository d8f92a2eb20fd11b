import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, saveScreen, signIn } from './helpers';

/** Creates a throwaway FINANCE user through the API, so changing its password touches nobody else. */
async function createUser(request: APIRequestContext, email: string, password: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/auth/register', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, password, name: 'Pat Profile', role: 'FINANCE' },
  });
  expect(created.status()).toBeLessThan(300);
}

test('a user edits their profile, changes their password and stores an API key', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `pat.${stamp}@example.org`;
  await createUser(request, email, 'first-password-1');
  await signIn(page, { email, password: 'first-password-1' });

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('menuitem', { name: 'User Management' })).toHaveCount(0);

  await page.getByLabel('Name').fill('Pat Profile-Smith');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Pat Profile-Smith');

  await page.getByRole('tab', { name: 'Change Password' }).click();
  await page.getByLabel('Current password', { exact: true }).fill('first-password-1');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('New passwords do not match');
  await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: /password/i })).toBeVisible();

  // The server revoked the old token; the app kept the new one, so a reload stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('tab', { name: 'Claude API Key' })).toBeVisible();

  await page.getByRole('tab', { name: 'Claude API Key' }).click();
  await expect(page.getByText('No key stored')).toBeVisible();
  const keyInput = page.getByLabel('Claude API key', { exact: true });
  await expect(keyInput).toHaveAttribute('type', 'password');
  await keyInput.fill('sk-ant-test-key-123');
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page.getByText('A key is stored')).toBeVisible();
  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByText('No key stored')).toBeVisible();
});

test('the Sessions tab lists devices and failed attempts, ends a session and signs out everywhere', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `sam.${stamp}@example.org`;
  await createUser(request, email, 'sessions-password-1');
  // The user is signed in on another device, and then someone guesses once.
  const other = await request.post('/api/auth/login', {
    data: { email, password: 'sessions-password-1' },
    headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1' },
  });
  const otherToken = ((await other.json()) as { token: string }).token;
  const otherMe = () => request.get('/api/auth/me', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect((await otherMe()).status()).toBe(200);
  const guess = await request.post('/api/auth/login', { data: { email, password: 'a-wrong-guess' } });
  expect(guess.status()).toBe(401);

  await signIn(page, { email, password: 'sessions-password-1' });
  // The sign-in itself tells the owner about the guess since their last sign-in.
  await expect(
    page.getByText('1 failed sign-in attempt on your account since you last signed in', { exact: true }),
  ).toBeVisible();
  await page.goto('/profile');

  // Changing the sign-in email asks for the current password.
  await page.getByLabel('Email').fill(`sam.renamed.${stamp}@example.org`);
  await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Enter your current password to change your email')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill('sessions-password-1');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByText('1 failed attempt in the last 30 days')).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await expect(sessions.getByText('Safari on iOS')).toBeVisible();
  await saveScreen(page, 'profile-sessions');

  await sessions.getByRole('button', { name: /End session on Safari on iOS/ }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await otherMe()).status()).toBe(401);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
