import { expect, test, type Page } from '@playwright/test';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { ADMIN, apiCall, budgetYearId, reopenIfClosed, signIn } from './helpers';
import { chooseOption } from './select';

// The CSV import wizard, as an ADMIN, into a year the School Committee has voted: the dry run is
// refused (409, code YEAR_LOCKED) and the preview says the year is locked and where it is reopened,
// with Import off. The wizard tells the refusal by its code, so this is the real server's answer
// read by the real screen. The demo FY26 budget's FY2025 is voted as year-lock.spec.ts does, and
// reopened with a reason at the end; nothing is imported. Named to run last but year-lock.spec.ts
// (CI runs the specs in alphabetical order on one server per part): a vote settles the year's
// projected lines and stays in its history, which the specs before it never see, and year-lock.spec
// votes the same year again.

const FY = 2025;
const VERSION = `E2E locked ${Date.now().toString(36)}`;

async function stagesOf(page: Page, by: number) {
  return apiCall(page, 'GET', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`);
}

/** Votes FY2025 (School Committee Adopted) unless it is locked already. */
async function vote(page: Page, by: number) {
  const year = { budgetYearId: by, fiscalYear: FY };
  await reopenIfClosed(page, by, FY);
  const stages = await stagesOf(page, by);
  if (stages.current.locked) {
    return;
  }
  if (stages.current.stage === 'DRAFT') {
    const recommended = { ...year, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2025-02-03' };
    await apiCall(page, 'POST', '/budget-stages/advance', recommended);
  }
  const adopted = { ...year, stage: 'SCHOOL_COMMITTEE_ADOPTED', date: '2025-03-10' };
  expect((await apiCall(page, 'POST', '/budget-stages/advance', adopted)).current.locked).toBe(true);
}

test('a payroll into a voted year: the preview says the year is locked and where to reopen it, Import off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, '/admin?tab=import');
  const by = await budgetYearId(page, 'FY26');
  await apiCall(page, 'POST', '/versions', { fiscalYear: FY, label: VERSION, budgetYearId: by });
  await vote(page, by);
  try {
    const lines = async () =>
      (await apiCall(page, 'GET', `/line-items/budget/needs-review/count?budgetYearId=${by}`)).count;
    const before = await lines();
    await page.goto('/admin?tab=import');
    await chooseOption(page, 'Budget year', 'FY26 Budget');
    await page.getByRole('radio', { name: /Operating budget \(employees\)/ }).click();
    await chooseOption(page, 'Version', new RegExp(VERSION));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'after-the-vote.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Salary\n"Lee, Ana",61000\n"Park, Jo",48250.50\n'),
    });
    await page.getByRole('button', { name: 'Analyze File' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeFocused();
    await page.getByRole('button', { name: 'Preview Import' }).click();

    const refusal = page.getByRole('alert').filter({ hasText: 'This year is locked' });
    await expect(refusal).toContainText(
      `Cannot import: ${lockedYearMessage(FY, 'SCHOOL_COMMITTEE_ADOPTED')}. Reopen it on Admin → Budget Stages.`,
    );
    await expect(refusal).not.toContainText('failed');
    await expect(page.locator('.imp-actions').getByRole('button', { name: /^Import/ })).toBeDisabled();
    expect(await lines()).toBe(before);
  } finally {
    if ((await stagesOf(page, by)).current.locked) {
      await apiCall(page, 'POST', '/budget-stages/reopen', {
        budgetYearId: by,
        fiscalYear: FY,
        reason: 'Reopened by the year-lock-import spec',
      });
    }
  }
});
