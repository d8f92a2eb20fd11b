import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { decodeBaseline } from '@shared/schemas/scenario-line-rows';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, signIn } from './helpers';
import { chooseOption } from './select';
import { summaryCard } from './scenario-summary';

// Scenario Builder as a finance user, reached through the navigation, at a desktop and a phone
// size. Each run creates its own scenarios (named after the run and the size) and removes the
// floor it sets, so the two sizes do not see each other's cuts. Expected figures are worked out
// here from the lines the API returns, in BigInt cents (amount x percent / 100, halves away from 0).

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

interface Line {
  id: number;
  accountDesc: string | null;
  categoryId: number | null;
  category: { name: string } | null;
  fy26ProposedV3: number;
  percentKept: number;
  floorPercent: number;
  generalFund: boolean;
}

const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const kept = (amount: bigint, percent: number) => {
  const scaled = amount * BigInt(Math.round(percent * 100));
  return scaled / 10000n + ((scaled % 10000n) * 2n >= 10000n ? 1n : 0n);
};
const money = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * The scenario summary (totals, goal, cuts, gap), from the lines and the percents kept. The gap is
 * the general fund's lines against the goal: the town's goal pays that fund alone.
 */
function expected(lines: Line[], percents: Map<number, number>, goal: bigint) {
  let original = 0n;
  let adjusted = 0n;
  let general = 0n;
  for (const l of lines) {
    const keptCents = kept(cents(l.fy26ProposedV3), percents.get(l.id) ?? 100);
    original += cents(l.fy26ProposedV3);
    adjusted += keptCents;
    general += l.generalFund ? keptCents : 0n;
  }
  const gap = general - goal;
  return {
    totalCuts: money(original - adjusted),
    adjustedTotal: money(adjusted),
    gap:
      gap > 0n
        ? `Over goal by ${money(gap)}`
        : gap < 0n
          ? `Under goal by ${money(-gap)}`
          : 'On the goal exactly',
    meetsGoal: gap <= 0n ? 'Yes' : 'No',
    itemsModified: String([...percents.values()].filter((p) => p < 100).length),
  };
}

async function expectCards(page: Page, want: ReturnType<typeof expected>) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(summaryCard(page, 'Total Cuts')).toHaveText(want.totalCuts);
  await expect(summaryCard(page, 'Adjusted Total')).toHaveText(want.adjustedTotal);
  await expect(summaryCard(page, 'Gap')).toHaveText(want.gap);
  await expect(summaryCard(page, 'Meets Goal')).toHaveText(want.meetsGoal);
  await expect(summaryCard(page, 'Items Modified')).toHaveText(want.itemsModified);
}

/** Searches for one line's (unique) description, or clears the search, and waits for the grid to follow. */
async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page.getByText(text ? /^1 of \d+ lines/ : /^(\d+) of \1 lines/)).toBeVisible();
}

