import { expect, test, type Page } from '@playwright/test';
import { formatMoneyCents } from '@shared/money';
import { ADMIN, apiCall, axeViolations, navigate, saveScreen, signIn } from './helpers';

// Roll forward through the Admin menu: the demo's FY2027 (planned in budget year FY26, Draft) into
// FY2028, which no budget year holds, so the roll forward creates budget year FY28. The screen shows
// the dry run's totals (the API's dry run, compared here) before anything is written, asks to confirm
// the Draft warning, then shows the result and undoes it (at 390 after a reload, from the standing roll
// forward the screen finds). Each test undoes what it did, and afterAll
// undoes a roll forward a failed test left, so the specs after this one find the demo as it was.

async function undoLeftover(page: Page) {
  const { rollForward } = await apiCall(page, 'GET', '/roll-forward/latest?toFiscalYear=2028');
  if (rollForward?.undoable) {
    await apiCall(page, 'POST', '/roll-forward/undo', { toFiscalYear: 2028 });
  }
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  await undoLeftover(page);
  await page.close();
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`ADMIN previews, rolls FY2027 forward into FY2028 and undoes it at ${width}x${height}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await signIn(page, ADMIN);
    const dry = await apiCall(page, 'POST', '/roll-forward', { fromFiscalYear: 'FY2027', dryRun: true });
    expect(dry.to).toMatchObject({ fiscalYear: 2028, budgetYear: 'FY28', createsBudgetYear: true });
    expect(dry.totals.employeesCarried).toBeGreaterThan(0);

    await navigate(page, 'Roll Forward');
    await expect(page.getByRole('heading', { level: 1, name: 'Roll forward' })).toBeVisible();
    // The field offers the latest year with lines as every screen writes it, and says what it copies.
    const field = page.getByLabel('Fiscal year to copy');
    await expect(field).toHaveValue('FY27');
    await expect(field).toHaveAccessibleDescription(
      "Copies FY27's lines (planned in the FY26 budget year) into FY28, a new year's budget",
    );
    await field.fill('FY20x7');
    await page.getByRole('button', { name: 'Preview the totals' }).click();
    await expect(page.getByText('FY20x7 is not a fiscal year (write FY28 or 2028)')).toBeVisible();

    await field.fill('FY27');
    await page.getByRole('button', { name: 'Preview the totals' }).click();
    const preview = page.getByRole('region', { name: '2. Check the totals (nothing written yet)' });
    const row = (name: string) => preview.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Employees carried')).toContainText(String(dry.totals.employeesCarried));
    await expect(row('Employees carried')).toContainText(formatMoneyCents(dry.totals.operatingTotal));
    await expect(row('Proposed lines carried')).toContainText(formatMoneyCents(dry.totals.proposedTotal));
    await expect(row('Employees left out')).toContainText(String(dry.totals.employeesLeftOut));
    await expect(preview.locator('caption')).toHaveText(
      "Copy FY27's lines (planned in the FY26 budget year, Draft) into FY28 (planned in the FY28 budget year, which the roll forward creates)",
    );
    await expect(preview).toContainText(
      'FY27 is Draft, not yet Town Appropriated: FY28 would start from figures that may still change',
    );
    const go = preview.getByRole('button', { name: 'Roll forward into FY28' });
    await expect(go).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `roll-forward-preview-${width}`);

    await preview.getByLabel('Roll forward anyway').check();
    await go.click();
    const result = page.getByRole('region', { name: 'FY28 started in Draft' });
    await expect(result).toBeVisible();
    await expect(result.getByRole('row', { name: /^Employees carried/ })).toContainText(
      formatMoneyCents(dry.totals.operatingTotal),
    );
    const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
    expect(budgetYears.map((y: { fiscalYear: string }) => y.fiscalYear)).toContain('FY28');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `roll-forward-done-${width}`);

    if (width < 500) {
      // After a reload the screen finds the standing roll forward and still offers its undo.
      await page.reload();
      await page.getByLabel('Fiscal year to copy').fill('FY2027');
      const standing = page.getByRole('region', { name: 'FY28 was rolled forward and is still Draft' });
      await expect(standing).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `roll-forward-standing-${width}`);
      await standing.getByRole('button', { name: 'Undo the roll forward' }).click();
    } else {
      await result.getByRole('button', { name: 'Undo the roll forward' }).click();
    }
    await expect(page.getByText(/Undone: \d+ lines of FY28 removed, and budget year FY28/)).toBeVisible();
    const after = await apiCall(page, 'GET', '/budget-years');
    expect(after.budgetYears.map((y: { fiscalYear: string }) => y.fiscalYear)).not.toContain('FY28');
  });
}
