import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

// The main grids at a common laptop size: full width, columns sized to their content, the pinned
// Actions column beside the data (never over it), and the user's column choices remembered.
test.use({ viewport: { width: 1440, height: 900 } });

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'element on screen').not.toBeNull();
  return b!;
}

/** The grid's columns settle once its first rows show (sized to their content). */
async function gridReady(page: Page, label: string): Promise<Locator> {
  const grid = page.locator('.data-grid').filter({ has: page.getByRole('grid', { name: label }) });
  await expect(grid.locator('.ag-row').first()).toBeVisible();
  await page.waitForTimeout(300);
  return grid;
}

/**
 * Whether a cell cuts its content: text cut off on the right (an ellipsis: scrollWidth beyond
 * clientWidth), or content running out of the cell on either side (right-aligned figures overflow
 * to the left, which scrollWidth does not count).
 */
async function clipped(cell: Locator): Promise<boolean> {
  return cell.evaluate((el) => {
    const outer = el.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    const inner = range.getBoundingClientRect();
    const cut = [el, ...el.querySelectorAll('*')].some((p) => p.scrollWidth > p.clientWidth + 1);
    return cut || inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
  });
}

/**
 * The column's header and its cells in the rows on screen lie wholly inside the grid, right of the
 * pinned-left columns and left of the pinned Actions column, and show their whole text.
 */
async function expectColumnInView(grid: Locator, colId: string): Promise<void> {
  const header = grid.locator(`.ag-header-cell[col-id="${colId}"]`);
  const actions = grid.locator('.ag-header-cell[col-id="actions"]');
  // A column right of the window is scrolled to, as a person would: the grid scrolls sideways
  // beside its pinned columns; once there it must show whole, not under the Actions column.
  const past = (await box(header)).x + (await box(header)).width - (await box(actions)).x;
  if (past > 0) {
    await grid.locator('.ag-body-horizontal-scroll-viewport').evaluate((el, by) => {
      el.scrollLeft += by + 16;
      el.dispatchEvent(new Event('scroll'));
    }, past);
    await grid.page().waitForTimeout(300);
  }
  const gridBox = await box(grid);
  const h = await box(header);
  const a = await box(actions);
  expect(h.x).toBeGreaterThanOrEqual(gridBox.x);
  expect(h.x + h.width, `${colId} ends before the pinned Actions column`).toBeLessThanOrEqual(a.x + 0.5);
  const cells = grid.locator(`.ag-row [col-id="${colId}"]`);
  const count = Math.min(await cells.count(), 8);
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const c = await box(cells.nth(i));
    expect(c.x + c.width).toBeLessThanOrEqual(a.x + 0.5);
    expect(await clipped(cells.nth(i)), `${colId} cell ${i} shows its whole text`).toBe(false);
  }
}

test('Employee Budget Manager: full width, Next Year Salary beside the pinned Actions, not under it', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ADMIN);
  await navigate(page, 'Employee Manager');
  const grid = await gridReady(page, 'Employees');
  const g = await box(grid);
  // The page used to stop at 1280 px, leaving ~130 px empty on each side.
  expect(g.width).toBeGreaterThan(1440 - 110);
  await expectColumnInView(grid, 'nextYearSalary');
  await expectColumnInView(grid, 'currentSalary');
  // The 'Auto' badge beside a next-year salary, a long work group and the hire date show whole.
  await expectColumnInView(grid, 'workGroup');
  await expectColumnInView(grid, 'hireDate');
  await grid.scrollIntoViewIfNeeded();
  await saveScreen(page, 'grid-columns-employees-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await saveScreen(page, 'grid-columns-employees-390');
});

test('Import History shows Current Salary in full, the largest figure too', async ({ page }) => {
  await signIn(page, ADMIN);
  // Sorted last by name, so its row is far below the rows on screen when the columns are sized.
  const budgetYear = await budgetYearId(page, 'FY26');
  await apiCall(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId: budgetYear,
    fiscalYear: 2026,
    firstName: 'Max',
    lastName: `Zzz${RUN}`,
    position: 'Superintendent',
    currentSalary: 123456789.01,
    nextYearSalary: 987654321.09,
    currentFTE: 1,
    employeeStatus: 'Active',
  });
  await navigate(page, 'Import History');
  const grid = await gridReady(page, 'Imported records');
  await expectColumnInView(grid, 'currentSalary');
  await expectColumnInView(grid, 'nextYearSalary');
  await expectColumnInView(grid, 'hireDate');
  await grid.scrollIntoViewIfNeeded();
  await saveScreen(page, 'grid-columns-import-history-1440');

  // The largest figures, scrolled to, are not cut either.
  await grid
    .locator('.ag-body-viewport, .ag-grid-viewport')
    .first()
    .evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
  const last = grid.locator('.ag-row').filter({ hasText: `Zzz${RUN}` });
  await expect(last.locator('[col-id="nextYearSalary"]')).toContainText('$987,654,321.09');
  await expect(last.locator('[col-id="currentSalary"]')).toHaveText('$123,456,789.01');
  for (const colId of ['currentSalary', 'nextYearSalary']) {
    expect(await clipped(last.locator(`[col-id="${colId}"]`)), `${colId} of the largest row in full`).toBe(
      false,
    );
  }
});

