import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, signIn } from './helpers';

/**
 * With the salary section switched off, the half-width cards left alone in their row (Where the
 * Money Goes before the wide state categories, Spending by School before the wide staffing) left
 * an empty column beside them: the grid closes up, each card as wide as the row it is alone in.
 */
const PATH = 'resident-grid';

test('a lone half-width card takes its whole row on a desktop', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, {
    urlPath: PATH,
    publishedYears: [2026],
    showSalaryCharts: false,
    showCategoryChart: true,
    showBuildingChart: true,
    showHeadcountChart: true,
  });
  await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2026] });
  const resident = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const pub = await resident.newPage();
  await pub.goto(`/public/${PATH}`);
  const grid = pub.locator('.pub-grid');
  const width = (await grid.boundingBox())!.width;
  for (const title of ['Where the Money Goes', 'Spending by School']) {
    const card = pub
      .locator('.pub-grid > section')
      .filter({ has: pub.getByRole('heading', { name: title }) });
    const box = (await card.boundingBox())!;
    expect(box.width, `${title} fills its row`).toBeGreaterThan(width - 2);
  }
  await resident.close();
});
