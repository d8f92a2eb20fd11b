import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations, saveScreen } from './helpers';

// What the Positions screen's specs (positions.spec.ts, positions-funds.spec.ts) do on it.

export async function expectAxeClean(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

export async function choose(page: Page, scope: Page | Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** On a phone, the window as the user sees it too (a full page of a 390 px screen is too long to read). */
export async function saveViews(page: Page, name: string) {
  await saveScreen(page, name);
  if (process.env.E2E_SCREENS === '1' && page.viewportSize()!.width < 500) {
    await page.screenshot({ path: `test-results/screens/${name}-view.png` });
  }
}

/** The fiscal year the screen shows ('FY26 (current)' or 'FY27'). */
export async function shownYear(page: Page): Promise<number> {
  const label = (await page.getByRole('combobox', { name: 'Fiscal year' }).textContent()) ?? '';
  const year = /\bFY(\d{2})\b/.exec(label)?.[1];
  expect(year, `fiscal year in '${label}'`).toBeTruthy();
  return 2000 + Number(year);
}