const slider = (page: Page, l: Line) => page.getByRole('slider', { name: `Percent kept: ${l.accountDesc}` });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/scenario-${name}.png`, fullPage: true });
}

/** Signs in, waits for the dashboard, and opens the Scenario Builder through the navigation. */
async function open(page: Page) {
  await signIn(page, FINANCE, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Dashboard' })).toBeVisible();
  await navigate(page, 'Scenario Builder');
  // Retried until the new screen's heading shows (the screen left may still draw its own).
  await expect(
    page.getByRole('heading', { level: 1, name: 'Budget Scenario Builder', exact: true }),
  ).toBeVisible();
}

/**
 * The largest category (for the quick cut), another one (for the floor) and three lines of neither
 * whose descriptions no other line's contains (for the slider, the keyboard and a typed percent).
 */
function choose(lines: Line[]) {
  const byCategory = new Map<number, Line[]>();
  for (const l of lines.filter((x) => x.categoryId !== null)) {
    byCategory.set(l.categoryId!, [...(byCategory.get(l.categoryId!) ?? []), l]);
  }
  const total = (ls: Line[]) => ls.reduce((s, l) => s + cents(l.fy26ProposedV3), 0n);
  const categories = [...byCategory.entries()].sort((a, b) => Number(total(b[1]) - total(a[1])));
  const [cutCategory, cutLines] = categories[0];
  const [floorCategory, floorLines] = categories.find(([id, ls]) => id !== cutCategory && ls.length >= 2)!;
  const picks = lines
    // The search matches within descriptions: a grant's line reads '<the same> (Title I ...)'.
    .filter((l) => l.accountDesc && lines.filter((m) => m.accountDesc?.includes(l.accountDesc!)).length === 1)
    .filter((l) => l.categoryId !== cutCategory && l.categoryId !== floorCategory)
    .slice(0, 3);
  expect(picks).toHaveLength(3);
  return { cutLines, floorCategory, floorLines, picks };
}

async function scenarioFlow(page: Page, size: string) {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page);
  const byId = await budgetYearId(page, 'FY26');
  const base = decodeBaseline(
    await apiCall(page, 'GET', `/scenarios/baseline?budgetYearId=${byId}&fiscalYear=2026&format=rows`),
  );
  const lines: Line[] = base.lines;
  const goal = cents(base.summary.townGoal);
  expect(lines.length).toBeGreaterThan(20);
  expect(base.summary.meetsGoal).toBe(false);
  await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toHaveText(/FY26/);
  await expect(summaryCard(page, 'Original Total')).toHaveText(money(cents(base.summary.originalTotal)));

  // New Scenario: the name is required.
  const name = `E2E ${size} ${RUN}`;
  await page.getByRole('button', { name: 'New Scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Scenario' });
  await dialog.getByRole('button', { name: 'Create Scenario' }).click();
  await expect(dialog.getByText('Scenario name cannot be empty')).toBeVisible();
  await shot(page, `new-${size}`);
  await dialog.getByLabel('Scenario name').fill(name);
  await dialog.getByRole('button', { name: 'Create Scenario' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page).toHaveURL(/scenario=\d+/);
  const scenarioId = Number(new URL(page.url()).searchParams.get('scenario'));

  const { cutLines, floorCategory, floorLines, picks } = choose(lines);
  const percents = new Map<number, number>();

  // 1. Drag a slider with the mouse from 100% to about a half.
  await searchFor(page, picks[0].accountDesc!);
  const drag = slider(page, picks[0]);
  // The whole slider in view (on a phone the grid scrolls sideways to it), settled before the drag.
  await drag.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await expect(drag).toBeInViewport({ ratio: 1 });
  const box = (await drag.boundingBox())!;
  const y = box.y + box.height / 2;
  await drag.hover({ position: { x: box.width - 6, y: box.height / 2 } });
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(box.x + box.width - 6 - (step * (box.width / 2)) / 8, y);
  }
  await page.mouse.up();
  const dragged = Number(await drag.inputValue());
  expect(dragged).toBeGreaterThan(30);
  expect(dragged).toBeLessThan(70);
  percents.set(picks[0].id, dragged);
  await expect(page.locator('.scenario-desc__tag')).toHaveText('Cut');
  await expectCards(page, expected(lines, percents, goal));
  await shot(page, `dragged-${size}`);

  // 2. The keyboard: ArrowLeft three times, then PageDown.
  await searchFor(page, picks[1].accountDesc!);
  const keys = slider(page, picks[1]);
  // As a keyboard user does: a cell of the row, ArrowLeft to the percent, Enter into the slider
  // (again if the grid was still redrawing the row just filtered).
  await expect(keys).toBeVisible();
  await expect(async () => {
    await page.locator('[role="gridcell"][col-id="adjustedAmount"]').first().click();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('[role="gridcell"][col-id="percentKept"]').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(keys).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await keys.press('ArrowLeft');
  await keys.press('ArrowLeft');
  await keys.press('ArrowLeft');
  await expect(keys).toHaveValue('97');
  await keys.press('PageDown');
  const paged = Number(await keys.inputValue());
  expect(paged).toBeLessThan(97);
  percents.set(picks[1].id, paged);
  await expectCards(page, expected(lines, percents, goal));

  // 3. A typed percent.
  await searchFor(page, picks[2].accountDesc!);
  const typed = page.getByRole('textbox', { name: `Percent kept (type a value): ${picks[2].accountDesc}` });
  await typed.fill('62.5');
  await typed.press('Enter');
  await expect(slider(page, picks[2])).toHaveValue('62.5');
  percents.set(picks[2].id, 62.5);
  await expectCards(page, expected(lines, percents, goal));

  // 4. A quick cut on every line of the largest category (none selected: the lines shown).
  await searchFor(page, '');
  await chooseOption(page, 'Category', cutLines[0].category!.name);
  await expect(
    page.getByText(`Quick cuts to the ${cutLines.length} line${cutLines.length === 1 ? '' : 's'} shown:`),
  ).toBeVisible();
  await page.getByRole('button', { name: '-25%' }).click();
  await expect(page.getByText(`-25%: ${cutLines.length} lines changed`)).toBeVisible();
  cutLines.forEach((l) => percents.set(l.id, 75));
  const afterQuick = expected(lines, percents, goal);
  expect(afterQuick.meetsGoal).toBe('Yes');
  await expectCards(page, afterQuick);
  await shot(page, `quick-cut-${size}`);

  // The server holds the same figures.
  const server = await apiCall(
    page,
    'GET',
    `/scenarios/baseline?budgetYearId=${byId}&scenarioId=${scenarioId}`,
  );
  expect(money(cents(server.summary.totalCuts))).toBe(afterQuick.totalCuts);
  expect(server.summary.meetsGoal).toBe(true);

  // 5. A reload finds the cuts again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(summaryCard(page, 'Total Cuts')).toHaveText(afterQuick.totalCuts);
  await expect(summaryCard(page, 'Gap')).toHaveText(afterQuick.gap);
  await expect(summaryCard(page, 'Meets Goal')).toHaveText('Yes');
  await searchFor(page, picks[0].accountDesc!);
  await expect(slider(page, picks[0])).toHaveValue(String(dragged));
  await searchFor(page, picks[2].accountDesc!);
  await expect(slider(page, picks[2])).toHaveValue('62.5');
  await searchFor(page, '');

  // 6. A floor of 80% on another category holds a Cut All there.
  await page.getByRole('button', { name: 'Floors...' }).click();
  const floors = page.getByRole('dialog', { name: 'Floors' });
  // Floors bind every scenario of the budget year, and the dialog says so.
  await expect(floors).toContainText('each one holds in every scenario of it');
  await chooseOption(page, 'Category', floorLines[0].category!.name);
  await floors.getByLabel('Floor (least % kept)').first().fill('80');
  await floors.getByLabel('Reason').first().fill('Maintenance of effort');
  await floors.getByRole('button', { name: 'Save Floor' }).first().click();
  await expect(
    floors.getByRole('cell', { name: `Category: ${floorLines[0].category!.name} Maintenance of effort` }),
  ).toBeVisible();
  await shot(page, `floors-${size}`);
  await floors.getByRole('button', { name: 'Close' }).click();
  await chooseOption(page, 'Category', floorLines[0].category!.name);
  await page.getByRole('button', { name: 'Cut All (0%)' }).click();
  const notCut = floorLines.reduce((s, l) => s + kept(cents(l.fy26ProposedV3), 80), 0n);
  await expect(
    page.getByText(`${floorLines.length} lines held at their floor; ${money(notCut)} not cut`),
  ).toBeVisible();
  floorLines.forEach((l) => percents.set(l.id, 80));
  await expectCards(page, expected(lines, percents, goal));
  await expect(page.getByText('Floor 80%').first()).toBeVisible();
  await shot(page, `floor-held-${size}`);
  // Closer looks at native resolution: the scenario bar, the cards and the lines.
  for (const [region, file] of [
    ['Scenario', 'bar'],
    ['Scenario summary', 'cards'],
    ['Scenario lines', 'lines'],
  ]) {
    await page
      .getByRole('region', { name: region, exact: true })
      .screenshot({ path: `${SHOTS}/scenario-${file}-${size}.png` });
  }

  // Nothing runs off the side of the page (the grid scrolls inside itself), and nothing went wrong.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  const violations = await axeViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

  await apiCall(page, 'PUT', '/scenarios/floors', {
    budgetYearId: byId,
    floors: [{ categoryId: floorCategory, floorPercent: null }],
  });
}

for (const [size, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const) {
  test.describe(`Scenario Builder at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    test('cuts lines by slider, keyboard, typing and quick cuts; saves, reloads, floors hold', async ({
      page,
    }) => {
      await scenarioFlow(page, size);
    });
  });
}