test('Proposed Budget Manager shows Account Line in full', async ({ page }) => {
  await signIn(page, ADMIN);
  // The fund names and the over-award flag answering after the grid sized its columns must not
  // leave columns at their set widths: a loaded CI machine clipped Account Line twice.
  const late = (path: string) =>
    page.route(
      (url) => url.pathname === path,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      },
    );
  await late('/api/funds');
  await late('/api/funds/over-award');
  const answered = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path);
  const report = Promise.all([answered('/api/funds'), answered('/api/funds/over-award')]);
  await navigate(page, 'Proposed Budget');
  const grid = await gridReady(page, 'Proposed lines');
  await report;
  await page.waitForTimeout(300);
  await expectColumnInView(grid, 'accountLine');
  await expectColumnInView(grid, 'amount');
  await grid.scrollIntoViewIfNeeded();
  await saveScreen(page, 'grid-columns-proposed-1440');
});

/** Whether the Position column sits with the pinned-left columns (AG Grid 36's .ag-grid-pinned-left-cells). */
async function positionPinnedLeft(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Boolean(
      document.querySelector('.ag-header-cell[col-id="position"]')?.closest('.ag-grid-pinned-left-cells'),
    ),
  );
}

async function openColumnsMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('dialog', { name: 'Columns' });
  await expect(menu).toBeVisible();
  return menu;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const workGroupHeader = (grid: Locator) => grid.locator('.ag-header-cell[col-id="workGroup"]');

test('columns hidden and pinned through the Columns menu stay so after a reload, until reset', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ADMIN);
  await navigate(page, 'Employee Manager');
  let grid = await gridReady(page, 'Employees');
  await expect(workGroupHeader(grid)).toHaveCount(1);

  let menu = await openColumnsMenu(page);
  await menu.getByRole('checkbox', { name: 'Work Group' }).uncheck();
  await menu.getByLabel('Pin Position').selectOption('left');
  await saveScreen(page, 'grid-columns-menu');
  await page.keyboard.press('Escape');
  await expect(workGroupHeader(grid)).toHaveCount(0);
  expect(await positionPinnedLeft(page)).toBe(true);

  await page.waitForTimeout(500);
  await page.reload();
  grid = await gridReady(page, 'Employees');
  await expect(workGroupHeader(grid)).toHaveCount(0);
  expect(await positionPinnedLeft(page)).toBe(true);
  menu = await openColumnsMenu(page);
  await expect(menu.getByRole('checkbox', { name: 'Work Group' })).not.toBeChecked();
  await expect(menu.getByLabel('Pin Position')).toHaveValue('left');

  await menu.getByRole('button', { name: 'Reset columns' }).click();
  await page.keyboard.press('Escape');
  await expect(workGroupHeader(grid)).toHaveCount(1);
  expect(await positionPinnedLeft(page)).toBe(false);
  await expectColumnInView(grid, 'nextYearSalary');

  await page.reload();
  grid = await gridReady(page, 'Employees');
  await expect(workGroupHeader(grid)).toHaveCount(1);
  expect(await positionPinnedLeft(page)).toBe(false);
});

test("one user's column layout is not another's on the same browser", async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN);
  await navigate(page, 'Employee Manager');
  let grid = await gridReady(page, 'Employees');
  const menu = await openColumnsMenu(page);
  await menu.getByRole('checkbox', { name: 'Work Group' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(workGroupHeader(grid)).toHaveCount(0);
  await page.waitForTimeout(500);
  await signOut(page);

  await signIn(page, FINANCE);
  await navigate(page, 'Employee Manager');
  grid = await gridReady(page, 'Employees');
  await expect(workGroupHeader(grid)).toHaveCount(1);
  await signOut(page);

  await signIn(page, ADMIN);
  await navigate(page, 'Employee Manager');
  grid = await gridReady(page, 'Employees');
  await expect(workGroupHeader(grid)).toHaveCount(0);
  await (await openColumnsMenu(page)).getByRole('button', { name: 'Reset columns' }).click();
  await expect(workGroupHeader(grid)).toHaveCount(1);
});

/** The columns in the order the Columns menu lists them (the grid's own order, pinned left first). */
async function menuOrder(menu: Locator): Promise<string[]> {
  return (await menu
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.textContent?.trim() ?? ''))) as string[];
}

