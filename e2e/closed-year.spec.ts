import { expect, test, type Page } from '@playwright/test';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';

// Past years are read-only history: an ADMIN closes the demo's FY2026 on Budget Stages (reached
// through the Admin menu), the Employee Manager then says the year is closed with no control that
// would be refused, and a line edit through the API is refused naming the year. The closed year is
// reopened with a reason at the end, so the specs after this one find it as it was (Draft).

const FY = 2026;

const chooseYear = (page: Page) => chooseOption(page, 'Fiscal year', /^FY26/);

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  const by = await budgetYearId(page, 'FY26');
  const stages = await apiCall(page, 'GET', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`);
  if (stages.current.closed) {
    await apiCall(page, 'POST', '/budget-stages/reopen-closed', {
      budgetYearId: by,
      fiscalYear: FY,
      reason: 'Reopened by the closed-year spec',
    });
  }
  await page.close();
});

test('ADMIN closes FY2026 on Budget Stages; its lines are read-only history; ADMIN reopens it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await navigate(page, 'Budget Stages');
  await chooseYear(page);
  await expect(page.getByTestId('stage-caption')).toHaveText('Draft');

  await page.getByLabel('Note (optional)').fill('Books closed after the audit');
  await page.getByRole('button', { name: 'Close FY26' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Close FY26' });
  await expect(confirm).toContainText('read-only history');
  await confirm.getByRole('button', { name: 'Close FY26' }).click();
  await expect(page.getByTestId('stage-caption')).toHaveText('Draft, closed: read-only history');
  await expect(page.getByText('This year is closed: read-only history.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Books closed after the audit' })).toContainText(
    'Closed at Draft: read-only history',
  );
  await expect(page.getByRole('button', { name: 'Close FY26' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'closed-year-stages-1440');

  // The year's lines are there to read, with no control that would be refused.
  await navigate(page, 'Employee Manager');
  await chooseYear(page);
  await expect(page.getByTestId('year-lock-notice')).toContainText(lockedYearMessage(FY, 'DRAFT', true));
  await expect(page.getByRole('button', { name: /^Add Line Item$/ })).toHaveCount(0);
  const by = await budgetYearId(page, 'FY26');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const { lineItems } = await apiCall(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${by}&fiscalYear=${FY}&isOperating=true&limit=1`,
  );
  const refused = await page.request.fetch(`/api/line-items/budget/${lineItems[0].id}/next-year-salary`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: { nextYearSalary: 1 },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toBe(lockedYearMessage(FY, 'DRAFT', true));

  // On a phone the reopen form is there, and needs a reason.
  await navigate(page, 'Budget Stages');
  await chooseYear(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const reopen = page.getByRole('button', { name: 'Reopen the closed year' });
  await expect(reopen).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'closed-year-stages-390');
  await page.getByLabel('Reason (required; kept in the audit and security logs)').fill('A late invoice');
  await reopen.click();
  await expect(page.getByTestId('stage-caption')).toHaveText('Draft');
  await expect(page.getByRole('button', { name: 'Close FY26' })).toBeVisible();
});
