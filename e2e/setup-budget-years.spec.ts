import { expect, test, type Locator, type Page } from '@playwright/test';
import { fiscalYearFromDate } from '@shared/schemas/fiscal-year';
import {
  ADMIN,
  apiCall,
  axeViolations,
  FINANCE,
  navigate,
  pageOverflow,
  saveScreen,
  signIn,
} from './helpers';
import { chooseOption } from './select';

// Admin > Setup's list of budget years: a budget year made by mistake is edited (name, last year)
// or, while it holds nothing, deleted; a year holding anything says what it holds beside a
// disabled Delete. Budget year FY31, planning FY2031 and then FY2031-FY2032, is this spec's own: no
// other spec makes a budget year there or sets a town goal for FY2031 (dashboard.spec's goals are
// FY2029-FY2030, town-goals-cents.spec's FY2032-FY2033, empty-year.spec's FY2034, the imports'
// version FY2028). The FY2031 goal shows a town goal is the district's, not a budget year's: the
// delete leaves it. Both are removed before and after, so a retry or a later spec starts clean.

const LABEL = 'FY31';
const FIRST = 2031;
const LAST = 2032;
// How the list and its dialogs name them: every screen writes a year FY31 (fiscalYearLabel).
const FIRST_WORDS = 'FY31';
const LAST_WORDS = 'FY32';
const GOAL_YEAR = 2031;
const GOAL = 51_234_567;
const NAME = 'Setup spec year';

interface SetupYear {
  id: number;
  fiscalYear: string;
  name: string | null;
  currentFiscalYear: number;
  fiscalYears: number[];
  cannotDelete: string | null;
}

const setupYears = async (page: Page): Promise<SetupYear[]> =>
  (await apiCall(page, 'GET', '/setup')).budgetYears;

const ours = async (page: Page) => (await setupYears(page)).find((y) => y.fiscalYear === LABEL);

/** The fiscal years whose one home is budget year `id` (GET /budget-years' homes). */
async function homesOf(page: Page, id: number): Promise<number[]> {
  const { homes } = await apiCall(page, 'GET', '/budget-years');
  return homes
    .filter((h: { budgetYearId: number }) => h.budgetYearId === id)
    .map((h: { fiscalYear: number }) => h.fiscalYear)
    .sort();
}

const goalsOf = async (page: Page) =>
  (await apiCall(page, 'GET', '/town-goals')).goals.filter(
    (g: { fiscalYear: number }) => g.fiscalYear === GOAL_YEAR,
  );

/** Removes this spec's budget year and goal, left by an earlier failed attempt or run (ADMIN). */
async function clean(page: Page): Promise<void> {
  const year = await ours(page);
  if (year) {
    await apiCall(page, 'DELETE', `/budget-years/${year.id}`);
  }
  for (const goal of await goalsOf(page)) {
    await apiCall(page, 'DELETE', `/town-goals/${goal.id}`);
  }
}

/**
 * The budget year the create form should offer: the one after the last fiscal year any budget year
 * plans or is named for, and never this year or earlier (worked out from the server's list).
 */
async function expectedOffer(page: Page): Promise<string> {
  const planned = (await setupYears(page)).flatMap((y) => [
    Number(y.fiscalYear.slice(2)) + 2000,
    ...y.fiscalYears,
  ]);
  const next = Math.max(fiscalYearFromDate(new Date())! + 1, ...planned.map((y) => y + 1));
  return `FY${String(next % 100).padStart(2, '0')}`;
}

const yearStep = (page: Page) => page.getByRole('region', { name: '3. Budget year and fiscal years' });
const item = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Budget years' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Edit ${label}`, exact: true }) });

/** Fails when any of `buttons` is not wholly on the screen, or a button's words do not fit it. */
async function expectWhole(page: Page, buttons: Locator[]): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const name = await button.textContent();
    expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(width);
    const fits = await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits, `${name}: its words fit`).toBe(true);
  }
}