const headerX = async (grid: Locator, colId: string) =>
  (await box(grid.locator(`.ag-header-cell[col-id="${colId}"]`))).x;

test('a column moved (in the menu and by dragging its header), one hidden and one pinned stay so after a reload', async ({
  page,
}) => {
  test.slow();
  await signIn(page, FINANCE);
  await navigate(page, 'Employee Manager');
  let grid = await gridReady(page, 'Employees');
  let menu = await openColumnsMenu(page);
  const before = await menuOrder(menu);
  expect(before.slice(before.indexOf('Current Salary'), before.indexOf('Work Group') + 1)).toEqual([
    'Current Salary',
    'Next Year Salary',
    'Work Group',
  ]);
  // Two places earlier, through the menu's buttons.
  await menu.getByRole('button', { name: 'Move Work Group up' }).click();
  await menu.getByRole('button', { name: 'Move Work Group up' }).click();
  await menu.getByRole('checkbox', { name: 'Department' }).uncheck();
  // Building hidden too, so Current Salary is on screen to be dragged: the wide Position and
  // Building columns (widened by long names earlier tests leave) push it under the pinned Actions.
  await menu.getByRole('checkbox', { name: 'Building' }).uncheck();
  await menu.getByLabel('Pin Job Class').selectOption('left');
  await page.keyboard.press('Escape');
  await expect(grid.locator('.ag-header-cell[col-id="department"]')).toHaveCount(0);
  await expect(grid.locator('.ag-header-cell[col-id="building"]')).toHaveCount(0);

  // Current Salary dragged by its header to where Position is (left of it). A drag a loaded CI
  // machine drops (the header never picked up) is tried again from where the columns are.
  expect((await box(grid.locator('.ag-header-cell[col-id="currentSalary"]'))).x).toBeGreaterThan(
    (await box(grid.locator('.ag-header-cell[col-id="position"]'))).x,
  );
  await expect(async () => {
    if ((await headerX(grid, 'currentSalary')) > (await headerX(grid, 'position'))) {
      const position = await box(grid.locator('.ag-header-cell[col-id="position"]'));
      const salary = await box(grid.locator('.ag-header-cell[col-id="currentSalary"]'));
      await page.mouse.move(salary.x + salary.width / 2, salary.y + salary.height / 2);
      await page.mouse.down();
      await page.mouse.move(salary.x + salary.width / 2 - 20, salary.y + salary.height / 2, { steps: 5 });
      // Into Position's left half, clear of the edge where the grid scrolls toward the pinned columns.
      await page.mouse.move(position.x + Math.min(40, position.width / 3), position.y + position.height / 2, {
        steps: 15,
      });
      await page.waitForTimeout(300);
      await page.mouse.up();
    }
    await expect
      .poll(async () => (await headerX(grid, 'currentSalary')) < (await headerX(grid, 'position')), {
        timeout: 5000,
      })
      .toBe(true);
  }).toPass({ timeout: 30_000 });

  menu = await openColumnsMenu(page);
  const arranged = await menuOrder(menu);
  // Work Group went before both salaries, then Current Salary was dragged away to the left.
  expect(arranged.slice(arranged.indexOf('FTE'), arranged.indexOf('FTE') + 3)).toEqual([
    'FTE',
    'Work Group',
    'Next Year Salary',
  ]);
  expect(arranged.indexOf('Current Salary')).toBeLessThan(arranged.indexOf('Position'));
  expect(arranged.slice(0, 2), 'the pinned columns come first').toEqual(['Name', 'Job Class']);
  await page.keyboard.press('Escape');
  await saveScreen(page, 'grid-columns-arranged-1440');

  await page.waitForTimeout(500);
  await page.reload();
  grid = await gridReady(page, 'Employees');
  expect(await headerX(grid, 'currentSalary')).toBeLessThan(await headerX(grid, 'position'));
  await expect(grid.locator('.ag-header-cell[col-id="department"]')).toHaveCount(0);
  expect(
    await grid
      .locator('.ag-header-cell[col-id="jobClass"]')
      .evaluate((el) => Boolean(el.closest('.ag-grid-pinned-left-cells'))),
  ).toBe(true);
  menu = await openColumnsMenu(page);
  expect(await menuOrder(menu)).toEqual(arranged);
  await expect(menu.getByRole('checkbox', { name: 'Department' })).not.toBeChecked();
  await expect(menu.getByLabel('Pin Job Class')).toHaveValue('left');
  await saveScreen(page, 'grid-columns-arranged-reloaded-1440');
});

/**
 * No column of the scrolling area runs under the pinned Actions column (or past the grid's right
 * edge) as the screen opens: each header there ends before that edge or starts at it, and reads
 * whole. At 1440 px Data Quality showed 'L' of Location, Import History '08/2' of each hire date and
 * Positions 'Holders (s': the column cut by the pinned Actions column's edge.
 */
