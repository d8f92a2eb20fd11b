import { expect, test } from '@playwright/test';
import { apiCall, axeViolations, FINANCE, saveScreen, signIn } from './helpers';

/**
 * Each fiscal year has one home. A budget year that plans none of its own (the demo's FY25 and
 * FY27, whose years are planned in FY26) would show empty screens; the shell says where the years
 * are planned and opens that budget year in one click.
 */

for (const [label, width, height] of [
  ['1440', 1440, 900],
  ['390', 390, 844],
] as const) {
  test(`a budget year with no plan of its own says where its years are planned, at ${label}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, FINANCE, '/');
    const list = await apiCall(page, 'GET', '/budget-years');
    const homeIds = new Set(list.homes.map((h: { budgetYearId: number }) => h.budgetYearId));
    const bare = list.budgetYears.find(
      (y: { id: number }) => !homeIds.has(y.id) && !list.budgetYearsWithLines.includes(y.id),
    );
    expect(bare, 'a budget year that plans nothing (the demo has FY25 and FY27)').toBeTruthy();
    const home = list.budgetYears.find((y: { id: number }) => y.id === list.homes[0].budgetYearId);

    const note = page.getByRole('note').filter({ hasText: 'plans no fiscal year of its own' });
    await expect(page.getByRole('heading', { name: 'Budget Dashboard' })).toBeVisible();
    await expect(note).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Budget year' }).click();
    await page.getByRole('option', { name: new RegExp(`^${bare.fiscalYear}\\b`) }).click();
    await expect(note).toContainText(`Budget year ${bare.fiscalYear} plans no fiscal year of its own`);
    await expect(note).toContainText(`in budget year ${home.fiscalYear}`);
    // The years are named as the header and every screen name them: FY25, never FY2025.
    const planned = list.homes
      .filter((h: { budgetYearId: number }) => h.budgetYearId === home.id)
      .map((h: { fiscalYear: number }) => h.fiscalYear)
      .sort((a: number, b: number) => a - b);
    await expect(note).toContainText(`FY${String(planned[0]).slice(2)}`);
    await expect(note).toContainText(
      `FY${String(planned.at(-1)).slice(2)} in budget year ${home.fiscalYear}`,
    );
    await expect(note).not.toContainText(/FY\d{4}/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `planned-elsewhere-${label}`);

    await note.getByRole('button', { name: `Open budget year ${home.fiscalYear}` }).click();
    await expect(note).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Budget year' })).toContainText(home.fiscalYear);
  });
}