test.describe.configure({ mode: 'serial' });

test('ADMIN creates a budget year in Setup, edits its name and last year, and deletes it while empty', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await clean(page);
  try {
    await navigate(page, 'Setup');
    const step = yearStep(page);
    await step.getByLabel('Budget year', { exact: true }).fill(LABEL);
    await step.getByRole('button', { name: 'Create budget year' }).click();
    await expect(
      page.getByText(`Budget year ${LABEL} created, planning ${FIRST_WORDS}`, { exact: true }),
    ).toBeVisible();
    const row = item(page, LABEL);
    await expect(row).toContainText(`Plans ${FIRST_WORDS}, current ${FIRST_WORDS}`);
    const created = (await ours(page))!;
    expect(created).toMatchObject({ fiscalYears: [FIRST], currentFiscalYear: FIRST, cannotDelete: null });
    expect(await homesOf(page, created.id)).toEqual([FIRST]);

    // A span reaching a year another budget year plans is refused under its field; nothing changes.
    await row.getByRole('button', { name: `Edit ${LABEL}` }).click();
    const form = page.getByRole('form', { name: `Edit budget year ${LABEL}` });
    await form.getByLabel('First fiscal year it plans').fill('FY2027');
    await form.getByRole('button', { name: 'Save budget year' }).click();
    await expect(form.getByLabel('First fiscal year it plans')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      form.getByText(
        `FY27 is planned in budget year FY26, its one home: import, stage and plan FY27 there, not in budget year ${LABEL}`,
      ),
    ).toBeVisible();
    expect(await homesOf(page, created.id)).toEqual([FIRST]);

    // Its name and one more year: the list says so, and so does the server.
    await form.getByLabel('First fiscal year it plans').fill(`FY${FIRST}`);
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Last fiscal year it plans').fill(`FY${LAST}`);
    await form.getByRole('button', { name: 'Save budget year' }).click();
    await expect(form).toBeHidden();
    await expect(row).toContainText(`${LABEL} ${NAME}`);
    await expect(row).toContainText(`Plans ${FIRST_WORDS} to ${LAST_WORDS}, current ${FIRST_WORDS}`);
    const edited = (await ours(page))!;
    expect(edited).toMatchObject({
      id: created.id,
      name: NAME,
      fiscalYears: [FIRST, LAST],
      cannotDelete: null,
    });
    expect(await homesOf(page, created.id)).toEqual([FIRST, LAST]);
    // The create form no longer offers FY32, now FY31's year: it follows the list.
    const offer = step.getByLabel('Budget year', { exact: true });
    await expect(offer).toHaveValue(await expectedOffer(page));
    await expect(offer).not.toHaveValue(LAST_WORDS);
    await saveScreen(page, 'setup-budget-years-edited-1440');
    expect(await axeViolations(page)).toEqual([]);

    // The demo FY26 holds lines, positions...: Delete is disabled, with the server's words beside it.
    const fy26 = (await setupYears(page)).find((y) => y.fiscalYear === 'FY26')!;
    expect(fy26.cannotDelete).toMatch(/^FY26 holds .*lines.*: it cannot be deleted$/);
    await expect(item(page, 'FY26').getByText(`${fy26.cannotDelete}.`, { exact: true })).toBeVisible();
    await expect(item(page, 'FY26').getByRole('button', { name: 'Delete FY26' })).toBeDisabled();

    // A town goal for one of its years, and the year chosen in the header, before the delete.
    await apiCall(page, 'POST', '/town-goals', {
      fiscalYear: GOAL_YEAR,
      goalType: 'DOLLAR',
      dollarGoal: GOAL,
    });
    await chooseOption(page, 'Budget year', `${LABEL} · ${NAME}`);

    await row.getByRole('button', { name: `Delete ${LABEL}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete budget year ${LABEL}` });
    await expect(dialog).toContainText(`${LABEL} holds nothing yet.`);
    await expect(dialog).toContainText(`frees ${FIRST_WORDS} to ${LAST_WORDS} for another budget year`);
    await dialog.getByRole('button', { name: 'Delete budget year' }).click();
    await expect(dialog).toBeHidden();
    await expect(item(page, LABEL)).toHaveCount(0);
    expect(await ours(page)).toBeUndefined();
    expect(await homesOf(page, created.id)).toEqual([]);
    await expect(offer).toHaveValue(await expectedOffer(page));
    // The header falls back to the default year, not the one deleted.
    await expect(page.getByRole('combobox', { name: 'Budget year', exact: true })).toHaveText('FY26 Budget');

    // The goal is the district's: the delete left it, and Town Budget Goals still shows it.
    expect(await goalsOf(page)).toMatchObject([{ fiscalYear: GOAL_YEAR, dollarGoal: GOAL }]);
    await navigate(page, 'Town Guidance');
    await expect(page.getByRole('heading', { name: 'Town Budget Goals', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: `FY${String(GOAL_YEAR).slice(2)}` });
    await expect(card.locator('.goal-card__amount')).toHaveText('$51,234,567.00');
    await expect(page.getByRole('region', { name: 'Gap Analysis' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await clean(page);
  }
});

test('at 390 wide the list and the Edit form fit, their buttons whole', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await clean(page);
  try {
    await apiCall(page, 'POST', '/budget-years', { label: LABEL });
    await navigate(page, 'Setup');
    const row = item(page, LABEL);
    await expect(row).toContainText(`Plans ${FIRST_WORDS}, current ${FIRST_WORDS}`);
    await expect(item(page, 'FY26').getByText(/^FY26 holds .*: it cannot be deleted\.$/)).toBeVisible();
    const buttons = (label: string) => [
      item(page, label).getByRole('button', { name: `Edit ${label}` }),
      item(page, label).getByRole('button', { name: `Delete ${label}` }),
    ];
    await expectWhole(page, [...buttons('FY26'), ...buttons(LABEL)]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await row.scrollIntoViewIfNeeded();
    await saveScreen(page, 'setup-budget-years-list-390');

    await row.getByRole('button', { name: `Edit ${LABEL}` }).click();
    const form = page.getByRole('form', { name: `Edit budget year ${LABEL}` });
    const fields = ['Name', 'Notes', 'First fiscal year it plans', 'Last fiscal year it plans'];
    for (const label of fields) {
      await expectWhole(page, [form.getByLabel(label, { exact: true })]);
    }
    await expectWhole(page, [
      form.getByRole('button', { name: 'Cancel' }),
      form.getByRole('button', { name: 'Save budget year' }),
    ]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, 'setup-budget-years-edit-390');
    expect(await axeViolations(page)).toEqual([]);

    // Usable, not only drawn: a save from the phone reaches the server.
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByRole('button', { name: 'Save budget year' }).click();
    await expect(form).toBeHidden();
    await expect(row).toContainText(NAME);
    expect((await ours(page))!.name).toBe(NAME);
  } finally {
    await clean(page);
  }
});

test('FINANCE has no Setup in the menu, and the server refuses its edit and delete', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await expect(navigate(page, 'Setup')).rejects.toThrow('is not in the navigation');
  const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
  const fy27 = budgetYears.find((y: { fiscalYear: string }) => y.fiscalYear === 'FY27');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const edit = await page.request.patch(`/api/budget-years/${fy27.id}`, {
    headers,
    data: { name: 'Renamed' },
  });
  expect(edit.status()).toBe(403);
  const remove = await page.request.delete(`/api/budget-years/${fy27.id}`, { headers });
  expect(remove.status()).toBe(403);
  const after = (await apiCall(page, 'GET', '/budget-years')).budgetYears;
  expect(after.find((y: { id: number }) => y.id === fy27.id)).toEqual(fy27);
});
