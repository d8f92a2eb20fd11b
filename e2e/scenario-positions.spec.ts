import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { centsOf } from '@shared/money';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  FINANCE,
  navigate,
  saveScreen,
  signIn,
} from './helpers';
import { amount, teachersSchedule, workGroupId } from './teachers-schedule';
import { chooseOption } from './select';
import { summaryCard } from './scenario-summary';

// Cuts by position in the Scenario Builder. FINANCE and ADMIN reach the
// builder through the navigation bar, choose FY27 (the demo FY26 budget's year whose salary lines
// follow the positions), cut 2 FTE of a group with several positions, and see the savings and the
// Total Cuts card move by exactly that amount; then remove one cut, add a vacant position, and
// meet a refusal (more FTE than the group has) in the dialog. Figures are read from the page and
// recomputed here in integer cents. Each run deletes its scenario: nothing touches the roster.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);
const FY = 2027;

/** '$1,234.56' (or '-$1,234.56') in cents. */
function centsIn(text: string): bigint {
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec(text);
  expect(match, `money in '${text}'`).not.toBeNull();
  const [, sign, dollars, cents] = match!;
  const value = BigInt(dollars.replace(/,/g, '')) * 100n + BigInt(cents);
  return sign ? -value : value;
}
const money = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cardCents = async (page: Page, label: string) => centsIn(await summaryCard(page, label).innerText());

/** The totals' figure named label ('Savings', 'Net'...) in cents. */
async function total(panel: Locator, label: string): Promise<bigint> {
  const text = await panel
    .locator('.positions__totals div')
    .filter({ hasText: new RegExp(`^${label}`) })
    .locator('dd')
    .innerText();
  return centsIn(text);
}

/** Each change row's 'Saves $X' / 'Costs $X' in cents (cuts positive, adds negative). */
async function rowAmounts(panel: Locator): Promise<bigint[]> {
  const cells = await panel.locator('tbody tr td[data-label="Saves / costs"]').allInnerTexts();
  return cells.map((t) => (t.startsWith('Costs') ? -centsIn(t) : centsIn(t)));
}

interface Group {
  title: string;
  building: { id: number; name: string } | null;
  positionCount: number;
  fte: number;
  vacantFte: number;
  cutFte: number;
}

