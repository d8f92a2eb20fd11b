import { expect, test } from '@playwright/test';
import { centsOf } from '@shared/money';
import { apiCall, FINANCE, navigate, pageOverflow, signIn } from './helpers';
import { backToGeneral, demoFunds, dollars, positionToSplit, splitCents } from './position-funds';
import { choose, expectAxeClean, saveViews, shownYear } from './positions-screen';

// Funds: FINANCE splits a filled teacher's position 0.6 / 0.4 between the General Fund
// and Title I. Shares adding up to less than the FTE are refused in the server's words and nothing
// is written; the split saved, the detail shows each fund's FTE and part of the cost (recomputed
// here in cents: they add up to the cost) and the API agrees. On a phone, the Fund filter (kept in
// the address) finds it, the rows stack, and the split is cleared again through the form.
test('FINANCE splits a position between the General Fund and Title I, at 1440 and 390', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await navigate(page, 'Positions');
  const year = await shownYear(page);
  const { general, titleI } = await demoFunds(page);
  const target = await positionToSplit(page, year);
  const detail = async () => (await apiCall(page, 'GET', `/positions/${target.id}`)).position;
  const before = await detail();
  try {
    // Filtered to its school's filled teachers, so its row is among the first drawn.
    await choose(page, page, 'Building', target.buildingName);
    await choose(page, page, 'Category', target.categoryName);
    await choose(page, page, 'Status', /^Filled$/);
    const shown = await apiCall(
      page,
      'GET',
      `/positions?fiscalYear=${year}&buildingId=${target.buildingId}&categoryId=${target.categoryId}&status=filled&limit=1`,
    );
    await expect(page.locator('.grid-toolbar__meta')).toHaveText(
      `${shown.total} of ${shown.total} positions`,
    );
    await page.getByRole('button', { name: `Edit ${target.label}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: target.label });
    const funds = dialog.getByRole('group', { name: 'Funds' });
    await expect(funds).toContainText(`${general.name} — whole position`);
    await funds.getByRole('button', { name: 'Split across funds' }).click();
    await expect(funds.getByRole('combobox', { name: 'Fund 1' })).toHaveText(general.name);
    await choose(page, funds, 'Fund 2', titleI.name);
    await funds.getByLabel('FTE share 1').fill('0.6');
    await funds.getByLabel('FTE share 2').fill('0.3');
    await expect(funds).toContainText('0.9 of 1 FTE — 0.1 FTE unassigned');
    await dialog.getByRole('button', { name: 'Save Position' }).click();
    await expect(funds.getByRole('alert')).toHaveText(
      'The fund shares add up to 0.9 FTE; the position is 1 FTE: they must add up to exactly its FTE',
    );
    const unchanged = await detail();
    expect([unchanged.version, unchanged.fundShares]).toEqual([before.version, before.fundShares]);
    await expectAxeClean(page, 'fund shares refused');
    await saveViews(page, 'positions-funds-refused-1440');

    await funds.getByLabel('FTE share 2').fill('0.4');
    await expect(funds).toContainText('1 of 1 FTE — all assigned');
    await dialog.getByLabel('Reason for the change').fill('Title I pays 40% (browser test)');
    await dialog.getByRole('button', { name: 'Save Position' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: `Saved ${target.label}` })).toBeVisible();

    // Each fund's part of the cost: 60% rounded to the cent for the general fund, the rest Title I's.
    const saved = await detail();
    const cost = centsOf(saved.budgetedCost);
    const [generalPart, titlePart] = splitCents(cost);
    expect(
      saved.fundShares.map((s: { fundId: number; fte: number; budgetedCost: number }) => [
        s.fundId,
        s.fte,
        centsOf(s.budgetedCost),
      ]),
    ).toEqual([
      [general.id, 0.6, generalPart],
      [titleI.id, 0.4, titlePart],
    ]);
    const table = dialog.getByRole('table', { name: 'Funds' });
    const cells = () =>
      table
        .locator('tbody tr, tfoot tr')
        .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim())));
    await expect.poll(cells).toEqual([
      [`${general.name} ${general.code}`, '0.600', dollars(generalPart)],
      [`${titleI.name} ${titleI.code}`, '0.400', dollars(titlePart)],
      ['Whole position', '1.000', dollars(cost)],
    ]);
    await expect(dialog.getByRole('region', { name: 'History' })).toContainText(
      `Funds: ${general.name} 1.000 → ${general.name} 0.600, ${titleI.name} 0.400`,
    );
    await table.scrollIntoViewIfNeeded();
    await expectAxeClean(page, 'fund shares saved');
    await saveViews(page, 'positions-funds-saved-1440');

    // On a phone, through the Menu: the Fund filter shows what the server counts for Title I, the
    // split position among them, and keeps it in the address over a reload.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await navigate(page, 'Positions');
    await choose(page, page, 'Fund', titleI.name);
    const paid = await apiCall(page, 'GET', `/positions?fiscalYear=${year}&fundId=${titleI.id}&limit=1`);
    const n = paid.total.toLocaleString('en-US');
    const meta = page.locator('.grid-toolbar__meta');
    await expect(meta).toHaveText(`${n} of ${n} positions`);
    await expect(page).toHaveURL(new RegExp(`[?&]fund=${titleI.id}(&|$)`));
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Fund' })).toHaveText(titleI.name);
    await expect(meta).toHaveText(`${n} of ${n} positions`);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'positions by fund on a phone');
    await saveViews(page, 'positions-by-fund-390');

    // The rows stacked on a phone; the split cleared through the form.
    await page.getByRole('button', { name: `Edit ${target.label}`, exact: true }).click();
    await expect(funds.getByLabel('FTE share 2')).toHaveValue('0.400');
    await funds.scrollIntoViewIfNeeded();
    await expectAxeClean(page, 'fund shares on a phone');
    await saveViews(page, 'positions-funds-390');
    await table.scrollIntoViewIfNeeded();
    await saveViews(page, 'positions-funds-detail-390');
    await funds.getByRole('button', { name: `${general.name} Only` }).click();
    await expect(funds).toContainText(`${general.name} — whole position`);
    await dialog.getByRole('button', { name: 'Save Position' }).click();
    await expect(dialog).toContainText(`${general.name} pays the whole position.`);
    const cleared = (await detail()).fundShares;
    expect(cleared.map((s: { fundId: number; fte: number }) => [s.fundId, s.fte])).toEqual([[general.id, 1]]);
  } finally {
    await backToGeneral(page, target.id, general.id);
  }
});
