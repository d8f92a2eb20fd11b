import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';

// How figures read: money on chart axes, long totals in the summary cards, the gap in words, where
// a line came from, and a result message that belongs to one fiscal year. Answers the browser
// must show in a particular shape are stubbed (page.route), so nothing here changes the demo data.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

test('a small budget reads in thousands on the axis, and the gap in words', async ({ page }) => {
  await page.route('**/api/line-items/budget/summary?*', (route) => {
    const url = new URL(route.request().url());
    return route.fulfill(
      json({
        budgetYearId: Number(url.searchParams.get('budgetYearId')),
        fiscalYear: Number(url.searchParams.get('fiscalYear')),
        proposedBudget: 480_000,
        proposedCount: 3,
        breakdown: {
          proposed: { imported: { count: 3, total: 480_000 }, projected: { count: 0, total: 0 } },
        },
        townGoal: 900_000,
        hasTownGoal: true,
        guidanceBudget: 480_000,
        guidanceGap: 420_000,
      }),
    );
  });
  await page.route('**/api/town-goals/year/*', (route) => {
    const fiscalYear = Number(route.request().url().split('/').pop());
    return route.fulfill(
      json({
        fiscalYear,
        baselineYear: null,
        dollarGoal: 900_000,
        goalType: 'DOLLAR',
        hasTownGoal: true,
        townFunding: 900_000,
      }),
    );
  });
  await signIn(page, ADMIN, '/');
  const gap = page.getByRole('region', { name: 'Budget vs Town Guidance' });
  await expect(gap.locator('.kpi').filter({ hasText: 'Gap' })).toContainText('Under guidance by $0.4M');
  await expect(gap).not.toContainText('-$');
  await expect(gap.locator('.xtick text').first()).toBeVisible();
  expect(await gap.locator('.xtick text').allTextContents()).toEqual(['$0', '$300K', '$600K', '$900K']);
  await saveScreen(page, 'figures-small-gap');
});

test('long totals stay inside their summary cards, on a desktop and on a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/api/line-items/budget/totals?*', (route) =>
    route.fulfill(
      json({
        count: 51_234,
        totalCurrentSalary: 1_911_555_602.86,
        totalNextYearSalary: 1_968_902_270.95,
        totalChange: 57_346_668.09,
        missingNextYearSalaryCount: 1_204,
        leavingCount: 312,
        totalFte: 48_123.5,
        totalAmount: 0,
      }),
    ),
  );
  await signIn(page, ADMIN);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/operating-budget');
    const cards = page.getByRole('region', { name: 'Employee totals' }).locator('.summary-card');
    await expect(cards.first()).toContainText('51,234');
    await expect(page.getByText('$1,911,555,602.86')).toBeVisible();
    const boxes = await cards.evaluateAll((nodes) =>
      nodes.map((card) => {
        const value = card.querySelector('.summary-card__value')!;
        const outer = card.getBoundingClientRect();
        const inner = value.getBoundingClientRect();
        const padding = parseFloat(getComputedStyle(card).paddingRight);
        return {
          text: value.textContent,
          inside: inner.left >= outer.left && inner.right <= outer.right - padding + 0.5,
          clipped: value.scrollWidth > value.clientWidth + 0.5,
          height: inner.height,
        };
      }),
    );
    const oneLine = Math.min(...boxes.map((b) => b.height));
    for (const box of boxes) {
      // Inside the border, not clipped, and on one line: the long sums shrink rather than wrap.
      expect(box, `${width}px: ${box.text}`).toMatchObject({ inside: true, clipped: false, height: oneLine });
    }
    await saveScreen(page, `figures-summary-cards-${width}`);
  }
});

test('a line entered by hand reads Entered in the Source column and its export', async ({ page }) => {
  await signIn(page, ADMIN);
  const yearId = await budgetYearId(page, 'FY26');
  const tag = `Source${RUN}`;
  await apiCall(page, 'POST', '/line-items', {
    isOperating: false,
    budgetYearId: yearId,
    fiscalYear: 2026,
    accountDescription: `${tag} field trip buses`,
    amount: 4_200,
  });
  await page.goto('/admin/proposed-budget');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await expect(page.locator('.ag-row [col-id="building"]')).toHaveCount(1);
  // Source is the last column: scroll it into the grid's rendered window.
  await page.locator('.ag-body-horizontal-scroll-viewport').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(page.locator('.ag-row [col-id="source"]')).toHaveText('Entered');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const lines = readFileSync(await csv.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const source = lines[0].split(',').indexOf('Source');
  expect(source).toBeGreaterThan(0);
  expect(lines[1].split(',')[source]).toBe('Entered');

  await page.getByLabel('Search', { exact: true }).fill('');
  const { lineItems } = await apiCall(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${yearId}&fiscalYear=2026&isOperating=false`,
  );
  const imported = lineItems.find((l: { source: string }) => l.source === 'imported');
  expect(imported, 'a demo line from the FY26 import').toBeTruthy();
});

test("Budget Comparison shows a year's salary budget result only under that year", async ({ page }) => {
  await page.route('**/api/reconciliation/update-salary-budget', (route) =>
    route.fulfill(
      json({
        updatedItems: 12,
        createdItems: 2,
        removedItems: 0,
        totalOperatingSalary: 25_000_000,
        distributedAmount: 25_000_000,
        undistributedAmount: 0,
        changes: [],
        dryRun: false,
      }),
    ),
  );
  await signIn(page, ADMIN, '/budget-comparison');
  await expect(page.getByRole('heading', { name: 'Budget Comparison' })).toBeVisible();
  await page.getByRole('button', { name: 'Update FY26 Salary Budget' }).click();
  await page.getByRole('button', { name: 'Update Salary Budget', exact: true }).click();
  await expect(page.getByText('FY26 salary budget updated')).toBeVisible();
  await chooseOption(page, 'Fiscal year', /^FY27/);
  await expect(page.getByRole('button', { name: 'Update FY27 Salary Budget' })).toBeVisible();
  await expect(page.getByText(/salary budget updated/)).toHaveCount(0);
  await saveScreen(page, 'figures-comparison-after-switch');
});
