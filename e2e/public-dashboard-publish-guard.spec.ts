import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';

/**
 * Publishing, on screen: ADMIN publishes through the menu; the preview names each
 * year's budget year and stage and stops saying 'not yet published' once it is; residents read the
 * stage with its date, the budget named by its stage, the gap in words with its share of the goal
 * (never '$0.0M'), spending per pupil and the CSV, at 1440x900 and 390x844. FY2027 has one home
 * (budget year FY26): budget year FY27 cannot take it up, and a $0 year of FY27's own asks to confirm
 * in a dialog that names every year's budget year and stage.
 */
const PATH = 'guarded-e2e';

async function publishThroughMenu(page: Page) {
  await navigate(page, 'Public Dashboard');
  await expect(page.getByRole('heading', { name: 'Public Dashboard Configuration', level: 1 })).toBeVisible();
  await page.getByLabel('URL path', { exact: true }).fill(PATH);
  await page.getByRole('group', { name: 'Published years' }).getByLabel('FY27').check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // The preview names the budget year and stage each year comes from.
  await expect(page.getByRole('list', { name: 'Years residents would see' })).toContainText(
    /FY27: budget year FY\d\d, /,
  );
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: /^Publish/ }).click();
  // The answer names each year's budget year and stage.
  await expect(
    page.getByText(/^Published (FY26 \(budget year FY26, [^)]*\), )?FY27 \(budget year FY26, [^)]*\) at /),
  ).toBeVisible();
}

test('ADMIN publishes through the menu, and the preview says residents see it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await publishThroughMenu(page);
  const preview = page.getByRole('heading', { name: /^Preview/ });
  // Right after Publish the preview is the published page (it said 'Preview — not yet published').
  await expect(preview).toContainText('Published — residents see this page');
  await expect(preview).not.toContainText('not yet published');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'issue32-publish-1440');
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`residents read the stage, the gap, per pupil and the CSV at ${size.width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await publishThroughMenu(page);
    await page.setViewportSize(size);
    await page.goto(`/public/${PATH}?year=2027`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FY27');
    const stage = page.locator('.pub-stage');
    await expect(stage).toBeVisible();
    const stageText = (await stage.textContent()) ?? '';
    // A year in a stage names it with its date; a Draft is the proposed budget.
    expect(stageText).toMatch(/^(Proposed budget|.+, [a-z]+ [A-Z][a-z]+ \d{1,2}, \d{4})$/);
    const card = page
      .getByRole('region', { name: /Budget and the Town's Goal/ })
      .or(page.locator('.dash-gap, .pub-wide').first());
    await expect(
      page
        .getByText(
          /(Under|Over) the town's goal by \$[\d,.]+[MK]? \((less than )?[\d.]+% of the goal\)|Matches the town's goal/,
        )
        .first(),
    ).toBeVisible();
    await expect(page.getByText('$0.0M')).toHaveCount(0);
    await expect(card.first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the data (CSV)' })).toHaveAttribute(
      'href',
      `/api/public-dashboard/view/${PATH}/data.csv?year=2027`,
    );
    await expect(page.getByText('Spending per student').first()).toBeVisible();
    // The money axes' labels stay level, not tilted to squeeze in (they crowded at 390).
    await expect(page.locator('.xtick text').first()).toBeVisible();
    const tilted = await page
      .locator('.xtick text')
      .evaluateAll(
        (ticks) => ticks.filter((t) => (t.getAttribute('transform') ?? '').includes('rotate')).length,
      );
    expect(tilted).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `issue32-resident-${size.width}`);
  });
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`FY2027 has one home, and a $0 year asks to confirm in a dialog naming each year's budget year and stage at ${size.width}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signIn(page, ADMIN);
    await publishThroughMenu(page);
    const before = (await apiCall(page, 'GET', '/public-dashboard/config')).config;
    const fy27 = await budgetYearId(page, 'FY27');
    const line = (fiscalYear: number) => ({
      isOperating: true,
      budgetYearId: fy27,
      fiscalYear,
      firstName: 'Zero',
      lastName: 'Budget',
      position: 'Teacher',
      currentSalary: 50000,
      currentFTE: 1,
      employeeStatus: 'Active',
    });
    // The case: a payroll line of FY2027 in budget year FY27 would have made it a second
    // home of the year, $0 for residents. FY2027's one home is budget year FY26: refused, naming it.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const refused = await page.request.fetch('/api/line-items', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token ?? ''}` },
      data: line(2027),
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toContain('FY27 is planned in budget year FY26, its one home');
    // A year of budget year FY27's own, FY2032 (no other spec writes it): a proposed line whose
    // amount is still to come, $0 for residents.
    const { lineItem } = await apiCall(page, 'POST', '/line-items', {
      isOperating: false,
      budgetYearId: fy27,
      fiscalYear: 2032,
      accountDescription: 'Textbooks, amount to come',
      amount: 0,
    });
    try {
      await page.reload();
      await page.getByRole('group', { name: 'Published years' }).getByLabel('FY32').check();
      await expect(page.getByText('FY32 from budget year FY27 has a $0 budget').first()).toBeVisible();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await expect(dialog.getByRole('heading', { name: 'Publish anyway?' })).toBeVisible();
      const years = dialog.getByRole('list', { name: 'Years to publish' });
      await expect(years).toContainText('FY27: budget year FY26, ');
      await expect(years).toContainText('FY32: budget year FY27, Draft');
      await expect(dialog).toContainText('FY32 from budget year FY27 has a $0 budget');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `issue35-publish-confirm-${size.width}`);
      if (size.width > 1000) {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        // Nothing was published: residents still read FY2027 from its home, never $0.
        const after = (await apiCall(page, 'GET', '/public-dashboard/config')).config;
        expect(after.publishedAt).toBe(before.publishedAt);
      } else {
        await dialog.getByRole('button', { name: 'Publish anyway' }).click();
        await expect(
          page.getByText(/^Published FY27 \(budget year FY26, [^)]*\), FY32 \(budget year FY27, Draft\) at /),
        ).toBeVisible();
      }
      await page.goto(`/public/${PATH}?year=2027`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('FY27');
      await expect(page.getByText('$0.0M')).toHaveCount(0);
    } finally {
      await apiCall(page, 'DELETE', `/line-items/${lineItem.id}`);
      // Residents read FY2027 alone again, as the other tests expect.
      const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
      await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2027] });
    }
  });
}
