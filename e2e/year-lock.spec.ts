import { expect, test, type Page } from '@playwright/test';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  FINANCE,
  navigate,
  reopenIfClosed,
  saveScreen,
  signIn,
  forgetSession,
} from './helpers';

// A voted (locked) year's grids once offered Edit, Delete, Add Line Item and Bulk Actions and
// refused only on Save. The demo FY26 budget's fiscal year 2025 is voted here; FINANCE then finds
// the Employee and Proposed grids saying the year is locked, with its lines to read and export and
// no control that would be refused. The year is reopened afterwards (with a reason) so the specs
// after this one find its lines editable.

const FY = 2025;
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];
const MESSAGE = lockedYearMessage(FY, 'SCHOOL_COMMITTEE_ADOPTED');

async function lockYear(page: Page, by: number) {
  const year = { budgetYearId: by, fiscalYear: FY };
  await reopenIfClosed(page, by, FY);
  const stages = await apiCall(page, 'GET', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`);
  if (stages.current.locked) {
    return;
  }
  if (stages.current.stage === 'DRAFT') {
    await apiCall(page, 'POST', '/budget-stages/advance', {
      ...year,
      stage: 'SUPERINTENDENT_RECOMMENDED',
      date: '2025-02-03',
    });
  }
  const voted = await apiCall(page, 'POST', '/budget-stages/advance', {
    ...year,
    stage: 'SCHOOL_COMMITTEE_ADOPTED',
    date: '2025-03-10',
    note: 'Voted after the hearing',
  });
  expect(voted.current.locked).toBe(true);
}

async function expectLocked(page: Page, grid: string) {
  await page.getByRole('combobox', { name: 'Fiscal year' }).click();
  await page.getByRole('option', { name: /^FY25/ }).click();
  const notice = page.getByTestId('year-lock-notice');
  await expect(notice).toContainText('This year is locked');
  await expect(notice).toContainText(MESSAGE);
  // The lines are there to read.
  await expect(page.getByRole('grid', { name: grid }).getByRole('row').nth(1)).toBeVisible();
  for (const name of [
    /^Edit /,
    /^Delete /,
    /^Add Line Item$/,
    /^Bulk Actions/,
    /^Assign Building$/,
    /^Delete Selected$/,
    /^Set Category$/,
    /^Set Function Code$/,
  ]) {
    await expect(page.getByRole('button', { name }), String(name)).toHaveCount(0);
  }
  // No row can be picked for a bulk change.
  await expect(page.getByRole('grid', { name: grid }).getByRole('checkbox')).toHaveCount(0);
}

const REASON = 'Reopened by the year-lock spec: a transfer after the vote';

async function reopen(page: Page, by: number) {
  const stages = await apiCall(page, 'GET', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`);
  if (stages.current.locked) {
    await apiCall(page, 'POST', '/budget-stages/reopen', {
      budgetYearId: by,
      fiscalYear: FY,
      reason: REASON,
    });
  }
}

test('a locked year’s Employee and Proposed grids say so and offer no edit; its reopen is in the audit history', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN);
  const by = await budgetYearId(page, 'FY26');
  await lockYear(page, by);
  try {
    await forgetSession(page);
    await signIn(page, FINANCE);
    await page.evaluate((id) => localStorage.setItem('budgetYearId', String(id)), by);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/');
      await navigate(page, 'Employee Manager');
      await expectLocked(page, 'Employees');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `year-lock-employees-${size.name}`);

      await navigate(page, 'Proposed Budget');
      await expectLocked(page, 'Proposed lines');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `year-lock-proposed-${size.name}`);
    }

    // The reopen and its reason are read back from the audit log on Budget Stages.
    await forgetSession(page);
    await signIn(page, ADMIN);
    await reopen(page, by);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate((id) => localStorage.setItem('budgetYearId', String(id)), by);
    await page.goto('/');
    await navigate(page, 'Budget Stages');
    await page.getByRole('combobox', { name: 'Fiscal year' }).click();
    await page.getByRole('option', { name: /^FY25/ }).click();
    const item = page
      .getByRole('listitem')
      .filter({ hasText: REASON })
      .filter({ hasText: 'Reopened after' })
      .first();
    await item.getByRole('button', { name: 'Audit history' }).click();
    const history = item.getByRole('region', { name: 'History' });
    await expect(history.getByRole('row', { name: `Reason — ${REASON}` })).toBeVisible();
    await expect(
      history.getByRole('row', { name: 'Reopened after — School Committee Adopted' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'year-lock-reopen-audit');
  } finally {
    await forgetSession(page);
    await signIn(page, ADMIN);
    await reopen(page, by);
  }
});
