import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, budgetYearId, FINANCE, navigate, signIn, VIEWER } from './helpers';

// Salary Progression Analysis, opened from the role's navigation (Budget Tools for FINANCE, Admin
// for ADMIN, the Menu button on a phone); VIEW_ONLY has no link to it.

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const money = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);

async function open(page: Page, who: { email: string; password: string }) {
  await signIn(page, who);
  await navigate(page, 'Salary Progression');
  // Retried until the new screen's heading shows (the screen left may still draw its own).
  await expect(
    page.getByRole('heading', { level: 1, name: 'Salary Progression Analysis', exact: true }),
  ).toBeVisible();
}

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('region')
    .filter({ has: page.getByRole('table') });

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`Salary Progression at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('lists teachers (10 by default) with each year’s salary, COLA and steps and lanes', async ({
      page,
    }) => {
      await open(page, FINANCE);
      await expect(page.getByLabel('Position')).toHaveValue('Teacher');
      await expect(page.getByRole('combobox', { name: 'People' })).toHaveText('10');
      const explainer = page.getByRole('region', { name: 'How each year’s increase is made' });
      await expect(explainer).toContainText('settled contract');
      // A worked example of the district's own rule (a listed person's year), never a fixed one.
      await expect(explainer).toContainText(
        /For example, .+ \(.+\): \$[\d,]+\.\d\d in FY\d\d becomes \$[\d,]+\.\d\d in FY\d\d by this rule, COLA /,
      );
      await expect(explainer).not.toContainText('specification');
      await expect(explainer).toContainText('YoY is the change the salaries themselves show');

      // This district's own rule, from its data: the budget settings' pooled percent and groups.
      const id = await budgetYearId(page, 'FY26');
      const { settings } = await apiCall(page, 'GET', `/budget-settings?budgetYearId=${id}`);
      const rule = explainer.getByRole('list');
      await expect(rule).toContainText(`${settings.stepLaneAdjustmentValue}% of each salary`);
      await expect(rule).toContainText('Teachers');
      await expect(rule).toContainText(/COLA: by work group and year.*Teachers FY\d\d\s\d/);

      const { progressions } = await apiCall(
        page,
        'GET',
        `/line-items/budget/salary-progression?limit=10&position=Teacher&budgetYearId=${id}`,
      );
      expect(progressions.length).toBeGreaterThan(0);
      await expect(cards(page)).toHaveCount(progressions.length);
      const first = progressions[0];
      const card = cards(page).first();
      await expect(card.getByRole('heading')).toHaveText(first.name);
      for (const y of first.yearData) {
        const row = card.getByRole('row', { name: new RegExp(`^FY${String(y.fiscalYear).slice(2)}`) });
        await expect(row).toContainText(money(y.currentSalary));
        // Each year says where its COLA comes from (an assumption is never a bare percent).
        const source: Record<string, string> = {
          SETTLED: 'settled contract',
          NEGOTIATING: 'negotiating contract',
          SCENARIO: 'COLA scenario',
          LONG_TERM: 'long-term assumption',
          NONE: 'no COLA set',
        };
        if (y.colaSource) {
          await expect(row).toContainText(source[y.colaSource]);
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Money and every figure show whole: nothing cut off, overlapping its neighbour or scrolled
      // inside its card, on a phone too (a cell narrower than its label or value overflows).
      for (const figure of await cards(page).first().locator('td').all()) {
        const cut = await figure.evaluate((el) => {
          const card = el.closest('.progression-card')!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(el);
          const text = range.getBoundingClientRect();
          const wrap = el.closest('.table-wrap')!;
          return (
            text.left < card.left ||
            text.right > card.right ||
            el.scrollWidth > el.clientWidth + 1 ||
            wrap.scrollWidth > wrap.clientWidth + 1
          );
        });
        expect(cut, (await figure.textContent()) ?? '').toBe(false);
      }
      await page.screenshot({ path: `${SHOTS}/salary-progression-${name}.png`, fullPage: true });
      await page.screenshot({ path: `${SHOTS}/salary-progression-${name}-viewport.png` });
      await explainer.screenshot({ path: `${SHOTS}/salary-progression-${name}-explainer.png` });
      await cards(page).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/salary-progression-${name}-first-card.png` });
      expect(await axeViolations(page)).toEqual([]);

      // The export: one row per person and year, YoY and total as formulas with the screen's figures.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await download.path())!);
      const sheet = workbook.worksheets[0];
      expect(sheet.getCell('A4').value).toBe(first.name);
      expect(sheet.getCell('G5').value).toBe(first.yearData[1].currentSalary);
      expect(sheet.getCell('H5').value).toMatchObject({
        formula: 'ROUND((G5-G4)/G4*100,2)',
        result: first.yearData[1].yoyIncrease,
      });

      // Limit 5, then another position.
      await page.getByRole('combobox', { name: 'People' }).click();
      await page.getByRole('option', { name: '5', exact: true }).click();
      await expect(cards(page)).toHaveCount(Math.min(5, progressions.length));
      await page.getByLabel('Position').fill('Paraprofessional');
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'with the position “Paraprofessional”' }),
      ).toBeVisible();
      for (const text of await cards(page).locator('.progression-meta').allTextContents()) {
        expect(text.toLowerCase()).toContain('paraprofessional');
      }
    });
  });
}

test('ADMIN finds it in the Admin menu; VIEW_ONLY has no link and is refused', async ({ page }) => {
  await open(page, ADMIN);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, VIEWER);
  await expect(navigate(page, 'Salary Progression')).rejects.toThrow(/not in the navigation/);
});
