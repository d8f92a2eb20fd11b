import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const screensDir = path.join(root, 'test-results/screens');

export const ADMIN = { email: 'admin@example.org', password: 'e2e-admin-password' };
export const FINANCE = { email: 'finance@example.org', password: 'e2e-demo-password' };
export const VIEWER = { email: 'viewer@example.org', password: 'e2e-demo-password' };

/**
 * The resident page's headline figure, named by the year's stage: 'Proposed school budget' in Draft,
 * 'Appropriated school budget' once a spec has advanced the year (the specs share one server).
 */
export const BUDGET_KPI = /^(Proposed|Recommended|Adopted|Appropriated|Revised) school budget/;

/**
 * Signs in through the login form and waits for the shell, on the page `at` (a path of the app): it
 * is opened first, the app sends the visitor to sign in, and brings them back there after, as it
 * does for any page asked for signed out. By default the Profile, a screen every role may open that
 * loads little: a test that goes on to another screen pays for no dashboard on the way. The Budget
 * Dashboard ('/', where a sign-in from the login page lands) drew its charts and read its summaries
 * for every sign-in, about 2 CPU-s each on a 2-core machine, and the specs sign in about 300 times.
 */
export async function signIn(
  page: Page,
  who: { email: string; password: string },
  at: string = '/profile',
): Promise<void> {
  await page.goto(at === '/' ? '/login' : at);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The path only: a screen may write its own query (the tab it shows) into the address.
  await expect(page).toHaveURL((url) => url.pathname === new URL(at, url).pathname);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * Forgets the stored session without signing out, to sign in as someone else. The app is unloaded
 * first (the API's health answer is a page of the same origin with no app on it), so no code of the
 * previous user's page can write to storage after the clear (its session check stores the user when
 * it answers). Cleared on the app's own page, a CI run once went from /login straight back to the
 * previous user; which write put the session back was not pinned down.
 */
export async function forgetSession(page: Page): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
}

/**
 * Saves a full-page screenshot where a developer can look at it (gitignored). Not in CI, where no
 * one looks at them (160 full pages, half a second or more each; E2E_SCREENS=1 keeps them): a
 * failing test still leaves its screenshot and trace (playwright.config.ts).
 */
export async function saveScreen(page: Page, name: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENS !== '1') {
    return;
  }
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

let axeSource: string | undefined;
const AXE_SOURCE = () =>
  (axeSource ??= readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core for WCAG 2.1 A/AA on the current page and returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol rather than a <script> tag: the app's
  // Content-Security-Policy (rightly) refuses inline scripts, and the tests run under it.
  // Once per document: the screens are reached through the app's menus, one document for many
  // scans, and each evaluation of axe's 550 kB source cost its parse and compile again.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE());
  }
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Every node only for violations, the one result read: passes listed node by node cost a
      // third of a run on the dashboard, over a hundred runs a CI.
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}