test.describe('Scenario Builder remembers where you were', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the fiscal year and scenario are in the URL and come back when it is reopened from the menu', async ({
    page,
  }) => {
    await open(page);
    const byId = await budgetYearId(page, 'FY26');
    const name = `Remembered ${RUN}`;
    const { scenario } = await apiCall(page, 'POST', '/scenarios/cuts', {
      budgetYearId: byId,
      fiscalYear: 2027,
      name,
    });
    try {
      await chooseOption(page, 'Fiscal year', /^FY27/);
      await chooseOption(page, 'Scenario', name);
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/scenario\\?fy=2027&scenario=${scenario.id}$`));
      // Away through the menu and back: the same year and scenario, not FY26 with none.
      await navigate(page, 'Dashboard');
      await navigate(page, 'Scenario Builder');
      await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toHaveText(/FY27/);
      await expect(page.getByRole('combobox', { name: 'Scenario', exact: true })).toHaveText(name);
      await expect(page).toHaveURL(new RegExp(`fy=2027&scenario=${scenario.id}$`));
      // The URL alone opens it too (a link, a reload).
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    } finally {
      await apiCall(page, 'DELETE', `/scenarios/cuts/${scenario.id}`);
    }
  });
});

test.describe('Scenario Builder by keyboard alone', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Tab is one stop per line, the arrows move the slider or the line, Escape returns to the grid', async ({
    page,
  }) => {
    await open(page);
    const byId = await budgetYearId(page, 'FY26');
    const name = `Keys ${RUN}`;
    const { scenario } = await apiCall(page, 'POST', '/scenarios/cuts', { budgetYearId: byId, name });
    try {
      await page.reload();
      await chooseOption(page, 'Scenario', name);
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      /** Which line's control has focus: its row and what it is. */
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return {
            row: Number(el?.closest('.ag-row')?.getAttribute('row-index') ?? -1),
            what: el?.classList.contains('pct-slider__input')
              ? 'slider'
              : el?.tagName === 'INPUT'
                ? 'input'
                : 'cell',
            value: el?.value ?? null,
          };
        });
      // Into the grid at the first line's description, then Tab: straight to its slider.
      await page.locator('.ag-row[row-index="0"] [col-id="accountDesc"]').click();
      await page.keyboard.press('Tab');
      await expect.poll(focused).toMatchObject({ row: 0, what: 'slider', value: '100' });
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(focused).toMatchObject({ row: 0, what: 'slider', value: '98' });
      // One Tab per line, not one per cell.
      await page.keyboard.press('Tab');
      await expect.poll(focused).toMatchObject({ row: 1, what: 'slider' });
      await page.keyboard.press('Tab');
      await expect.poll(focused).toMatchObject({ row: 2, what: 'slider' });
      await page.keyboard.press('Shift+Tab');
      await expect.poll(focused).toMatchObject({ row: 1, what: 'slider' });
      // Down moves to the next line's slider without changing this one.
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toMatchObject({ row: 2, what: 'slider', value: '100' });
      // Escape hands the keys back to the grid; Enter goes back in.
      await page.keyboard.press('Escape');
      await expect.poll(focused).toMatchObject({ row: 2, what: 'cell' });
      await page.keyboard.press('Enter');
      await expect.poll(focused).toMatchObject({ row: 2, what: 'slider' });
      // The first line's cut was kept (and saved).
      await expect(page.locator('.ag-row[row-index="0"] .pct-input')).toHaveValue('98');
    } finally {
      await apiCall(page, 'DELETE', `/scenarios/cuts/${scenario.id}`);
    }
  });
});

test.describe('Scenario Builder hand-over', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('rename, copy, compare, set active, export and print', async ({ page }) => {
    test.setTimeout(180_000);
    await open(page);
    await page.getByRole('button', { name: 'New Scenario' }).click();
    const first = `Hand-over ${RUN}`;
    await page.getByRole('textbox', { name: 'Scenario name' }).fill(first);
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await expect(page.getByRole('heading', { level: 2, name: first })).toBeVisible();

    // The name: empty is refused, Cancel keeps it, Save renames.
    await page.getByRole('button', { name: `Edit name of scenario ${first}` }).click();
    await page.getByRole('textbox', { name: 'Scenario name' }).fill('  ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Scenario name cannot be empty')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 2, name: first })).toBeVisible();
    const renamed = `${first} renamed`;
    await page.getByRole('button', { name: `Edit name of scenario ${first}` }).click();
    await page.getByRole('textbox', { name: 'Scenario name' }).fill(renamed);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();

    await page.getByRole('button', { name: '-50%' }).click();
    await expect(page.getByText(/^-50%: \d+ lines changed$/)).toBeVisible();

    // Copy, then compare the two.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Copy Scenario' })
      .getByRole('button', { name: 'Create Copy' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: `Copy of ${renamed}` })).toBeVisible();
    // 'Reset to MOE' did only what 'Reset (100%)' does, and is gone.
    await expect(page.getByRole('button', { name: 'Reset to MOE' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset (100%)' }).click();
    await expect(page.getByText(/^Reset \(100%\): \d+ lines changed$/)).toBeVisible();
    await expect(summaryCard(page, 'Total Cuts')).toHaveText('$0.00');

    const compare = page.getByRole('region', { name: 'Compare scenarios' });
    await compare.getByRole('checkbox', { name: renamed, exact: true }).check();
    await compare.getByRole('checkbox', { name: `Copy of ${renamed}`, exact: true }).check();
    await expect(compare.getByRole('table')).toBeVisible();
    await expect(compare.getByText('Meets the goal ·')).toBeVisible();
    await expect(compare.getByText('Does not meet the goal ·')).toBeVisible();
    await compare.scrollIntoViewIfNeeded();
    await shot(page, 'compare');
    // On a phone the table scrolls sideways inside its own region; the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await compare.screenshot({ path: `${SHOTS}/scenario-compare-phone.png` });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Set as Active after a confirmation.
    await page.getByRole('button', { name: 'Set as Active' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Set as Active' }).click();
    await expect(page.getByText(`Copy of ${renamed} is now the active scenario`).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveText(`Copy of ${renamed} (active)`);

    // Export: formulas over the lines, the server's figures as results.
    await chooseOption(page, 'Scenario', renamed);
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const lines = workbook.getWorksheet('Lines')!;
    expect((lines.getCell('K2').value as any).formula).toBe('ROUND(I2*J2/100,2)');
    const summary = workbook.getWorksheet('Summary')!;
    expect((summary.getCell('B12').value as any).formula).toBe('B10-B6');
    const totalCuts = (summary.getCell('B7').value as any).result;
    await expect(summaryCard(page, 'Total Cuts')).toHaveText(money(cents(totalCuts)));

    // Print: the one-page summary alone, in print media.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print summary' }).click();
    await expect(page.locator('.scenario-print h1')).toHaveText(`Budget Scenario: ${renamed}`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Budget Scenario Builder' })).toBeHidden();
    // Letter paper less half-inch margins: 7.5 x 10 inches at 96 px per inch.
    await page.setViewportSize({ width: 720, height: 960 });
    await page.screenshot({ path: `${SHOTS}/scenario-print.png`, fullPage: true });
    // On Letter paper it is one page.
    const pdf = (await page.pdf({ path: `${SHOTS}/scenario-print.pdf`, format: 'Letter' })).toString(
      'latin1',
    );
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
  });
});
