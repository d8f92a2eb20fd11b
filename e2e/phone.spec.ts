import { expect, test, type Page } from '@playwright/test';
import { ADMIN, clippedMoney, FINANCE, navigate, pageOverflow, saveScreen, signIn } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** ScrollArea's line above a table (or grid) that scrolls sideways. */
const SCROLL_HINT = 'Scroll the table sideways for more columns.';

const SCREENS = [
  {
    label: 'Dashboard',
    heading: 'Budget Dashboard',
    ready: async (page: Page) => {
      await expect(page.getByRole('region', { name: 'Employees' }).getByText(/\$\d/).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Headcount by Location' })).toContainText('employees');
    },
  },
  {
    label: 'Budget Comparison',
    heading: 'Budget Comparison',
    ready: async (page: Page) => {
      await expect(page.locator('.kpi__value').first()).toContainText('$');
    },
  },
  {
    label: 'Town Guidance',
    heading: 'Town Budget Goals',
    ready: async (page: Page) => {
      await expect(
        page.getByRole('region', { name: 'Gap Analysis' }).locator('.kpi__value').first(),
      ).toContainText('$');
    },
  },
  {
    label: 'Employee Manager',
    heading: 'Employee Budget Manager',
    ready: async (page: Page) => {
      await expect(page.getByRole('region', { name: 'Employee totals' })).toContainText('$');
      await expect(page.locator('.ag-row').first()).toBeVisible();
    },
  },
  {
    label: 'Proposed Budget',
    heading: 'Proposed Budget Manager',
    ready: async (page: Page) => {
      await expect(page.locator('main').getByText(/\$\d/).first()).toBeVisible();
      await expect(page.locator('.ag-row').first()).toBeVisible();
    },
  },
  {
    label: 'Salary Progression',
    heading: 'Salary Progression Analysis',
    ready: async (page: Page) => {
      await expect(page.getByText(/people with the position/)).toBeVisible();
    },
  },
  {
    label: 'Data Quality',
    heading: 'Data Quality Review',
    user: ADMIN,
    ready: async (page: Page) => {
      await expect(page.locator('.ag-row').first()).toBeVisible();
    },
  },
  {
    label: 'Import History',
    heading: 'Import History',
    user: ADMIN,
    ready: async (page: Page) => {
      await expect(page.locator('.ag-row').first()).toBeVisible();
    },
  },
];

test('on a phone the navigation collapses into a Menu button and the shell fits the screen', async ({
  page,
}) => {
  await signIn(page, FINANCE, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'COLA Management' })).toBeHidden();
  const menuButton = nav.getByRole('button', { name: 'Menu', exact: true });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
  // Keyboard: Enter opens the menu on its first item, arrows move, Escape closes and gives focus
  // back to the button.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Scenario Builder',
    'COLA Management',
    'Town Guidance',
    'Budget Comparison',
    'Proposed Budget',
    'Employee Manager',
    'Positions',
    'Budget Stages',
    'Stage Comparison',
    'Budget vs Actual',
    'DESE Report',
    'Budget of All Funds',
    'Salary Progression',
    'AI Analysis',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  await saveScreen(page, 'phone-menu-open');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  // The account menu shows just the avatar, still named for screen readers.
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

for (const screen of SCREENS) {
  test(`${screen.heading} at 390px: no money clipped, nothing wider than the screen`, async ({ page }) => {
    await signIn(page, ('user' in screen && screen.user) || FINANCE);
    await navigate(page, screen.label);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({
      timeout: 20_000,
    });
    await screen.ready(page);
    // Let charts and late cards settle before measuring.
    await page.waitForLoadState('networkidle');
    const name = `phone-${screen.label.toLowerCase().replace(/ /g, '-')}`;
    await saveScreen(page, name);
    // The first figures as a phone shows them (full-page pictures shrink too much to judge).
    const figures = page.locator('main .kpi__value, main .summary-card__value');
    if (await figures.count()) {
      await figures.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/${name}-figures.png` });
    }
    expect(await clippedMoney(page)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    if (await page.locator('main .data-grid').count()) {
      // QA: a phone showed a grid's pinned name and row buttons only, the other columns off to the
      // right and nothing saying so, where the plain tables said it (ScrollArea's line).
      await expect(page.locator('main .scroll-area__hint + .data-grid').first()).toBeVisible();
      await expect(page.getByText(SCROLL_HINT).first()).toBeVisible();
    }
  });
}

test('Import History at 390px: its recent imports are named whole, and its grid says it scrolls sideways', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await navigate(page, 'Import History');
  await expect(page.getByRole('heading', { level: 1, name: 'Import History' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.ag-row').first()).toBeVisible();
  // QA: the caption of the recent imports ran on past the phone's edge inside the table's scrolling
  // box ('Recent imports into FY26, and ledgers (actuals) of every fi...').
  const caption = page.getByText(/^Recent imports into/);
  await expect(caption).toBeVisible();
  const box = (await caption.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the caption ends on screen').toBeLessThanOrEqual(390);
  expect(
    await caption.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    'nothing of the caption is cut',
  ).toBe(true);
  await expect(page.getByRole('table', { name: /^Recent imports into FY\d\d/ })).toBeVisible();
  // The records' grid, wider than the phone, says so above it.
  const grid = page.getByRole('region', { name: 'Records' });
  await expect(grid.getByText(SCROLL_HINT)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/phone-import-history-top.png' });
});

/** Tables that scroll sideways without the line above them that says so (ScrollArea's). */
const silentScrollers = (page: Page) =>
  page
    .locator('main .table-wrap')
    .evaluateAll((wraps) =>
      wraps
        .filter((w) => w.scrollWidth > w.clientWidth + 1 && !w.classList.contains('scroll-area'))
        .map((w) => w.querySelector('caption')?.textContent ?? w.className),
    );

// The admin screens once ran 546, 729 and 690 px wide on a 390 px phone.
for (const screen of [
  { path: '/admin', heading: /Admin/, name: 'admin', tabs: 6 },
  { path: '/admin/manage-data', heading: /Manage Data/, name: 'manage-data', tabs: 7 },
  { path: '/users', heading: /User/, name: 'users', tabs: 0 },
]) {
  test(`${screen.path} at 390px: no sideways scroll, every tab on screen`, async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');
    await saveScreen(page, `phone-${screen.name}`);
    await page.screenshot({ path: `test-results/screens/phone-${screen.name}-top.png` });
    // Wide tables scroll within their own box; nothing may push the page wider than the phone.
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedMoney(page)).toEqual([]);
    if (screen.name === 'users') {
      // QA: the users table ran past the phone's edge with nothing saying more columns were there.
      const table = page.getByRole('region', { name: 'Users, scrolls sideways' });
      await expect(table).toBeVisible();
      await expect(page.getByText('Scroll the table sideways for more columns.').first()).toBeVisible();
    }
    // Every tab is on screen and its panel fits too.
    await expect(page.getByRole('tab')).toHaveCount(screen.tabs);
    for (const tab of await page.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(390);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      expect(await pageOverflow(page), `${await tab.innerText()} tab`).toBeLessThanOrEqual(0);
      if (screen.name === 'manage-data') {
        // QA: Work Groups' and Budget Categories' tables ran past the phone's edge, nothing saying so.
        expect(await silentScrollers(page), `${await tab.innerText()} tab`).toEqual([]);
      }
    }
  });
}

test('the dashboard names each category in full on a phone, none cut to "Teac...", and its bar values read level', async ({
  page,
}) => {
  await signIn(page, FINANCE, '/');
  const card = page.getByRole('region', { name: 'Budget by Category' });
  await expect(card.locator('.legend-toggle').first()).toBeVisible({ timeout: 20_000 });
  const cut = await card.locator('.legend-toggle').evaluateAll((toggles) =>
    toggles
      .flatMap((t) => [t, ...t.querySelectorAll<HTMLElement>('*')])
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent} is ${el.scrollWidth}px in ${el.clientWidth}px`),
  );
  expect(cut).toEqual([]);
  await card.screenshot({ path: 'test-results/screens/phone-dashboard-categories.png' });

  // A short bar's value read bottom to top: Plotly turned '28' (District Wide's headcount) on its
  // side to fit it inside the bar.
  const headcount = page.getByRole('region', { name: 'Headcount by Location' });
  await expect(headcount.locator('.bartext').first()).toBeAttached();
  const turned = await headcount
    .locator('.bartext')
    .evaluateAll((texts) =>
      texts.filter((t) => (t.getAttribute('transform') ?? '').includes('rotate')).map((t) => t.textContent),
    );
  expect(turned).toEqual([]);
});