async function positionsFlow(page: Page, who: typeof FINANCE, size: string) {
  test.setTimeout(180_000);
  const errors: string[] = [];
  // The refusal below is a 400 the browser logs; any other console error fails the test.
  page.on('console', (m) =>
    m.type() === 'error' && !/status of 400/.test(m.text()) ? errors.push(m.text()) : undefined,
  );
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, who);
  await navigate(page, 'Scenario Builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Scenario Builder' })).toBeVisible();
  const byId = await budgetYearId(page, 'FY26');
  // The demo district has no salary schedule: an added vacancy is priced on the Teachers' one.
  await teachersSchedule(page, await workGroupId(page, 'Teachers'));
  const name = `Positions ${size} ${who === ADMIN ? 'admin' : 'finance'} ${RUN}`;
  const { scenario } = await apiCall(page, 'POST', '/scenarios/cuts', {
    budgetYearId: byId,
    fiscalYear: FY,
    name,
  });
  try {
    // The new scenario's lines are held back a moment: until they come, the cards must wait rather
    // than show the figures of the scenario on screen before it (another fiscal year's).
    await expect(summaryCard(page, 'Original Total')).toHaveText(/^\$/);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/scenarios\/baseline\?/, async (route) => {
      if (new URL(route.request().url()).searchParams.get('scenarioId') === String(scenario.id)) {
        await held;
      }
      await route.continue();
    });
    await chooseOption(page, 'Fiscal year', /^FY27/);
    await chooseOption(page, 'Scenario', name);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(summaryCard(page, 'Adjusted Total')).toHaveText('…');
    await expect(summaryCard(page, 'Total Cuts')).toHaveText('…');
    release();
    const panel = page.getByRole('region', { name: 'Positions' });
    await expect(panel.getByRole('button', { name: 'Cut positions' })).toBeVisible();
    await expect(summaryCard(page, 'Total Cuts')).toHaveText('$0.00');
    const cutsBefore = await cardCents(page, 'Total Cuts');
    const adjustedBefore = await cardCents(page, 'Adjusted Total');

    // A group of whole positions, several of them, to cut 2 FTE from.
    const { groups } = (await apiCall(page, 'GET', `/scenarios/cuts/${scenario.id}/position-groups`)) as {
      groups: Group[];
    };
    const group = groups.find((g) => g.positionCount >= 3 && g.fte === g.positionCount && g.cutFte === 0);
    expect(group, 'a group of 3 or more whole positions').toBeTruthy();
    const where = group!.building?.name ?? 'District Wide';

    await panel.getByRole('button', { name: 'Cut positions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cut positions' });
    await dialog.getByLabel('Find a group').fill(group!.title);
    const radio = dialog.getByRole('radio', {
      name: new RegExp(`^${escape(group!.title)} at ${escape(where)}`),
    });
    await radio.check();
    // A refusal first: more FTE than the group has, said in the dialog.
    await dialog.getByLabel('FTE to cut').fill(String(group!.fte + 1));
    await expect(dialog.getByRole('alert')).toContainText(/FTE/);
    await saveScreen(page, `scenario-positions-refusal-${size}`);
    await dialog.getByRole('button', { name: 'Cut', exact: true }).click();
    await expect(dialog.getByRole('alert').first()).toBeVisible();
    // Then 2 FTE: the dry run names the 2 positions and what they save.
    await dialog.getByLabel('FTE to cut').fill('2');
    await dialog.getByLabel('Reason').fill('Enrollment down');
    const preview = dialog.getByRole('status', { name: 'What the cut would do' });
    await expect(preview).toContainText('Would cut 2 positions, saving $');
    const previewSaving = centsIn((await preview.locator('strong').innerText()).split('saving')[1]);
    expect(await preview.locator('li').count()).toBe(2);
    const each = (await preview.locator('li').allInnerTexts()).map((t) => centsIn(t.split('saves')[1]));
    expect(each.reduce((a, b) => a + b, 0n)).toBe(previewSaving);
    const inDialog = await axeViolations(page);
    expect(inDialog, JSON.stringify(inDialog, null, 2)).toEqual([]);
    await saveScreen(page, `scenario-positions-cut-dialog-${size}`);
    const whys = (await preview.locator('.position-preview__why').allInnerTexts()).map((t) =>
      t.replace(/^Picked: /, ''),
    );
    await dialog.getByRole('button', { name: 'Cut', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // Saved, the list still says why the order took each, as the preview did.
    await expect(panel.locator('td[data-label="Picked"] > span')).toHaveText(whys);

    // The panel lists the 2 cuts; the savings are their sum and the cards moved by exactly that.
    await expect(panel.locator('tbody tr')).toHaveCount(2);
    const amounts = await rowAmounts(panel);
    expect(amounts.reduce((a, b) => a + b, 0n)).toBe(previewSaving);
    expect(await total(panel, 'Savings')).toBe(previewSaving);
    await expect(summaryCard(page, 'Total Cuts')).toHaveText(money(cutsBefore + previewSaving));
    await expect(summaryCard(page, 'Adjusted Total')).toHaveText(money(adjustedBefore - previewSaving));
    await saveScreen(page, `scenario-positions-cut-${size}`);

    // Remove one: the other's saving is what is left.
    const firstRow = panel.locator('tbody tr').first();
    const removed = amounts[0];
    await firstRow.getByRole('button', { name: /^Remove cut of / }).click();
    await expect(panel.locator('tbody tr')).toHaveCount(1);
    expect(await total(panel, 'Savings')).toBe(previewSaving - removed);
    await expect(summaryCard(page, 'Total Cuts')).toHaveText(money(cutsBefore + previewSaving - removed));

    // Add a vacant position: its cost comes off the savings (net) and off the cards' total cuts.
    await panel.getByRole('button', { name: 'Add position' }).click();
    const add = page.getByRole('dialog', { name: 'Add position' });
    await add.getByLabel('Title').fill(`Reading Specialist ${RUN}`);
    await add.getByRole('combobox', { name: 'Budget category' }).click();
    await page.getByRole('option', { name: 'Teachers', exact: true }).click();
    // A vacancy is priced on its work group's schedule.
    await add.getByRole('combobox', { name: 'Work group' }).click();
    await page.getByRole('option', { name: 'Teachers', exact: true }).click();
    await add.getByLabel('Step (optional)').fill('4');
    await add.getByLabel('Lane (optional)').fill('Masters');
    await add.getByLabel('Reason').fill('New program');
    const inAdd = await axeViolations(page);
    expect(inAdd, JSON.stringify(inAdd, null, 2)).toEqual([]);
    await saveScreen(page, `scenario-positions-add-dialog-${size}`);
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toHaveCount(0);
    await expect(panel.locator('tbody tr')).toHaveCount(2);
    const [kept, addedCost] = await rowAmounts(panel).then((a) => [a[0], -a[1]]);
    expect(kept).toBe(previewSaving - removed);
    // 1 FTE at step 4, Masters: the schedule's FY27 cell (the year the roster's cost budgets).
    expect(addedCost).toBe(centsOf(amount('FY27', 4, 'Masters')));
    expect(await total(panel, 'Added cost')).toBe(addedCost);
    expect(await total(panel, 'Net')).toBe(kept - addedCost);
    await expect(summaryCard(page, 'Total Cuts')).toHaveText(money(cutsBefore + kept - addedCost));
    await expect(summaryCard(page, 'Adjusted Total')).toHaveText(money(adjustedBefore - kept + addedCost));
    // The server agrees with the page.
    const server = await apiCall(page, 'GET', `/scenarios/cuts/${scenario.id}/positions`);
    expect(centsOf(server.totals.net)).toBe(kept - addedCost);
    if (size === 'desktop') {
      await handedOver(page, panel, kept - addedCost);
    }

    // Personnel lines are cut by position here: their percent controls are read-only and say so.
    const personnel = page.locator('.pct-cell[title*="cut them by position"]').first();
    await expect(personnel).toBeVisible();
    await expect(personnel.locator('input[type="range"]')).toBeDisabled();

    await saveScreen(page, `scenario-positions-done-${size}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await apiCall(page, 'DELETE', `/scenarios/cuts/${scenario.id}`);
  }
}

/**
 * The workbook and the printed page give the cards' figures: the cuts by position come off the
 * lines' total there as on screen (the workbook's Summary read from its cached results, which its
 * formulas over the Lines and Positions sheets give; workbook.test evaluates them).
 */
async function handedOver(page: Page, panel: Locator, net: bigint) {
  // Why the order picked the cut that is left, as the list says it; the add was made by hand.
  const why = await panel.locator('td[data-label="Picked"] > span').first().innerText();
  expect(why).not.toBe('');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const summary = book.getWorksheet('Summary')!;
  const result = (address: string) =>
    centsOf((summary.getCell(address).value as { result?: number }).result ?? 0);
  expect(summary.getCell('A9').value).toBe('Cuts and adds by position');
  expect(result('B9')).toBe(net);
  const adjusted = await summaryCard(page, 'Adjusted Total').innerText();
  expect(money(result('B8'))).toBe(adjusted);
  expect(money(result('B7'))).toBe(await summaryCard(page, 'Total Cuts').innerText());
  const sheet = book.getWorksheet('Positions')!;
  expect(sheet.getCell('A3').value).toBe('Add');
  // Its Picked column says why the cut was picked, in the list's words; blank for the add.
  expect([sheet.getCell('K1').value, sheet.getCell('L1').value]).toEqual(['Picked', 'Warning']);
  expect(sheet.getCell('K2').value).toBe(why);
  expect(sheet.getCell('K3').value).toBeNull();

  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: 'Print summary' }).click();
  const printed = page.locator('.scenario-print');
  await page.emulateMedia({ media: 'print' });
  await expect(printed.getByRole('row', { name: /^Cuts and adds by position/ }).first()).toContainText(
    money(net),
  );
  await expect(printed.getByRole('heading', { name: 'Cuts and adds by position' })).toBeVisible();
  const byPosition = printed.locator('h2:text-is("Cuts and adds by position") + table');
  await expect(byPosition.getByRole('columnheader').last()).toHaveText('Picked');
  await expect(byPosition.locator('tbody tr').first().locator('td').last()).toContainText(why);
  await expect(byPosition.locator('tbody tr').nth(1).locator('td').last()).toHaveText('');
  await expect(printed.locator('tfoot')).toContainText(adjusted);
  await saveScreen(page, 'scenario-positions-print');
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(printed).toHaveCount(0);
}

for (const [size, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const) {
  test.describe(`Cuts by position at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });
    test('FINANCE cuts 2 FTE, removes one, adds a position; the cards follow', async ({ page }) => {
      await positionsFlow(page, FINANCE, size);
    });
    test('ADMIN does the same', async ({ page }) => {
      await positionsFlow(page, ADMIN, size);
    });
  });
}

