import { expect, test, type Page } from '@playwright/test';
import { INFLATED_DESCRIPTION, INVENTED_DESCRIPTION, SLOW_TARGET } from './fake-anthropic-server';
import {
  apiCall,
  axeViolations,
  clippedMoney,
  FINANCE,
  navigate,
  pageOverflow,
  saveScreen,
  signIn,
} from './helpers';

// AI Analysis against the fake Messages API the config starts (e2e/fake-anthropic-server.ts):
// its answer is built from the request's own lines, plus one invented line and one inflated saving
// that the server must drop.

const LISTS = ['Likely needed', 'Moderate need', 'Deep cuts'];

/** Fails the test on any Content-Security-Policy report in the console (script-src 'self'). */
function watchCsp(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) {
      reports.push(m.text());
    }
  });
  return reports;
}

async function chooseFy26(page: Page) {
  await page.locator('main').getByRole('combobox', { name: 'Budget year' }).click();
  await page.getByRole('option', { name: 'FY26', exact: true }).click();
}

async function analyze(page: Page, target: string) {
  await page.getByLabel('Target reduction').fill(target);
  await page.getByRole('button', { name: 'Analyze' }).click();
}

async function expectResults(page: Page) {
  for (const name of LISTS) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 30_000 });
  }
  const dropped = page.getByRole('region', { name: 'Dropped suggestions' });
  await expect(dropped).toContainText(INVENTED_DESCRIPTION);
  await expect(dropped).toContainText(/Line 987654321 is not a proposed line of FY26/);
  await expect(dropped).toContainText(INFLATED_DESCRIPTION);
  await expect(dropped).toContainText(/are more than the \$[\d,.]+ its lines and positions cost/);
}

