import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  clippedMoney,
  navigate,
  pageOverflow,
  saveScreen,
  signIn,
} from './helpers';

// A budget year just created has no lines: it has not started. Budget year FY34 of this spec's own
// (no other spec touches FY2034), created through the API as Setup does, with a town goal and the
// state figures of FY2034 entered, so every card has something it could compare: the dashboard's
// Town Guidance and Net School Spending cards and the Scenario Builder's 'Meets Goal' say there are
// no budget lines yet and where they come from, never a shortfall, a '$0.0M' budget or 'Yes'.

const FY = 2034;
const FIGURES = {
  foundationEnrollment: 1234.5,
  foundationBudget: 9_800_000,
  requiredLocalContribution: 6_000_000,
  chapter70Aid: 4_000_000,
  requiredNss: 10_000_000,
  carryForward: 0,
};

async function emptyYear(page: Page): Promise<number> {
  const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
  if (!budgetYears.some((y: { fiscalYear: string }) => y.fiscalYear === 'FY34')) {
    await apiCall(page, 'POST', '/budget-years', { label: 'FY34' });
  }
  await apiCall(page, 'POST', '/town-goals', { fiscalYear: FY, goalType: 'DOLLAR', dollarGoal: 12_345_678 });
  await apiCall(page, 'PUT', `/nss/state-figures/${FY}`, FIGURES);
  const id = await budgetYearId(page, 'FY34');
  await page.evaluate((value) => localStorage.setItem('budgetYearId', String(value)), id);
  return id;
}

test('a budget year with no lines reads as not started on the dashboard and in the Scenario Builder', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await emptyYear(page);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Budget Dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('.page-header')).toContainText('no lines yet');

    const gap = page.getByRole('region', { name: 'Budget vs Town Guidance' });
    await expect(gap.getByRole('status')).toContainText('No budget lines yet');
    await expect(gap).toContainText('$12.3M');
    await expect(gap.getByRole('link', { name: 'Admin → Admin Dashboard → CSV Import' })).toHaveAttribute(
      'href',
      '/admin?tab=import',
    );
    // No budget figure, gap or chart of a budget that is not there.
    await expect(gap).not.toContainText('$0.0M');
    await expect(gap).not.toContainText('within the town’s guidance');
    await expect(gap.getByText('Gap', { exact: true })).toHaveCount(0);

    const nss = page.getByRole('region', { name: 'Net School Spending' });
    await expect(nss.getByRole('status')).toContainText('No budget lines yet');
    await expect(nss).toContainText('FY34 has no budget lines in this budget year');
    await expect(nss).not.toContainText(/Below 95%|short|state aid is cut/);
    await expect(nss.getByRole('meter')).toHaveCount(0);
    await saveScreen(page, 'empty-year-dashboard-1440');
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(gap.getByRole('status')).toContainText('No budget lines yet');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, 'empty-year-dashboard-390');

    await page.setViewportSize({ width: 1440, height: 900 });
    // Town Guidance's Gap Analysis, reached from the menu: the goal, and no need, gap or status.
    await page.getByRole('navigation').getByRole('link', { name: 'Town Guidance' }).click();
    const analysis = page.getByRole('region', { name: 'Gap Analysis' });
    await expect(analysis.getByRole('status')).toContainText('No budget lines yet');
    await expect(analysis).toContainText('$12,345,678');
    await expect(analysis.locator('.kpi__label')).toHaveText(['Town goal']);
    await expect(analysis).not.toContainText(/NEAR GOAL|OVER|UNDER|\$0\b/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'empty-year-gap-analysis-1440');

    // The same at 390, opened again from the Menu: the goal and the note fit the phone, none cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    await navigate(page, 'Dashboard');
    await navigate(page, 'Town Guidance');
    await expect(analysis.getByRole('status')).toContainText('No budget lines yet');
    await expect(analysis).toContainText('$12,345,678');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedMoney(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'empty-year-gap-analysis-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/scenario');
    const summary = page.getByRole('region', { name: 'Scenario summary' });
    const meets = summary.locator('.summary-card').filter({ hasText: 'Meets Goal' });
    await expect(meets).toContainText('Not started');
    await expect(meets).toContainText('No budget lines yet');
    await expect(meets).not.toContainText('Yes');
    await expect(page.getByRole('region', { name: 'Net school spending' })).toContainText(
      'No proposed budget lines for FY34 in this budget year yet',
    );
    await saveScreen(page, 'empty-year-scenario-1440');
  } finally {
    const { goals } = await apiCall(page, 'GET', '/town-goals');
    const goal = goals.find((g: { fiscalYear: number }) => g.fiscalYear === FY);
    if (goal) {
      await apiCall(page, 'DELETE', `/town-goals/${goal.id}`);
    }
    await apiCall(page, 'DELETE', `/nss/state-figures/${FY}`);
  }
});
