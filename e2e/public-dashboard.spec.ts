import { expect, test, type Locator, type Page } from '@playwright/test';
import { centsOf, divideRounded } from '@shared/money';
import { ADMIN, apiCall, axeViolations, BUDGET_KPI, pageOverflow, saveScreen, signIn } from './helpers';

/** Residents read the public dashboard on a phone, with no sign-in. */

const PATH = 'resident-view';
// Sections in a deliberately unusual order, with the salary charts shown and the progress bar hidden.
const ORDER = [
  'categoryChart',
  'budgetStatus',
  'links',
  'schoolInfo',
  'buildingChart',
  'salaryCharts',
  'headcountChart',
  'progressBar',
  'townLinks',
];
const TITLES: Record<string, RegExp> = {
  categoryChart: /^Where the Money Goes$/,
  budgetStatus: /Budget and the Town's Goal$/,
  links: /^Learn More$/,
  buildingChart: /^Spending by School$/,
  salaryCharts: /^Teacher Salaries$/,
  headcountChart: /^Staff by School$/,
  townLinks: /^Town and School Websites$/,
};

const millions = (v: number) => `$${(v / 1_000_000).toFixed(1)}M`;

/** A table's rows as a resident reads them: each row's heading and its first cell in dollars. */
async function dollarRows(table: Locator): Promise<{ name: string; dollars: bigint }[]> {
  const rows = await table.evaluate((t) =>
    [...t.querySelectorAll('tbody tr, tfoot tr')].map((tr) => ({
      name: tr.querySelector('th')?.textContent ?? '',
      figure:
        [...tr.querySelectorAll('td')]
          .map((td) => /^\$([\d,]+)$/.exec(td.textContent ?? '')?.[1])
          .find(Boolean) ?? '',
    })),
  );
  return rows.map((r) => ({ name: r.name, dollars: BigInt(r.figure.replace(/,/g, '')) }));
}

/**
 * Whole dollars a resident can add up: the rows sum to the Total under them, the Total is the
 * exact total rounded once, and each row is within a dollar of its exact amount.
 */
function expectAddsUp(rows: { name: string; dollars: bigint }[], exact: number[], totalCents: bigint) {
  const body = rows.slice(0, -1);
  expect(rows.at(-1)!.name).toBe('Total');
  expect(body.map((r) => r.dollars).reduce((a, b) => a + b, 0n)).toBe(rows.at(-1)!.dollars);
  expect(rows.at(-1)!.dollars).toBe(divideRounded(totalCents, 100n));
  body.forEach((r, i) => {
    const off = r.dollars * 100n - centsOf(exact[i]);
    expect(off > -100n && off < 100n, `${r.name}: $${r.dollars} for ${exact[i]}`).toBe(true);
  });
}

/** As an admin, through the API: the settings above, a video link, and FY26 + FY27 published. */
async function publishDashboard(page: Page): Promise<void> {
  await signIn(page, ADMIN);
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, {
    urlPath: PATH,
    schoolName: 'Millbrook Public Schools',
    schoolLogoUrl: null,
    townWebsiteUrl: 'https://www.millbrook-town.example',
    schoolWebsiteUrl: 'https://www.millbrook-schools.example',
    publishedYears: [2026, 2027],
    componentOrder: ORDER.join(','),
    showSalaryCharts: true,
    showProgressBar: false,
    showLinks: true,
    showTownLinks: true,
  });
  const { links } = await apiCall(page, 'GET', `/public-dashboard/${config.id}/links`);
  if (!links.some((l: { title: string }) => l.title === 'Budget hearing')) {
    await apiCall(page, 'POST', `/public-dashboard/${config.id}/links`, {
      title: 'Budget hearing',
      description: 'The school committee presents the budget.',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      linkType: 'video',
    });
  }
  await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2026, 2027] });
}

