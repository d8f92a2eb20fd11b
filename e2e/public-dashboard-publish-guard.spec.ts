import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';

/**
 * Publishing, on screen: ADMIN publishes through the menu; the preview names each
 * year's budget year and stage and stops saying 'not yet published' once it is; residents read the
 * stage with its date, the budget named by its stage, the gap in words with its share of the goal
 * (never '$0.0M'), spending per pupil and the CSV, at 1440x900 and 390x844.
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
  await expect(page.getByText(/^Published (FY26, )?FY27 at /)).toBeVisible();
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
          /(Under|Over) guidance by \$[\d,.]+[MK]? \((less than )?[\d.]+% of the goal\)|On the guidance goal/,
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

test('a $0 year asks to confirm, names the budget year, and Cancel publishes nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await publishThroughMenu(page);
  const before = (await apiCall(page, 'GET', '/public-dashboard/config')).config;
  // The issue's case: a payroll line in budget year FY27's FY2027 makes that budget year hold the
  // year, with no proposed budget: $0 for residents if Publish took it from there.
  const { lineItem } = await apiCall(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId: await budgetYearId(page, 'FY27'),
    fiscalYear: 2027,
    firstName: 'Zero',
    lastName: 'Budget',
    position: 'Teacher',
    currentSalary: 50000,
    currentFTE: 1,
    employeeStatus: 'Active',
  });
  try {
    await page.reload();
    const source = page.getByLabel('Publish FY27 from');
    const fy27 = source.locator('option', { hasText: 'Budget year FY27' });
    await source.selectOption((await fy27.getAttribute('value')) ?? '');
    await expect(page.getByText('FY2027 from budget year FY27 has a $0 budget').first()).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog.getByRole('heading', { name: 'Publish anyway?' })).toBeVisible();
    await expect(dialog).toContainText('FY2027 from budget year FY27 has a $0 budget');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'issue32-publish-confirm-1440');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Nothing was published: residents still read the year from the budget year that has its budget.
    const after = (await apiCall(page, 'GET', '/public-dashboard/config')).config;
    expect(after.publishedAt).toBe(before.publishedAt);
    await page.goto(`/public/${PATH}?year=2027`);
    await expect(page.getByText('$0.0M')).toHaveCount(0);
  } finally {
    await apiCall(page, 'DELETE', `/line-items/${lineItem.id}`);
  }
});
