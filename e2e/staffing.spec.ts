import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, FINANCE, navigate, saveScreen, signIn, VIEWER } from './helpers';

// The staffing summary where the committee and the public read it: the Budget Dashboard's Staffing
// section (FINANCE and VIEW_ONLY, through their menus), the Stage Comparison's and the DESE
// report's, and the residents' page (no sign-in) from what was published, at a desktop's and a
// phone's size, axe clean. The demo's FY2026 roster against FY2025's, FTE to the thousandth.

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The section alone as well as the page (saveScreen), for a look at the table itself. */
async function saveSection(section: ReturnType<Page['getByRole']>, name: string) {
  await saveScreen(section.page(), name);
  if (process.env.E2E_SCREENS === '1') {
    await section.screenshot({ path: `test-results/screens/${name}-section.png` });
  }
}

async function staffingSection(page: Page, title: string) {
  const section = page.getByRole('region', { name: title });
  await expect(section).toBeVisible({ timeout: 15_000 });
  await expect(section.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
  return section;
}

/**
 * The section's total row agrees with the server's summary, and every row adds across as shown:
 * Filled + Vacant (+ Frozen, its own column when any FTE is frozen) = Total, in thousandths.
 */
async function checkTotals(page: Page, section: ReturnType<Page['getByRole']>) {
  const summary = await apiCall(page, 'GET', '/positions/staffing?fiscalYear=2026');
  const shown = (fte: number) =>
    Number(fte)
      .toFixed(3)
      .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const thousandths = (text: string | undefined) => Number((text ?? '').replace(/[,.]/g, ''));
  const heads = await section.locator('thead th').allTextContents();
  expect(heads.includes('Frozen FTE')).toBe(Number(summary.totals.frozenFte) > 0);
  const at = (cells: string[], head: string) => cells[heads.indexOf(head)];
  const total = await section.locator('tfoot tr').locator('th, td').allTextContents();
  expect(at(total, 'Filled FTE')).toBe(shown(summary.totals.filledFte));
  expect(at(total, 'Total FTE')).toBe(shown(summary.totals.fte));
  for (const row of await section.locator('tbody tr, tfoot tr').all()) {
    const cells = await row.locator('th, td').allTextContents();
    const added = ['Filled FTE', 'Vacant FTE', 'Frozen FTE'].reduce(
      (n, h) => n + thousandths(at(cells, h)),
      0,
    );
    expect([cells[0], added]).toEqual([cells[0], thousandths(at(cells, 'Total FTE'))]);
  }
  return summary;
}

for (const size of SIZES) {
  test(`FINANCE reads staffing on the dashboard, the stage comparison and the DESE report (${size.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE);
    await navigate(page, 'Dashboard');
    let section = await staffingSection(page, 'Staffing');
    await expect(section.getByRole('columnheader', { name: 'Change from FY25' })).toBeVisible();
    await checkTotals(page, section);
    await section.getByRole('radio', { name: 'Work group' }).click();
    await expect(section.getByRole('columnheader', { name: 'Average salary' })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await saveSection(section, `staffing-dashboard-finance-${size.name}`);
    expect(await axeViolations(page)).toEqual([]);

    await navigate(page, 'Stage Comparison');
    await expect(page.getByRole('heading', { level: 1, name: 'Stage Comparison' })).toBeVisible();
    section = await staffingSection(page, 'Staffing against last year and the last stage');
    await expect(section.getByRole('row').first()).toBeVisible();
    await saveSection(section, `staffing-stage-compare-finance-${size.name}`);
    expect(await axeViolations(page)).toEqual([]);

    await navigate(page, 'DESE Report');
    section = await staffingSection(page, 'Staffing by DESE function');
    await expect(section.getByRole('radio', { name: 'Function' })).toHaveAttribute('aria-checked', 'true');
    await saveSection(section, `staffing-dese-finance-${size.name}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`VIEW_ONLY reads staffing on the dashboard without names (${size.name})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, VIEWER);
    await navigate(page, 'Dashboard');
    const section = await staffingSection(page, 'Staffing');
    await section.getByRole('radio', { name: 'Work group' }).click();
    await expect(section.getByRole('columnheader', { name: 'Average salary' })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await saveSection(section, `staffing-dashboard-viewer-${size.name}`);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('residents read the published staffing by school and by function, without names or pay', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, { urlPath: 'staffing-flow' });
  await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2026] });
  for (const size of SIZES) {
    const resident = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const pub = await resident.newPage();
    await pub.goto('/public/staffing-flow?year=2026');
    const section = await staffingSection(pub, 'Staffing');
    await expect(section.getByRole('columnheader', { name: 'Change from FY25' })).toBeVisible();
    await expect(section.getByRole('columnheader', { name: 'Average salary' })).toHaveCount(0);
    // The published figures read as the signed-in ones: the same totals, each row adding across
    // with its frozen FTE in their own column.
    await checkTotals(page, section.getByRole('table', { name: /staffing by school/ }));
    // Which fund pays: a column per fund, its total the FTE the published figures give it.
    const { fundedBy } = (await (await pub.request.get('/api/public-dashboard/view/staffing-flow')).json())
      .data['2026'].staffing;
    const byFund = section.getByRole('table', { name: /Which fund pays for FY26 positions, by school/ });
    await expect(byFund.getByRole('columnheader', { name: 'Title I, Part A' })).toBeVisible();
    const titleI = fundedBy.funds.findIndex((f: { name: string }) => f.name === 'Title I, Part A');
    expect(titleI).toBeGreaterThan(0);
    const sums = await byFund.locator('tfoot tr td').allTextContents();
    expect(sums[titleI]).toBe(Number(fundedBy.totals[titleI]).toFixed(3));
    expect(Number(sums[titleI])).toBeGreaterThan(0);
    await section.getByRole('radio', { name: 'Function' }).click();
    await expect(
      section
        .getByRole('table', { name: /staffing by DESE function/ })
        .getByRole('columnheader', { name: 'DESE function' }),
    ).toBeVisible();
    await expect(
      section.getByRole('table', { name: /Which fund pays for FY26 positions, by DESE function/ }),
    ).toBeVisible();
    await expect(section.getByText('$')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await saveSection(section, `staffing-resident-${size.name}`);
    expect(await axeViolations(pub)).toEqual([]);
    await resident.close();
  }
});