test.describe('a resident on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reads the sections in the configured order, switches year, opens the video and the tables', async ({
    page,
    browser,
  }) => {
    await publishDashboard(page);
    const view = await (await page.request.get(`/api/public-dashboard/view/${PATH}`)).json();

    const resident = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pub = await resident.newPage();
    await pub.goto(`/public/${PATH}`);
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText('FY27 Millbrook Public Schools Budget');

    // Only the visible sections, in the configured order (the progress bar is hidden).
    const headings = await pub.locator('main section h2').allTextContents();
    const expected = ORDER.filter((k) => TITLES[k]);
    const positions = expected.map((k) => headings.findIndex((h) => TITLES[k].test(h)));
    expect(
      positions.every((p) => p >= 0),
      `${headings.join(' | ')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(pub.getByRole('heading', { name: "Budget Compared with the Town's Goal" })).toHaveCount(0);

    // The total and the goal of FY27, in millions.
    // Named by the year's stage: 'Proposed school budget' in Draft.
    const budget = pub.locator('.kpi').filter({ hasText: BUDGET_KPI });
    // Beside the goal, the general fund's budget: the part the town's goal pays for.
    await expect(budget).toContainText(millions(view.data['2027'].guidanceBudget));
    // The chart of the budget against the goal reads on a phone: the names above the bars, not
    // beside them, where 'Proposed school budget, general fund' left the bars 71 px of 332.
    const goalCard = pub.getByRole('region', { name: /Budget and the Town's Goal$/ });
    const plot = goalCard.locator('.js-plotly-plot');
    await expect(plot.locator('.main-svg').first()).toBeVisible();
    const plotBox = (await plot.boundingBox())!;
    expect(plotBox.height).toBeGreaterThanOrEqual(200);
    expect(plotBox.x).toBeGreaterThanOrEqual(0);
    expect(plotBox.x + plotBox.width).toBeLessThanOrEqual(390);
    // Plotly's drag layer covers the bars' area: most of the chart's width.
    const barsBox = (await plot.locator('.nsewdrag').first().boundingBox())!;
    expect(barsBox.width).toBeGreaterThanOrEqual(plotBox.width * 0.8);
    await saveScreen(pub, 'public-dashboard-390');

    // A second published year: the selector switches every figure.
    await pub.getByLabel('Budget year').selectOption('2026');
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText('FY26 Millbrook Public Schools Budget');
    await expect(budget).toContainText(millions(view.data['2026'].guidanceBudget));
    expect(pub.url()).toContain('year=2026');

    // Every chart has its table of the same numbers.
    const categories = pub.getByRole('region', { name: 'Where the Money Goes' });
    await categories.getByRole('radio', { name: 'Table' }).click();
    const first = view.data['2026'].categoryBreakdown[0];
    const row = categories.getByRole('row', { name: new RegExp(`^${first.name}`) });
    await expect(row).toBeVisible();
    // Whole dollars that add up to the Total row (each within $1 of its amount, not each rounded alone).
    const shownCategories = view.data['2026'].categoryBreakdown as { amount: number }[];
    expectAddsUp(
      await dollarRows(categories.getByRole('table')),
      shownCategories.map((c) => c.amount),
      shownCategories.reduce((n, c) => n + centsOf(c.amount), 0n),
    );

    // The same year in the state's (DESE) categories, each with its figure, adding up to the total.
    const dese = pub.getByRole('region', { name: "The FY26 Budget in the State's Categories" });
    for (const group of view.data['2026'].deseBreakdown) {
      await expect(dese.getByRole('rowheader', { name: group.name, exact: true })).toBeVisible();
    }
    const firstCode = view.data['2026'].deseBreakdown.find(
      (g: { functions: unknown[] }) => g.functions.length,
    ).functions[0];
    const codeRow = dese.getByRole('rowheader', { name: `${firstCode.code} ${firstCode.name}` });
    await expect(codeRow).toBeHidden();
    await dese.getByRole('button', { name: 'Show the function codes' }).click();
    await expect(codeRow).toBeVisible();
    const deseTotal = dese.getByRole('row', { name: /^Total/ });
    await expect(deseTotal).toContainText(
      `$${Math.round(view.data['2026'].totalBudget).toLocaleString('en-US')}`,
    );
    // The state's categories add up to that Total as shown (the function rows are checked in
    // web/src/screens/public-view/whole-dollars.test.tsx).
    const deseGroups = view.data['2026'].deseBreakdown as { name: string; amount: number }[];
    const groupRows = (await dollarRows(dese.getByRole('table'))).filter(
      (r) => r.name === 'Total' || deseGroups.some((g) => g.name === r.name),
    );
    expectAddsUp(
      groupRows,
      deseGroups.map((g) => g.amount),
      centsOf(view.data['2026'].totalBudget),
    );

    // The video plays in a dialog, in YouTube's privacy-enhanced player; Escape closes it.
    await pub.getByRole('button', { name: 'Watch: Budget hearing' }).click();
    const dialog = pub.getByRole('dialog', { name: 'Budget hearing' });
    await expect(dialog.locator('iframe')).toHaveAttribute(
      'src',
      /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
    );
    await saveScreen(pub, 'public-dashboard-video-390');
    await pub.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await expect(pub.getByText(/^Last updated /)).toBeVisible();
    await expect(pub.getByRole('link', { name: 'Download the data (CSV)' })).toHaveAttribute(
      'href',
      `/api/public-dashboard/view/${PATH}/data.csv?year=2026`,
    );
    expect(await axeViolations(pub)).toEqual([]);
    await resident.close();
  });

  test('the category legend reads in full and every value label stays inside its chart', async ({
    page,
    browser,
  }) => {
    await publishDashboard(page);
    const view = await (await page.request.get(`/api/public-dashboard/view/${PATH}`)).json();
    const resident = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pub = await resident.newPage();
    for (const year of [2027, 2026]) {
      await pub.goto(`/public/${PATH}?year=${year}`);
      await expect(pub.getByRole('heading', { level: 1 })).toContainText(`FY${year % 100}`);
      const plots = pub.locator('.chart-plot');
      await expect(plots.first()).toBeVisible();
      for (const plot of await plots.all()) {
        await expect(plot.locator('.main-svg').first()).toBeAttached();
      }
      // Every category by its whole name, none cut to 'Teac...'.
      const legend = pub.getByRole('region', { name: 'Where the Money Goes' }).locator('.legend-toggle');
      const names: string[] = view.data[String(year)].categoryBreakdown.map((c: { name: string }) => c.name);
      await expect(legend.locator('.legend-toggle__name')).toHaveText(names);
      const cut = await pub.evaluate(() => {
        const found: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('.legend-toggle, .legend-toggle *')) {
          if (el.scrollWidth > el.clientWidth + 1) {
            found.push(`${el.textContent} is ${el.scrollWidth}px in ${el.clientWidth}px`);
          }
        }
        for (const el of document.querySelectorAll<HTMLElement>('.legend-toggle')) {
          const card = el.closest('.card')!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          if (r.right > card.right + 1 || r.right > window.innerWidth) {
            found.push(`${el.textContent} runs past its card`);
          }
        }
        // Plotly's own legends, when a chart draws one, shorten names with an ellipsis.
        for (const el of document.querySelectorAll('.chart-plot .legendtext')) {
          if (/…|\.\.\.$/.test(el.textContent ?? '')) {
            found.push(`legend ${el.textContent}`);
          }
        }
        return found;
      });
      expect(cut).toEqual([]);
      // The value printed at each bar lies within the chart drawn for it (not cut at the right edge).
      const outside = await pub.evaluate(() => {
        const found: string[] = [];
        for (const plot of document.querySelectorAll<HTMLElement>('.chart-plot')) {
          const box = plot.querySelector('.main-svg')!.getBoundingClientRect();
          for (const text of plot.querySelectorAll('text.bartext, text.slicetext')) {
            const r = text.getBoundingClientRect();
            if (
              r.width &&
              (r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth)
            ) {
              found.push(
                `${text.textContent} at ${Math.round(r.left)}-${Math.round(r.right)}px in a chart ${Math.round(box.left)}-${Math.round(box.right)}px (${plot.getAttribute('aria-label')?.slice(0, 40)})`,
              );
            }
          }
        }
        return found;
      });
      expect(outside).toEqual([]);
      expect(await pageOverflow(pub)).toBeLessThanOrEqual(0);
      // The cards themselves, at a size one can judge (the full page shrinks them too far).
      for (const [card, name] of [
        [/^Where the Money Goes$/, 'categories'],
        [/Budget and the Town's Goal$/, 'goal'],
        [/^Spending by School$/, 'schools'],
      ] as const) {
        await pub.getByRole('region', { name: card }).screenshot({
          path: `test-results/screens/public-dashboard-390-fy${year % 100}-${name}.png`,
        });
      }
    }
    await resident.close();
  });

  test('an unknown address says Dashboard Not Found', async ({ page }) => {
    const response = await page.goto('/public/no-such-dashboard');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Dashboard Not Found' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the totals are in the page without JavaScript', async ({ browser, page }) => {
    await publishDashboard(page);
    const view = await (await page.request.get(`/api/public-dashboard/view/${PATH}`)).json();
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const pub = await noScript.newPage();
    await pub.goto(`/public/${PATH}`);
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText('FY27 Millbrook Public Schools Budget');
    const total = `$${Math.round(view.data['2027'].guidanceBudget).toLocaleString('en-US')}`;
    await expect(pub.locator('.kpi').filter({ hasText: BUDGET_KPI })).toContainText(total);
    // Everything published reads without JavaScript: the sentence about the goal, the DESE
    // categories, the links (the hearing video as a link), and the other published year.
    await expect(pub.locator('.gap-status')).toHaveText(/town's goal|has not set a budget goal/);
    await expect(pub.getByRole('table', { name: /state's categories/ })).toBeVisible();
    await expect(pub.getByRole('link', { name: 'Budget hearing' }).first()).toBeVisible();
    await pub
      .getByRole('navigation', { name: 'Published budget years' })
      .getByRole('link', { name: 'FY26' })
      .click();
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText('FY26 Millbrook Public Schools Budget');
    expect(await pageOverflow(pub)).toBeLessThanOrEqual(0);
    await saveScreen(pub, 'public-dashboard-nojs-390');
    await noScript.close();
  });
});

test('a resident on a desktop sees the same page, laid out wide', async ({ page, browser }) => {
  await publishDashboard(page);
  const resident = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const pub = await resident.newPage();
  await pub.goto(`/public/${PATH}`);
  await expect(pub.getByRole('heading', { level: 1 })).toContainText('FY27');
  await expect(pub.locator('.chart-plot .main-svg').first()).toBeVisible();
  await saveScreen(pub, 'public-dashboard-1440');
  await pub.emulateMedia({ media: 'print' });
  await expect(pub.getByLabel('Budget year')).toBeHidden();
  await saveScreen(pub, 'public-dashboard-print');
  await resident.close();
});
