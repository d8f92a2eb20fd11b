import { expect, test, type Locator, type Page } from '@playwright/test';
import { countOf } from '@shared/count-words';
import { formatMoney } from '@shared/money';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

// A proposed line's fund: FINANCE adds a line on the demo's Title I, Part A grant (a federal grant
// for 2025-07-01 to 2026-09-30, so FY26 only) with a function code that counts, sees Title I in the
// grid's Fund column, and the NSS meter leaves it out (school.byFund lists it; school.counted does
// not move), as the dashboard's NSS card says. Moved back to the general fund in the editor, it counts: school.counted grows by
// exactly its amount. The line is deleted at the end, so later specs find the demo's lines as they were.

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];
const FY = 2026;
const TITLE_I = 'Title I, Part A';
// A teacher's salary: DESE function 2305 counts toward net school spending on the general fund.
const FUNCTION_CODE = '2305';

const cents = (dollars: number) => Math.round(dollars * 100);

interface FundRow {
  id: number;
  name: string;
  code: string;
  kind: string;
}
interface LeftOut {
  fundId: number;
  name: string;
  lineCount: number;
  amount: number;
}

/**
 * Moves the grid's focus along a row to a column, as a keyboard user would: from a cell of the row,
 * Home to its first column, then right until the column, which the grid scrolls into view (on a
 * phone only the first columns show). Returns the row's cell in that column.
 */
async function focusColumn(page: Page, grid: Locator, rowIndex: string, colId: string) {
  // A cell of the scrolling part: the pinned part on the left starts with the row's checkbox, and
  // on a phone the row's Edit and Delete come first in the scrolling part (a click there is a press).
  const row = `.ag-row[row-index="${rowIndex}"]`;
  await grid.locator(`${row} .ag-grid-scrolling-cells .ag-cell:not([col-id="actions"])`).first().click();
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

/**
 * Searches the grid for the line and waits for the search to have run: the box filters a moment
 * after typing stops, and until then the line is already shown, further down (a row index read
 * then named another row once the search had run).
 */
async function searchFor(page: Page, grid: Locator, description: string) {
  await page.getByLabel('Search').fill(description);
  await expect(page.getByText(/^1 of [\d,]+ lines$/)).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: description })).toHaveCount(1);
}

for (const size of SIZES) {
  test(`FINANCE pays a proposed line from Title I, then from the general fund, at ${size.name}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE, '/');
    // The app opens on FY26, the year Title I's grant period reaches.
    await expect(page.getByRole('heading', { level: 1, name: 'Budget Dashboard' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toContainText('FY26');
    const byId = await budgetYearId(page, 'FY26');
    const meter = () => apiCall(page, 'GET', `/nss/meter?budgetYearId=${byId}&fiscalYear=${FY}`);
    const before = await meter();
    const { funds } = (await apiCall(page, 'GET', '/funds')) as { funds: FundRow[] };
    const general = funds.find((f) => f.kind === 'general')!;
    const titleI = funds.find((f) => f.code === '2401')!;
    expect(titleI).toMatchObject({ name: TITLE_I, kind: 'federal_grant' });

    await navigate(page, 'Proposed Budget');
    await expect(page.getByRole('heading', { level: 1, name: 'Proposed Budget Manager' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toContainText('FY26');

    const description = `E2E Title I tutors ${size.name} ${Date.now()}`;
    const amount = size.name === '1440' ? 24_681.35 : 13_579.24;
    await page.getByRole('button', { name: 'Add Line Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Line Item' });
    await dialog.getByLabel('Account description').fill(description);
    await dialog.getByLabel('Amount').fill(String(amount));
    await dialog.getByLabel('DESE code').fill(FUNCTION_CODE);
    // A new line starts on the general fund.
    const fund = dialog.getByRole('combobox', { name: 'Fund' });
    await expect(fund).toHaveText(general.name);
    await fund.click();
    await page.getByRole('option', { name: TITLE_I, exact: true }).click();
    await expect(fund).toHaveText(TITLE_I);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `proposed-fund-form-${size.name}`);
    await dialog.getByRole('button', { name: 'Add Line' }).click();
    await expect(dialog).toBeHidden();

    const listed = async () => {
      const { lineItems } = await apiCall(
        page,
        'GET',
        `/line-items/budget?budgetYearId=${byId}&fiscalYear=${FY}&isOperating=false`,
      );
      return lineItems.find((l: { accountDescription: string }) => l.accountDescription === description);
    };
    const line = await listed();
    expect(line).toMatchObject({ fundId: titleI.id, amount, deseCode: FUNCTION_CODE });

    try {
      const grid = page.locator('.data-grid').filter({ has: page.getByRole('grid', { name: /Proposed/ }) });
      await searchFor(page, grid, description);
      // The search leaves the one line; its index names it once scrolled past its description.
      const rowIndex = (await grid
        .locator('.ag-row')
        .filter({ hasText: description })
        .first()
        .getAttribute('row-index'))!;
      const fundCell = await focusColumn(page, grid, rowIndex, 'fund');
      await expect(fundCell).toHaveText(TITLE_I);
      await expect(fundCell).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `proposed-fund-grid-${size.name}`);

      // On Title I, the line is left out of net school spending whatever its function code.
      const onGrant = await meter();
      const leftOut = (onGrant.school.byFund as LeftOut[]).find((f) => f.fundId === titleI.id);
      expect(leftOut, 'Title I in school.byFund').toMatchObject({ name: TITLE_I });
      expect(cents(leftOut!.amount)).toBeGreaterThanOrEqual(cents(amount));
      expect(cents(onGrant.school.counted)).toBe(cents(before.school.counted));

      // The dashboard's NSS card says so, under what counts toward net school spending.
      await navigate(page, 'Dashboard');
      const card = page.getByRole('region', { name: 'Net School Spending' });
      await card.getByText('What counts toward net school spending').click();
      const byFund = card.getByRole('listitem').filter({ hasText: /^Left out by fund/ });
      await expect(byFund).toContainText('Left out by fund (does not count toward NSS):');
      await expect(byFund.getByRole('listitem').filter({ hasText: TITLE_I })).toHaveText(
        `${TITLE_I} ${formatMoney(leftOut!.amount)} (${countOf(leftOut!.lineCount, 'line')})`,
      );
      await byFund.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `proposed-fund-nss-card-${size.name}`);

      // Back on the general fund, it counts: exactly its amount more.
      await navigate(page, 'Proposed Budget');
      await searchFor(page, grid, description);
      await focusColumn(page, grid, rowIndex, 'actions');
      await page.getByRole('button', { name: `Edit ${description}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Line Item' });
      const editFund = edit.getByRole('combobox', { name: 'Fund' });
      await expect(editFund).toHaveText(TITLE_I);
      await editFund.click();
      await page.getByRole('option', { name: general.name, exact: true }).click();
      await expect(editFund).toHaveText(general.name);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect.poll(async () => (await listed()).fundId).toBeNull();
      await expect(await focusColumn(page, grid, rowIndex, 'fund')).toHaveText(general.name);
      const onGeneral = await meter();
      expect(cents(onGeneral.school.counted) - cents(onGrant.school.counted)).toBe(cents(amount));
    } finally {
      await apiCall(page, 'DELETE', `/line-items/${line.id}`);
    }
  });
}
