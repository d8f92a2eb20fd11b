import { expect, test, type Page } from '@playwright/test';
import { ADMIN, FINANCE, openLink, pageOverflow, saveScreen, signIn, VIEWER } from './helpers';

// Every screen each role may open, written out here rather than read from the app's route table, so
// the test checks the app against the specification.
const STAFF_SCREENS = [
  '/',
  '/profile',
  '/scenario',
  '/cola',
  '/town-goals',
  '/budget-comparison',
  '/admin/proposed-budget',
  '/admin/operating-budget',
  // The roster of positions, filled and vacant: ADMIN and FINANCE.
  '/admin/positions',
  '/admin/ai-analysis',
  // Salary Progression Analysis: ADMIN and FINANCE.
  '/admin/salary-progression',
  // The year's stages and their comparison, the DESE report, budget vs actual and the budget of
  // all funds.
  '/budget-stages',
  '/budget-stages/compare',
  '/dese-report',
  '/budget-vs-actual',
  '/funds-report',
];
const ADMIN_SCREENS = [
  ...STAFF_SCREENS,
  '/admin',
  '/admin/manage-data',
  '/admin/categories',
  '/admin/data-quality',
  '/admin/import-history',
  '/admin/public-dashboard',
  '/admin/crosswalk',
  '/admin/function-codes',
  // Funds and whether each counts toward net school spending.
  '/admin/funds',
  // A district's first start, reachable any time after.
  '/admin/setup',
  // The next fiscal year's budget started from this one's.
  '/admin/roll-forward',
  '/users',
];

const PERSONAS = [
  { role: 'ADMIN', who: ADMIN, screens: ADMIN_SCREENS },
  { role: 'FINANCE', who: FINANCE, screens: STAFF_SCREENS },
  // The school committee reads the reports that hold no individual pay.
  {
    role: 'VIEW_ONLY',
    who: VIEWER,
    screens: [
      '/',
      '/profile',
      '/budget-stages',
      '/budget-stages/compare',
      '/dese-report',
      '/budget-vs-actual',
      '/funds-report',
    ],
  },
];

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** One way into a screen: a path of clicks from the shell. */
interface Entry {
  label: string;
  /** The menu button to open first (a dropdown of the bar, the Menu button, the account menu). */
  menu?: string;
}

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /Account menu for/ });

/** Every link the shell offers: the bar's links, each dropdown's items and the account menu's. */
async function collectEntries(page: Page): Promise<Entry[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const entries: Entry[] = [];
  for (const link of await nav.getByRole('link').all()) {
    if (await link.isVisible()) {
      entries.push({ label: (await link.textContent())!.trim() });
    }
  }
  const menus = [];
  for (const button of await nav.getByRole('button').all()) {
    if (await button.isVisible()) {
      menus.push((await button.textContent())!.trim());
    }
  }
  for (const menu of [...menus, 'account']) {
    await openMenu(page, menu);
    const opened = page.getByRole('menu');
    await expect(opened).toBeVisible();
    for (const item of await opened.getByRole('menuitem').all()) {
      const label = (await item.textContent())!.trim();
      if (label !== 'Logout') {
        entries.push({ label, menu });
      }
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return entries;
}

async function openMenu(page: Page, menu: string): Promise<void> {
  if (menu === 'account') {
    await accountMenu(page).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: menu, exact: true })
      .click();
  }
}

/** Follows an entry and returns where it led, after checking the screen is not Access Denied. */
async function follow(page: Page, entry: Entry): Promise<string> {
  let target;
  if (entry.menu) {
    await openMenu(page, entry.menu);
    target = page.getByRole('menuitem', { name: entry.label, exact: true });
  } else {
    target = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: entry.label, exact: true });
  }
  const heading = await openLink(page, target);
  await expect(page.getByRole('menu')).toHaveCount(0);
  const where = new URL(page.url()).pathname;
  expect(heading, `'${entry.label}' (${entry.menu ?? 'bar'}) led to ${where}`).not.toBe('Access Denied');
  await expect(page.getByText("You don't have permission to access this page")).toHaveCount(0);
  return where;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`navigation on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    for (const { role, who, screens } of PERSONAS) {
      test(`${role} reaches every screen it may open, and no link shows Access Denied`, async ({ page }) => {
        // ADMIN opens some 25 screens, each waited for in turn.
        test.setTimeout(120_000);
        await signIn(page, who);
        const entries = await collectEntries(page);
        const reached = new Set<string>();
        // On a phone no screen is wider than the screen (the page never scrolls sideways).
        const wide: string[] = [];
        for (const entry of entries) {
          const where = await follow(page, entry);
          reached.add(where);
          if (name === 'phone') {
            await page.waitForLoadState('networkidle');
            const overflow = await pageOverflow(page);
            if (overflow > 0) {
              wide.push(`${where} is ${viewport.width + overflow}px wide`);
            }
          }
        }
        expect([...reached].sort()).toEqual([...screens].sort());
        expect(wide).toEqual([]);

        // The dashboard's own links (View All Employees, the town goal's Edit / Set Up).
        await follow(page, { label: 'Dashboard', menu: name === 'phone' ? 'Menu' : undefined });
        await expect(page.getByRole('region', { name: 'Employees' })).toBeVisible();
        const main = page.getByRole('main');
        const links: { label: string; href: string }[] = [];
        for (const link of await main.getByRole('link').all()) {
          links.push({ label: (await link.textContent())!.trim(), href: (await link.getAttribute('href'))! });
        }
        if (role !== 'VIEW_ONLY') {
          expect(links.map((l) => l.label)).toContain('View All Employees');
        }
        for (const link of links) {
          const heading = await openLink(page, main.locator(`a[href="${link.href}"]`).first());
          expect(heading, `dashboard link '${link.label}'`).not.toBe('Access Denied');
          expect(screens).toContain(new URL(page.url()).pathname);
          await page.goBack();
          await expect(page.getByRole('heading', { name: 'Budget Dashboard' })).toBeVisible();
        }

        // A picture of the role's navigation, open.
        const menu = name === 'phone' ? 'Menu' : role === 'ADMIN' ? 'Admin' : 'Budget Tools';
        if (menu) {
          await openMenu(page, menu);
          await expect(page.getByRole('menu')).toBeVisible();
        }
        await page.screenshot({ path: `test-results/screens/navigation-${name}-${role}.png` });
        if (menu) {
          await page.keyboard.press('Escape');
        }
        await saveScreen(page, `navigation-${name}-${role}-dashboard`);
      });
    }
  });
}
