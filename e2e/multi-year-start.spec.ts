import { expect, test } from '@playwright/test';
import { fiscalYearLabel } from '@shared/budget-math';
import { formatAmount } from '@shared/money';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

// On COLA Management's Multi-Year tab reached through FINANCE's menu: changing the start year once
// kept the old year's baseline ('$47,177,400 · FY26 proposed budget' for a start of 2028), and at
// 1440 the table's Gap and RIF columns were cut off. The expected baseline is the server's planning
// figure for the new start year (the year before's proposed budget).

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const size of [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`the baseline follows the start year, and the table shows Gap and RIF, at ${size.name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE);
    await navigate(page, 'COLA Management');
    await page.getByRole('tab', { name: 'Multi-Year Projections' }).click();
    const byId = await budgetYearId(page, 'FY26');
    const first = await apiCall(page, 'GET', `/cola/planning-defaults?budgetYearId=${byId}`);
    const start = first.fiscalYear + 1;
    const later = await apiCall(
      page,
      'GET',
      `/cola/planning-defaults?budgetYearId=${byId}&fiscalYear=${start}`,
    );
    expect(later.baseline.amount).not.toBeNull();
    expect(later.baseline.amount).not.toBe(first.baseline.amount);
    const baseline = page.getByLabel('Baseline budget ($)');
    await expect(baseline).toHaveValue(formatAmount(first.baseline.amount));

    await page.getByLabel('Start year').fill(String(start));
    await expect(baseline).toHaveValue(formatAmount(later.baseline.amount));
    await expect(page.getByText(`${fiscalYearLabel(start - 1)} proposed budget`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Project' }).click();
    const table = page.getByRole('table', { name: 'Multi-year projection' });
    await expect(table.getByRole('rowheader', { name: fiscalYearLabel(start) })).toBeVisible();
    const firstRow = (
      await apiCall(
        page,
        'GET',
        `/cola/multi-year-projection?budgetYearId=${byId}&startYear=${start}&endYear=${later.endYear}`,
      )
    ).projections[0];
    expect(firstRow.baseline).toBe(later.baseline.amount);
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
      money(later.baseline.amount),
    );

    if (size.width === 1440) {
      // The Gap and RIF headers are inside the window and not scrolled out of their region.
      await table.scrollIntoViewIfNeeded();
      for (const name of ['Gap', 'RIF']) {
        const header = table.getByRole('columnheader', { name, exact: true });
        await expect(header).toBeInViewport({ ratio: 1 });
        const box = (await header.boundingBox())!;
        const region = (await table.locator('xpath=..').boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(region.x + region.width + 1);
      }
    }
    await table.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `multi-year-start-${size.name}`);
  });
}
