import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  navigate,
  saveScreen,
  signIn,
  VIEWER,
  forgetSession,
} from './helpers';

// A school committee member (VIEW_ONLY) reaches Budget Stages, the Stage Comparison, the DESE
// Report and Budget vs Actual through the Budget Tools menu (the Menu button on a phone), none of
// them Access Denied; the comparison shows its totals and breakdowns but not the line-by-line
// changes, which list salaries. The demo FY26 budget's FY2026 is recorded as the superintendent's
// recommendation first (unless a spec before this one did), so there is a stage to compare with.

const FY = 2026;
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

async function ensureStage(page: Page) {
  await signIn(page, ADMIN);
  const by = await budgetYearId(page, 'FY26');
  const stages = await apiCall(page, 'GET', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`);
  if (!stages.events.some((e: { event: string }) => e.event === 'advance')) {
    await apiCall(page, 'POST', '/budget-stages/advance', {
      budgetYearId: by,
      fiscalYear: FY,
      stage: 'SUPERINTENDENT_RECOMMENDED',
      date: '2026-02-02',
      note: 'Presented to the school committee',
    });
  }
  await forgetSession(page);
}

async function open(page: Page, label: string, heading: string) {
  await navigate(page, label);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText('Access Denied')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

for (const size of SIZES) {
  test(`VIEW_ONLY reads the stages, their comparison, the DESE report and budget vs actual at ${size.name}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await ensureStage(page);
    await signIn(page, VIEWER);

    await open(page, 'Budget Stages', 'Budget Stages');
    await expect(page.getByTestId('stage-caption')).toBeVisible();
    // Reading only: no move, no reopen, no audit log (staff's).
    await expect(page.getByRole('button', { name: /^Move to / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Audit history' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `view-only-budget-stages-${size.name}`);

    await open(page, 'Stage Comparison', 'Stage Comparison');
    const report = page.getByRole('article', { name: 'Stage comparison' });
    await expect(report).toBeVisible();
    await expect(report.getByRole('region', { name: /^By category/ })).toBeVisible();
    await expect(report.getByRole('region', { name: /^By DESE function/ })).toBeVisible();
    await expect(report.getByRole('region', { name: /^By building/ })).toBeVisible();
    await expect(page.getByTestId('compare-lines-withheld')).toHaveText(
      "Line-by-line changes list employees' salaries and are shown to finance staff only.",
    );
    await expect(report.getByRole('heading', { name: /^(Employee|Proposed budget) lines/ })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^FY2026-stage-\d+-vs-current\.xlsx$/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `view-only-stage-compare-${size.name}`);

    await open(page, 'DESE Report', 'DESE Report');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `view-only-dese-report-${size.name}`);

    await open(page, 'Budget vs Actual', 'Budget vs Actual');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `view-only-budget-vs-actual-${size.name}`);
  });
}
