import { expect, test } from '@playwright/test';
import { ADMIN, FINANCE, saveScreen, signIn, VIEWER } from './helpers';

test.describe('sign-in', () => {
  test('the login page shows its texts', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await expect(page.getByText('Secure access for authorized school personnel only')).toBeVisible();
    await expect(page.getByText('Forgot your password? Contact your administrator.')).toBeVisible();
    await saveScreen(page, 'login');
  });

  test('a protected page sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an admin lands on / and sees the shell', async ({ page }) => {
    await signIn(page, ADMIN, '/');
    await expect(page.getByRole('heading', { name: 'Budget Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboard',
      'Scenario Builder',
      'COLA Management',
      'Town Guidance',
      'Budget Comparison',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('District Administrator').first()).toBeVisible();

    // A reload keeps the session (stored user, verified with /auth/me).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Budget Dashboard' })).toBeVisible();
    await saveScreen(page, 'dashboard-admin');

    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    for (const label of [
      'Admin Dashboard',
      'Manage Data',
      'Proposed Budget',
      'Employee Manager',
      'Public Dashboard',
      'AI Analysis',
      'Categories',
      'Data Quality',
      'Import History',
    ]) {
      await expect(page.getByRole('menuitem', { name: label })).toBeVisible();
    }
    await saveScreen(page, 'admin-menu');
    await page.getByRole('menuitem', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(page.getByRole('heading', { name: 'Budget Categories' })).toBeVisible();

    // Visiting /login while signed in goes back to /.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('signing in goes from the form straight to the page, with no loading screen between', async ({
    page,
  }) => {
    // The shell's and the screen's code arrive before the app leaves the form: a lazy part that
    // suspended showed the full-page spinner, and its content came 300 ms after it at the earliest.
    await page.goto('/admin/categories');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    // The spinner a lazy part shows while its code loads says 'Loading...'; a screen's own data
    // spinners name what they load ('Loading categories...').
    await page.evaluate(() => {
      const w = window as unknown as { codeSpinnerSeen: boolean };
      w.codeSpinnerSeen = false;
      new MutationObserver(() => {
        for (const spinner of document.querySelectorAll('.spinner-block')) {
          w.codeSpinnerSeen ||= spinner.textContent === 'Loading...';
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Budget Categories' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { codeSpinnerSeen: boolean }).codeSpinnerSeen),
    ).toBe(false);
  });

  test('a link opened signed out leads back to its page, query and all, once signed in; so does a session that ran out', async ({
    page,
  }) => {
    const link = '/budget-stages/compare?fiscalYear=2026&funds=general';
    /** Signs in on the login page it was sent to, and is taken back to the link's page. */
    const signInAndReturn = async () => {
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Email').fill(VIEWER.email);
      await page.getByLabel('Password', { exact: true }).fill(VIEWER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(new RegExp(`${link.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByRole('heading', { name: 'Stage Comparison' })).toBeVisible();
    };
    await page.goto(link);
    await signInAndReturn();

    // The session runs out (its token is no longer good): the page goes to sign-in, and back.
    await page.evaluate(() => localStorage.setItem('token', 'expired-token'));
    await page.reload();
    await signInAndReturn();
  });

  test('a wrong password shows the server error and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(FINANCE.email);
    await page.getByLabel('Password', { exact: true }).fill('definitely-not-it');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout returns to /login and protected pages need a new sign-in', async ({ page }) => {
    await signIn(page, FINANCE);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('roles', () => {
  test('a viewer visiting /users sees Access Denied', async ({ page }) => {
    await signIn(page, VIEWER);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.goto('/users');
    await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
    await expect(page.getByText('Required role: ADMIN')).toBeVisible();
    await expect(page.getByText('Your role: VIEW_ONLY')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await saveScreen(page, 'access-denied-viewer');
  });

  test('an unknown address shows Not Found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test('an admin reads the security log (important events first) and filters it to failed sign-ins', async ({
  page,
  request,
}) => {
  const guess = await request.post('/api/auth/login', {
    data: { email: VIEWER.email, password: 'not-the-viewer-password' },
  });
  expect(guess.status()).toBe(401);
  // The viewer signs in once, so later tests do not meet the 'failed attempts' notice.
  expect((await request.post('/api/auth/login', { data: VIEWER })).status()).toBe(200);
  await signIn(page, ADMIN, '/users');
  const log = page.getByRole('region', { name: 'Security log' });
  const rows = log.getByRole('table', { name: /Security events/ }).getByRole('row');
  // The first view holds the events that matter; routine sign-ins are one choice away.
  await expect(rows.filter({ hasText: 'Failed sign-in' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(0);
  await log.getByLabel('Event').click();
  await page.getByRole('option', { name: 'All events' }).click();
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();
  await log.getByLabel('Event').click();
  await page.getByRole('option', { name: 'Failed sign-in' }).click();
  await expect(rows.nth(1)).toContainText(VIEWER.email);
  await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(0);
  // Never a password in the log.
  await expect(log).not.toContainText('not-the-viewer-password');
});

test('an export from a grid shows in the security log', async ({ page }) => {
  await signIn(page, ADMIN, '/admin/proposed-budget');
  await expect(page.getByRole('heading', { name: 'Proposed Budget Manager' })).toBeVisible();
  // The toolbar exports through the grid, so wait for the grid to be up.
  await expect(page.locator('.ag-row').first()).toBeVisible();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  await page.goto('/users');
  const log = page.getByRole('region', { name: 'Security log' });
  await log.getByLabel('Event').click();
  await page.getByRole('option', { name: 'Exported data' }).click();
  const row = log
    .getByRole('table', { name: /Security events/ })
    .getByRole('row')
    .nth(1);
  await expect(row).toContainText(csv.suggestedFilename());
  await expect(row).toContainText(ADMIN.email);
});
