import { expect, test, type Page } from '@playwright/test';
import { pickDefaultBudgetYear } from '@shared/schemas/budget-years';
import { apiCall, FINANCE, navigate, signIn } from './helpers';

// Town goals as the finance office reads them. A percent goal gives a dollar goal with cents
// (1.5% under $46,179,020 is $45,486,334.70), which the cards and the goal form showed rounded to
// the dollar; and a cut read '-1.5% over the FY32 goal'. FY2032 and FY2033 are this spec's own (no
// other spec sets a goal for them); the goals are removed after.

const BASE_YEAR = 2032;
const CUT_YEAR = 2033;

async function withGoals(page: Page, run: () => Promise<void>): Promise<void> {
  const clear = async () => {
    const { goals } = await apiCall(page, 'GET', '/town-goals');
    // The later year first: it follows the earlier one's goal.
    for (const goal of goals
      .filter((g: { fiscalYear: number }) => g.fiscalYear === BASE_YEAR || g.fiscalYear === CUT_YEAR)
      .sort((a: { fiscalYear: number }, b: { fiscalYear: number }) => b.fiscalYear - a.fiscalYear)) {
      await apiCall(page, 'DELETE', `/town-goals/${goal.id}`);
    }
  };
  await clear();
  await apiCall(page, 'POST', '/town-goals', {
    fiscalYear: BASE_YEAR,
    goalType: 'DOLLAR',
    dollarGoal: 46_179_020,
  });
  await apiCall(page, 'POST', '/town-goals', {
    fiscalYear: CUT_YEAR,
    goalType: 'PERCENT',
    percentGoal: -1.5,
  });
  try {
    await run();
  } finally {
    await clear();
  }
}

test("a percent goal's card shows its dollars to the cent", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await withGoals(page, async () => {
    await navigate(page, 'Town Guidance');
    const card = page.getByRole('article', { name: 'FY33' });
    const amount = card.locator('.goal-card__amount');
    await expect(amount).toHaveText('$45,486,334.70');
    // On one line: the cards are wide enough for the cents ('$45,486,334.7' above a lone '0' was not).
    const lines = await amount.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
    await expect(card.getByRole('definition').filter({ hasText: '$46,179,020' })).toContainText(
      '$46,179,020.00',
    );
  });
});

test('a cut reads as under its baseline, on the card and in the goal form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, FINANCE);
  await withGoals(page, async () => {
    await navigate(page, 'Town Guidance');
    const card = page.getByRole('article', { name: 'FY33' });
    await expect(card.getByText('1.5% under the FY32 goal', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('over');
    await card.getByRole('button', { name: 'Edit FY33 goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit FY33 Goal' });
    await expect(dialog.getByRole('status')).toHaveText(/^= \$[\d,.]+: 1\.5% under the FY32 goal, now \$/);
  });
});

test('the goal form works its figures out to the cent', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await withGoals(page, async () => {
    await navigate(page, 'Town Guidance');
    await page.getByRole('button', { name: 'Edit FY33 goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit FY33 Goal' });
    await expect(dialog.getByRole('status')).toHaveText(/^= \$45,486,334\.70: .* now \$46,179,020\.00$/);
    await expect(dialog.getByText('Leave empty to follow the FY32 goal, now $46,179,020.00')).toBeVisible();
  });
});

// The Gap Analysis and the Scenario Builder measure the same need against the same goal: both to
// the cent (the analysis showed '$508,685' where the Scenario Builder showed '$508,684.50').
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the Gap Analysis shows the need, the goal and the gap to the cent (${viewport.width} wide)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, FINANCE);
    const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
    // The year the header opens on, and its current fiscal year: what the analysis opens on.
    const year = pickDefaultBudgetYear(
      budgetYears as { id: number; fiscalYear: string; currentFiscalYear: number }[],
    )!;
    const fy = year.currentFiscalYear as number;
    const gap = await apiCall(
      page,
      'GET',
      `/town-goals/analysis/gap?fiscalYear=${fy}&budgetYearId=${year.id}`,
    );
    // Dollars as the API sends them (numbers with at most two decimals), written out by hand.
    const cents = (n: number) => {
      const [whole, part = ''] = Math.abs(n).toFixed(2).split('.');
      return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part}`;
    };
    await navigate(page, 'Town Guidance');
    const analysis = page.getByRole('region', { name: 'Gap Analysis' });
    await expect(analysis.locator('.kpi__value').first()).toHaveText(cents(gap.districtNeed));
    await expect(analysis).toContainText(cents(gap.townGoal));
    await expect(analysis.locator('.gap-analysis__gap')).toHaveText(
      `${gap.gap > 0 ? 'Over' : 'Under'} guidance by ${cents(gap.gap)}`,
    );
  });
}