/** Calls the API as the signed-in user (the page's stored token) and returns the JSON body. */
export async function apiCall(page: Page, method: string, apiPath: string, body?: unknown): Promise<any> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: body,
  });
  expect(response.ok(), `${method} ${apiPath}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** The id of a budget year by its label ('FY26'). */
export async function budgetYearId(page: Page, fiscalYear: string): Promise<number> {
  const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
  const year = budgetYears.find((y: { fiscalYear: string }) => y.fiscalYear === fiscalYear);
  expect(year, `budget year ${fiscalYear}`).toBeTruthy();
  return year.id;
}

/**
 * Reopens a closed fiscal year (ADMIN signed in). The demo's FY2025 closes by itself once a spec
 * has appropriated FY2027 (two appropriations on: migration 20261127000650), so a spec that edits
 * FY2025 after budget-stages.spec first reopens it, as an administrator would, with a reason.
 */
export async function reopenIfClosed(page: Page, budgetYear: number, fiscalYear: number): Promise<void> {
  const stages = await apiCall(
    page,
    'GET',
    `/budget-stages?budgetYearId=${budgetYear}&fiscalYear=${fiscalYear}`,
  );
  if (stages.current.closed) {
    await apiCall(page, 'POST', '/budget-stages/reopen-closed', {
      budgetYearId: budgetYear,
      fiscalYear,
      reason: 'Reopened by a spec that edits this year',
    });
  }
}

/**
 * Opens a screen the way a user does, through the main navigation: a link of the bar, an item of
 * one of its dropdowns (Admin, Budget Tools), or on a narrow screen an item of the Menu button.
 */
export async function navigate(page: Page, label: string): Promise<void> {
  if (await followNavigation(page, label)) {
    return;
  }
  // Right after a load the bar may not be drawn yet, or drawn before the user's role has added its
  // menus: once the page's requests have settled (the session check among them), look again. Not a
  // loop of looks: a test that a label is absent paid 10 s of them, and on a loaded CI machine one
  // such test (two roles) ran out of its 30 s.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 10_000 });
  if (!(await followNavigation(page, label))) {
    throw new Error(`'${label}' is not in the navigation`);
  }
}

/** One look through the bar, its dropdowns and the Menu button; true when it found and followed the label. */
async function followNavigation(page: Page, label: string): Promise<boolean> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const follow = (target: Locator) => openLink(page, target);
  const link = nav.getByRole('link', { name: label, exact: true });
  if (await link.isVisible()) {
    await follow(link);
    return true;
  }
  const triggers = nav.getByRole('button');
  for (let i = 0; i < (await triggers.count()); i += 1) {
    const trigger = triggers.nth(i);
    if (!(await trigger.isVisible())) {
      continue;
    }
    await trigger.click();
    // isVisible does not wait: on a loaded machine the menu may not be drawn yet when it asks.
    await page
      .getByRole('menu')
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 })
      .catch(() => undefined);
    const item = page.getByRole('menuitem', { name: label, exact: true });
    if (await item.isVisible()) {
      await follow(item);
      return true;
    }
    await page.keyboard.press('Escape');
  }
  return false;
}

const LEFT = 'data-e2e-left';

/** Waits until the current screen has rendered its heading (lazy screens show a spinner first). */
export async function screenHeading(page: Page): Promise<string> {
  const heading = page.locator(`main h1:not([${LEFT}])`).first();
  await expect(heading).toBeVisible();
  return (await heading.textContent()) ?? '';
}

/**
 * Clicks a link (or a menu item that is one), waits for its address and for the new screen's own
 * heading (not the previous screen's, which may stay while the next one loads), and returns it.
 */
export async function openLink(page: Page, target: Locator): Promise<string> {
  // A link may carry a query (the dashboard's unmapped-lines link does): compare paths only.
  const href = new URL((await target.getAttribute('href')) ?? '', page.url()).pathname;
  if (new URL(page.url()).pathname !== href) {
    await page.evaluate((mark) => {
      document.querySelectorAll('main h1').forEach((h) => h.setAttribute(mark, ''));
    }, LEFT);
  }
  await target.click();
  // Its own limit, so a link that leads elsewhere fails in seconds, not at the test timeout.
  await page.waitForURL((url) => url.pathname === href, { timeout: 15_000 });
  return screenHeading(page);
}

/**
 * Waits until the data grid named `name` shows its rows: its first cell drawn and its loading
 * overlay gone. While AG Grid loads it takes its header out of the tab order, so a grid wider than
 * a phone scrolls sideways with nothing in it to focus yet (axe: scrollable-region-focusable); an
 * axe scan waits for this first.
 */
export async function gridRowsShown(page: Page, name: string): Promise<void> {
  const grid = page.getByRole('grid', { name });
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  await expect(
    page.locator('.data-grid').filter({ has: grid }).locator('.ag-overlay-loading-center'),
  ).toBeHidden();
}

interface Clipped {
  text: string;
  problem: string;
}

/**
 * Every element showing money (its own text has '$' and a digit) whose text does not fit: wider
 * than its box (clipped, or spilling over a neighbour), or out of the box of an ancestor that hides
 * overflow. Money inside a scrolling region (a wide table) is reachable by scrolling and only has
 * to fit its own cell.
 */
export async function clippedMoney(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const found: { text: string; problem: string }[] = [];
    const main = document.querySelector('main')!;
    for (const el of main.querySelectorAll<HTMLElement>('*')) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility()) {
        continue;
      }
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('');
      if (!/\$\s*-?\d/.test(own)) {
        continue;
      }
      const text = el.textContent!.trim();
      // An inline element has no box of its own to overflow: measure the block it sits in.
      let box: HTMLElement = el;
      while (getComputedStyle(box).display === 'inline' && box.parentElement) {
        box = box.parentElement;
      }
      if (box.scrollWidth > box.clientWidth + 1) {
        found.push({ text, problem: `text ${box.scrollWidth}px wide in a ${box.clientWidth}px box` });
        continue;
      }
      const rect = el.getBoundingClientRect();
      for (let up = box.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') {
          break;
        }
        if (overflow === 'hidden' || overflow === 'clip') {
          const outer = up.getBoundingClientRect();
          if (rect.left < outer.left - 1 || rect.right > outer.right + 1) {
            found.push({ text, problem: `cut by ${up.className || up.tagName}` });
          }
          break;
        }
      }
      if (rect.right > window.innerWidth + 1 && !box.closest('.table-wrap, .ag-root')) {
        found.push({ text, problem: `runs ${Math.round(rect.right - window.innerWidth)}px off the screen` });
      }
    }
    return found;
  });
}

/** How far the page is wider than the window (0 or less: nothing runs off to the side). */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