async function expectNoColumnCutAtEdge(grid: Locator): Promise<void> {
  const gridBox = await box(grid);
  const actions = grid.locator('.ag-header-cell[col-id="actions"]');
  const edge = (await actions.count()) ? (await box(actions)).x : gridBox.x + gridBox.width;
  const headers = grid.locator('.ag-header-row .ag-grid-scrolling-cells .ag-header-cell');
  const count = await headers.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const header = headers.nth(i);
    const colId = await header.getAttribute('col-id');
    const h = await box(header);
    if (h.x >= edge - 0.5) {
      continue;
    }
    expect(h.x + h.width, `${colId} ends at or before the edge at ${edge}`).toBeLessThanOrEqual(edge + 0.5);
    const text = header.locator('.ag-header-cell-text');
    expect(
      await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      `${colId}'s header reads whole`,
    ).toBe(true);
  }
}

/**
 * Scrolled sideways to the end, every header reads whole: a column off to the side when the grid
 * sized its columns keeps its defined width ('Vacancy Step / L…', 'DESE Co…' once).
 */
async function expectHeadersWholeToTheEnd(grid: Locator): Promise<void> {
  const scroller = grid.locator('.ag-body-horizontal-scroll-viewport');
  for (let step = 0; step < 20; step += 1) {
    const cut = await grid.locator('.ag-header-cell').evaluateAll((cells) =>
      cells
        .filter((c) => {
          const text = c.querySelector('.ag-header-cell-text');
          return text && text.scrollWidth > text.clientWidth + 1;
        })
        .map((c) => c.getAttribute('col-id')),
    );
    expect(cut, 'headers cut').toEqual([]);
    const moved = await scroller.evaluate((el) => {
      const before = el.scrollLeft;
      el.scrollLeft += 300;
      el.dispatchEvent(new Event('scroll'));
      return el.scrollLeft !== before;
    });
    if (!moved) {
      return;
    }
    await grid.page().waitForTimeout(150);
  }
}

test('at 1440 no column is cut under the pinned Actions column as a grid opens, nor any header', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ADMIN);
  for (const [label, grid] of [
    ['Data Quality', 'Records needing review'],
    ['Import History', 'Imported records'],
    ['Positions', 'Positions'],
    ['Employee Manager', 'Employees'],
  ] as const) {
    await navigate(page, label);
    const shown = await gridReady(page, grid);
    await expectNoColumnCutAtEdge(shown);
    await shown.scrollIntoViewIfNeeded();
    await saveScreen(page, `grid-columns-edge-${label.toLowerCase().replace(/ /g, '-')}-1440`);
    await expectHeadersWholeToTheEnd(shown);
  }
});

test('on a phone each row of Proposed Budget and Employee Manager shows its name and its buttons together', async ({
  page,
}) => {
  test.slow();
  // The layout is chosen as the grid starts: the phone's size comes first.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  for (const [label, grid, nameCol, buttons] of [
    ['Proposed Budget', 'Proposed lines', 'accountDescription', ['Edit', 'Delete']],
    ['Employee Manager', 'Employees', 'name', ['Edit']],
  ] as const) {
    await navigate(page, label);
    const shown = await gridReady(page, grid);
    await shown.scrollIntoViewIfNeeded();
    const g = await box(shown);
    const row = shown
      .locator('.ag-row')
      .filter({ has: page.locator(`[col-id="${nameCol}"]`) })
      .first();
    const name = await box(row.locator(`[col-id="${nameCol}"]`));
    expect(name.x).toBeGreaterThanOrEqual(g.x);
    for (const button of buttons) {
      // Drawn beside the name, not eight columns off to the side (where the grid leaves it undrawn).
      const control = row.getByRole('button', { name: new RegExp(`^${button} `) });
      await expect(control, `${label}: ${button} beside the name`).toBeVisible({ timeout: 5_000 });
      const b = await box(control);
      expect(b.x, `${label}: ${button} right of the name`).toBeGreaterThanOrEqual(name.x + name.width - 0.5);
      expect(b.x + b.width, `${label}: ${button} whole on the screen`).toBeLessThanOrEqual(g.x + g.width);
    }
    await saveScreen(page, `grid-columns-phone-${label.toLowerCase().replace(/ /g, '-')}`);
    // Scrolled sideways, the name stays where it was (pinned).
    await shown.locator('.ag-body-horizontal-scroll-viewport').evaluate((el) => {
      el.scrollLeft += 400;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.waitForTimeout(300);
    expect((await box(row.locator(`[col-id="${nameCol}"]`))).x).toBeCloseTo(name.x, 0);
  }
});
