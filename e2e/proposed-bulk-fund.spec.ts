import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

// The Proposed Budget Manager's Set Fund bulk action: FINANCE ticks two proposed lines made for the
// test, puts both on the demo's Title I, Part A grant (its period reaches FY26, the year the screen
// opens on), sees it in the grid's Fund column and in the lines' fundId, then puts both back on the
// general fund. The lines are deleted at the end, so later specs find the demo's lines as they were.

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];
const FY = 2026;
const TITLE_I = 'Title I, Part A';

interface FundRow {
  id: number;
  name: string;
  code: string;
  kind: string;
}

/**
 * Moves the grid's focus along a line's row to a column, as a keyboard user would (on a phone only
 * the first columns show, and the grid scrolls the focused cell into view), and returns the row's
 * cell there. The row is found by its line id (the grid's row id). It starts from the description:
 * on a phone the checkbox is not pinned, so the first cell would be the checkbox's and a click
 * there would tick the line. The caller presses Home after, so the next row's description shows.
 */
async function focusColumn(page: Page, grid: Locator, lineId: number, colId: string) {
  const row = `.ag-row[row-id="${lineId}"]`;
  await grid.locator(`${row} [col-id="accountDescription"]`).click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 20; i += 1) {
    const at = await page.evaluate(() => document.activeElement?.closest('[col-id]')?.getAttribute('col-id'));
    if (at === colId) {
      break;
    }
    await page.keyboard.press('ArrowRight');
  }
  return grid.locator(`${row} [col-id="${colId}"]`);
}

for (const size of SIZES) {
  test(`FINANCE sets the fund of two proposed lines to Title I and back, at ${size.name}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Budget Dashboard' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toContainText('FY26');
    const byId = await budgetYearId(page, 'FY26');
    const { funds } = (await apiCall(page, 'GET', '/funds')) as { funds: FundRow[] };
    const general = funds.find((f) => f.kind === 'general')!;
    const titleI = funds.find((f) => f.name === TITLE_I)!;
    expect(titleI, TITLE_I).toBeTruthy();

    // One search word shared by both lines and no demo line: the grid then shows just these two.
    const stamp = `E2E bulk fund ${size.name} ${Date.now()}`;
    const descriptions = [`${stamp} tutors`, `${stamp} books`];
    const ids: number[] = [];
    try {
      for (const [i, accountDescription] of descriptions.entries()) {
        const { lineItem } = await apiCall(page, 'POST', '/line-items', {
          isOperating: false,
          budgetYearId: byId,
          fiscalYear: FY,
          accountDescription,
          amount: 1_000 + i * 250.5,
        });
        ids.push(lineItem.id);
      }
      const fundIds = async () => {
        const { lineItems } = await apiCall(
          page,
          'GET',
          `/line-items/budget?budgetYearId=${byId}&fiscalYear=${FY}&isOperating=false`,
        );
        return ids.map((id) => lineItems.find((l: { id: number }) => l.id === id)?.fundId);
      };
      expect(await fundIds()).toEqual([null, null]);

      await navigate(page, 'Proposed Budget');
      await expect(page.getByRole('heading', { level: 1, name: 'Proposed Budget Manager' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toContainText('FY26');
      await page.getByLabel('Search').fill(stamp);
      const grid = page.locator('.data-grid').filter({ has: page.getByRole('grid', { name: /Proposed/ }) });
      const boxes = grid.getByRole('checkbox', { name: /toggle row selection/ });
      await expect(boxes).toHaveCount(2);

      // Ticks both lines, sets `fundName` through Set Fund and waits for the grid to say so; with
      // `shots`, checks the open dialog with axe and saves it, and the grid at its Fund column.
      const setFund = async (fundName: string, shots?: { dialog: string; grid: string }) => {
        await boxes.nth(0).check();
        await boxes.nth(1).check();
        await page.getByRole('button', { name: 'Set Fund', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Set Fund' });
        await expect(dialog.getByText('2 items selected')).toBeVisible();
        const picker = dialog.getByRole('combobox', { name: 'Fund' });
        await picker.click();
        // The general fund comes first, as GET /funds lists it.
        await expect(page.getByRole('option').first()).toHaveText(general.name);
        await page.getByRole('option', { name: fundName, exact: true }).click();
        await expect(picker).toHaveText(fundName);
        if (shots) {
          expect(await axeViolations(page)).toEqual([]);
          await saveScreen(page, shots.dialog);
        }
        await dialog.getByRole('button', { name: 'Apply' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(`Set fund ${fundName} on 2 items`)).toBeVisible();
        // The grid's top at the window's top: on a phone the filters above it fill the first screen,
        // and a focused cell scrolls the grid sideways, not the page down.
        await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        for (const id of ids) {
          const cell = await focusColumn(page, grid, id, 'fund');
          await expect(cell).toHaveText(fundName);
          await expect(cell).toBeInViewport();
          if (shots && id === ids.at(-1)) {
            await saveScreen(page, shots.grid);
          }
          await page.keyboard.press('Home');
        }
      };

      await setFund(TITLE_I, {
        dialog: `proposed-bulk-fund-dialog-${size.name}`,
        grid: `proposed-bulk-fund-grid-${size.name}`,
      });
      expect(await fundIds()).toEqual([titleI.id, titleI.id]);

      // Back on the general fund, which the server stores as naming no fund.
      await setFund(general.name);
      expect(await fundIds()).toEqual([null, null]);
    } finally {
      for (const id of ids) {
        await apiCall(page, 'DELETE', `/line-items/${id}`);
      }
    }
  });
}