test('FINANCE sets and removes an FTE floor on a personnel category in the Floors dialog', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await navigate(page, 'Scenario Builder');
  const byId = await budgetYearId(page, 'FY26');
  // The Floors button is a scenario's (floors themselves belong to the budget year).
  const name = `FTE floor ${RUN}`;
  const { scenario } = await apiCall(page, 'POST', '/scenarios/cuts', {
    budgetYearId: byId,
    fiscalYear: FY,
    name,
  });
  await chooseOption(page, 'Fiscal year', /^FY27/);
  await chooseOption(page, 'Scenario', name);
  await page.getByRole('button', { name: 'Floors...' }).click();
  const floors = page.getByRole('dialog', { name: 'Floors' });
  await chooseOption(page, 'Personnel category', 'Teachers');
  await floors.getByLabel('Min FTE').fill('12.5');
  await floors.getByLabel('Reason').nth(1).fill(`Class size ${RUN}`);
  await floors.getByRole('button', { name: 'Save FTE Floor' }).click();
  const row = floors.getByRole('row').filter({ hasText: `Class size ${RUN}` });
  // Only an FTE floor: no floor on dollars.
  await expect(row.getByRole('cell')).toHaveText([
    `Category: TeachersClass size ${RUN}`,
    '—',
    '12.5',
    'Remove',
  ]);
  const violations = await axeViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  await saveScreen(page, 'scenario-positions-fte-floor');
  await row.getByRole('button', { name: 'Remove floor of Category: Teachers' }).click();
  await expect(row).toHaveCount(0);
  const { floors: left } = await apiCall(page, 'GET', `/scenarios/floors?budgetYearId=${byId}`);
  expect(left.filter((f: { minFte: number | null }) => f.minFte !== null)).toEqual([]);
  await apiCall(page, 'DELETE', `/scenarios/cuts/${scenario.id}`);
});