test.describe('at 1440 x 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('FINANCE adds a key, runs an analysis, and tries the chosen cuts in the Scenario Builder', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const csp = watchCsp(page);
    let runs = 0;
    page.on('request', (r) => {
      runs += r.method() === 'POST' && r.url().endsWith('/api/ai-analysis/budget-cuts') ? 1 : 0;
    });
    await signIn(page, FINANCE);
    // Start without a key, whatever an earlier test left behind.
    await apiCall(page, 'PUT', '/auth/update-api-key', { claudeApiKey: null });

    await navigate(page, 'AI Analysis');
    await expect(page.getByText('Add your Claude API key first')).toBeVisible();
    await expect(page.getByText(/No names and no individual salaries are sent/)).toBeVisible();
    await page.getByLabel('Target reduction').fill('1,200,000');
    await expect(page.getByRole('button', { name: 'Analyze' })).toBeDisabled();
    await saveScreen(page, 'ai-analysis-no-key-1440');

    await page.getByRole('link', { name: 'Profile → Claude API Key' }).click();
    await page.waitForURL(/\/profile\?tab=api-key$/);
    await expect(page.getByRole('tab', { name: 'Claude API Key' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Claude API key', { exact: true }).fill('sk-ant-e2e-fake-key');
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expect(page.getByText('A key is stored')).toBeVisible();

    await navigate(page, 'AI Analysis');
    await expect(page.getByText('Add your Claude API key first')).toBeHidden();
    await chooseFy26(page);
    // The year being planned can be chosen; its target starts at what it is over its town goal.
    await page.getByRole('combobox', { name: 'Fiscal year' }).click();
    await page.getByRole('option', { name: /^FY27/ }).click();
    const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
    const fy26Id = budgetYears.find((y: { fiscalYear: string }) => y.fiscalYear === 'FY26').id;
    const fy27 = await apiCall(
      page,
      'GET',
      `/line-items/budget/summary?budgetYearId=${fy26Id}&fiscalYear=2027`,
    );
    const over = Math.round(-fy27.guidanceGap * 100);
    await expect(page.getByLabel('Target reduction')).toHaveValue(
      fy27.hasTownGoal && over > 0 ? `${Math.floor(over / 100)}.${String(over % 100).padStart(2, '0')}` : '',
    );
    await page.getByRole('combobox', { name: 'Fiscal year' }).click();
    await page.getByRole('option', { name: /^FY26/ }).click();
    const target = page.getByLabel('Target reduction');
    await target.fill('12,00');
    await expect(page.getByText(/Enter an amount in dollars/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Analyze' })).toBeDisabled();

    // Cancel while Claude works: the request is dropped and nothing is kept.
    await analyze(page, SLOW_TARGET);
    await expect(page.getByRole('region', { name: 'Analysis in progress' })).toBeVisible();
    await saveScreen(page, 'ai-analysis-progress-1440');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Analysis cancelled. Nothing was saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent analyses' })).toContainText('None yet');

    await analyze(page, '1,200,000');
    await expectResults(page);
    // The total analysed is the FY26 budget the dashboard compares with the town's goal, the general
    // fund's, each dollar once (the salaries are in the proposed lines; adding the position groups
    // again showed $82.5M for $47.2M); what grants pay is said beside it, not analysed.
    const fy26 = { id: fy26Id };
    const dash = await apiCall(
      page,
      'GET',
      `/line-items/budget/summary?budgetYearId=${fy26.id}&fiscalYear=2026`,
    );
    const totalCard = page
      .locator('.summary-card')
      .filter({ has: page.locator('.summary-card__label', { hasText: /^Total analyzed$/ }) })
      .locator('.summary-card__value');
    await expect(totalCard).toHaveText(`$${Math.round(dash.guidanceBudget).toLocaleString('en-US')}`);
    await expect(
      page.getByText(
        /^General fund only: the fund the town's goal pays for\. Not analysed: \d+ proposed lines/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent analyses' }).getByRole('row')).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'ai-analysis-results-1440');

    const likely = page.getByRole('region', { name: 'Likely needed' });
    const boxes = likely.getByRole('checkbox');
    await expect(boxes).toHaveCount(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(page.getByRole('region', { name: 'Try in Scenario Builder' })).toContainText(
      /2 chosen, saving \$/,
    );
    // The window as the user sees it: the bar with the button stays at the bottom.
    await page.screenshot({ path: 'test-results/screens/ai-analysis-chosen-1440.png' });
    await page.getByRole('button', { name: 'Try in Scenario Builder' }).click();

    await page.waitForURL(/\/scenario\?fy=\d+&scenario=\d+$/);
    const scenarioId = new URL(page.url()).searchParams.get('scenario');
    await expect(page.getByRole('heading', { level: 1, name: 'Budget Scenario Builder' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Scenario', exact: true })).toHaveText(/AI analysis/);
    const summary = page.getByRole('region', { name: 'Scenario summary' });
    const card = (label: string) =>
      summary
        .locator('.summary-card')
        .filter({ has: page.locator('.summary-card__label', { hasText: new RegExp(`^${label}$`) }) })
        .locator('.summary-card__value');
    await expect(card('Items Modified')).toHaveText('2');
    // The toast counts the same lines the cards do, and says what the suggestions asked.
    await expect(
      page.getByText(/^2 lines cut by \$[\d,]+ of the \$[\d,]+ the chosen suggestions save\./),
    ).toBeVisible();
    await expect(card('Gap')).toContainText('$');
    await expect(card('Total Cuts')).not.toHaveText('$0.00');
    await saveScreen(page, 'ai-analysis-scenario-1440');

    // Back to the analysis: it is read again from the record, not asked of Claude again.
    await page.goBack();
    await expectResults(page);
    expect(runs).toBe(2);
    expect(csp).toEqual([]);
    // Leave the Scenario Builder's specs the scenarios they expect.
    await apiCall(page, 'DELETE', `/scenarios/cuts/${scenarioId}`);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('AI Analysis at 390px: the key notice, the form and the results fit the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, FINANCE);
    await apiCall(page, 'PUT', '/auth/update-api-key', { claudeApiKey: null });
    await navigate(page, 'AI Analysis');
    await expect(page.getByText('Add your Claude API key first')).toBeVisible();
    await saveScreen(page, 'ai-analysis-no-key-390');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    await apiCall(page, 'PUT', '/auth/update-api-key', { claudeApiKey: 'sk-ant-e2e-fake-key' });
    await page.reload();
    await expect(page.getByText('Add your Claude API key first')).toBeHidden();
    await chooseFy26(page);
    await analyze(page, '$1.2M');
    await expectResults(page);
    await page.waitForLoadState('networkidle');
    await saveScreen(page, 'ai-analysis-results-390');
    const likely = page.getByRole('region', { name: 'Likely needed' });
    await likely.getByRole('checkbox').first().check();
    await likely.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/ai-analysis-results-390-lists.png' });
    expect(await clippedMoney(page)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
