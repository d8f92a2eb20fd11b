import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, navigate, pageOverflow, saveScreen } from './helpers';
import { E2E_PORT, WEB_DIST } from './web-build';

/**
 * First start of a real district: the run's own server holds the demo, so this spec starts a
 * second one on an empty data folder (SEED_DEMO=0) with the same web build, and walks the setup an
 * admin is led to on signing in: a screen opened too early says what is missing, then the district,
 * a building, the first budget year (a refused one first), the demo's categories, and a skipped step.
 */

const root = path.resolve(import.meta.dirname, '..');
const PORT = E2E_PORT + 500;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'first-admin@example.org', password: 'first-start-password' };
let server: ChildProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'budget-e2e-empty-'));
  server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      WEB_DIST,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PASSWORD_COST: '10',
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 200; i += 1) {
    const up = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The empty-install server did not start');
});

test.afterAll(() => {
  server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const step = (page: Page, title: string) => page.getByRole('region', { name: title });

// Before any step is done, so every step's form and Skip button shows: the later phone test sees
// only the work groups' (the other steps are done by then), and 'Skip budget year and fiscal years
// for now' did not wrap, widening every card to 413 px at 390.
test('the empty setup fits a phone, every step still to do', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await expect(page.getByText('To do', { exact: true })).toHaveCount(5);
  await expect(
    step(page, '3. Budget year and fiscal years').getByRole('button', {
      name: 'Skip budget year and fiscal years for now',
    }),
  ).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreen(page, 'setup-empty-390');
});

// The district's need is a budget year's proposed budget: with none yet, the gap analysis read
// 'District need $0', 'Under guidance by $0' and 'NEAR GOAL', figures of a budget that is not there.
test('before any budget year, the town goals gap analysis says one is needed, not $0', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await navigate(page, 'Town Guidance');
  const gap = page.getByRole('region', { name: 'Gap Analysis' });
  await expect(gap.getByRole('heading', { name: 'No budget year yet' })).toBeVisible();
  await expect(gap).not.toContainText('$0');
  await expect(gap).not.toContainText('NEAR GOAL');
  // Nor a year to choose, which would change nothing.
  await expect(gap.getByRole('combobox', { name: 'Fiscal year' })).toHaveCount(0);
  await saveScreen(page, 'setup-town-goals-before-year-1440');
  expect(await axeViolations(page)).toEqual([]);
});

test('an admin signing in to an empty install is led through the setup, step by step', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up your district' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'steps done' })).toContainText(
    '0 of 5 steps done. Nothing can be imported or planned until a budget year exists.',
  );
  await saveScreen(page, 'setup-empty-1440');
  expect(await axeViolations(page)).toEqual([]);

  // A screen opened before its budget year says what is missing and where to add it.
  await navigate(page, 'Employee Manager');
  await expect(page.getByRole('heading', { name: 'No budget year yet' })).toBeVisible();
  await expect(page.getByText('Once a budget year exists, its employees show here.')).toBeVisible();
  await saveScreen(page, 'setup-operating-before-year-1440');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Admin, Setup' }).click();
  await expect(page).toHaveURL(/\/admin\/setup$/);

  // And Setup is in the Admin menu.
  await navigate(page, 'Dashboard');
  await navigate(page, 'Setup');
  await expect(page.getByRole('heading', { name: 'Set up your district' })).toBeVisible();

  const district = step(page, '1. District name and logo');
  await district.getByLabel('District name', { exact: true }).fill('Millbrook Public Schools');
  await district.getByRole('button', { name: 'Save district' }).click();
  await expect(district.getByText('Millbrook Public Schools, no logo yet')).toBeVisible();
  await expect(district.getByText('Done', { exact: true })).toBeVisible();

  const buildings = step(page, '2. Buildings');
  await buildings.getByLabel('Building name', { exact: true }).fill('Curley K-8');
  await buildings.getByLabel('Location code', { exact: true }).fill('CUR');
  await buildings.getByRole('button', { name: 'Add building' }).click();
  await expect(buildings.getByText('1 building', { exact: true })).toBeVisible();
  await expect(buildings.getByText('Curley K-8 (CUR)')).toBeVisible();

  // A year outside FY2020-FY2034 is refused on its field; nothing is created.
  const year = step(page, '3. Budget year and fiscal years');
  await year.getByLabel('Budget year', { exact: true }).fill('FY40');
  await year.getByRole('button', { name: 'Create budget year' }).click();
  await expect(year.getByText('Choose a fiscal year from FY2020 to FY2034')).toBeVisible();
  await expect(year.getByText('To do', { exact: true })).toBeVisible();
  await year.getByLabel('Budget year', { exact: true }).fill('FY28');
  await year.getByLabel('First fiscal year it plans', { exact: true }).fill('FY27');
  await year.getByLabel('Last fiscal year it plans', { exact: true }).fill('FY32');
  await year.getByRole('button', { name: 'Create budget year' }).click();
  await expect(year.getByText('FY28 (FY27 to FY32, current FY28)')).toBeVisible();
  // The next one offered is a year no budget year plans yet: FY29 (FY28's own) was refused.
  await expect(year.getByLabel('Budget year', { exact: true })).toHaveValue('FY33');

  const categories = step(page, '4. Budget categories');
  await categories.getByRole('button', { name: 'Add the demo district’s categories' }).click();
  await expect(categories.getByText('11 categories')).toBeVisible();

  // Work groups can wait: skipped, the step names where to add them later.
  const groups = step(page, '5. Work groups');
  await groups.getByRole('button', { name: 'Skip work groups for now' }).click();
  await expect(groups.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(groups.getByRole('link', { name: 'Manage Data' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'steps done' })).toContainText(
    '4 of 5 steps done.',
  );
  await saveScreen(page, 'setup-done-1440');
  expect(await axeViolations(page)).toEqual([]);

  // The new year is the shell's, and the screen that lacked it now opens on it.
  await navigate(page, 'Employee Manager');
  await expect(page.getByRole('heading', { name: 'Employee Budget Manager' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No budget year yet' })).toHaveCount(0);
});

test('the setup reads on a phone, with what is done and what is left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  // Set up already has its budget year: signing in lands on the dashboard, not the setup.
  await expect(page).toHaveURL(new RegExp(`${BASE}/$`));
  await page.goto(`${BASE}/admin/setup`);
  await expect(page.getByRole('heading', { name: 'Set up your district' })).toBeVisible();
  await expect(step(page, '5. Work groups').getByText('No work groups yet')).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreen(page, 'setup-390');
  expect(await axeViolations(page)).toEqual([]);
});
