import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  FINANCE,
  navigate,
  saveScreen,
  signIn,
} from './helpers';
import { chooseOption } from './select';

// An ADMIN walks a fiscal year from Draft to Town Appropriated on Budget Stages, reached through
// the Admin menu; the dashboard then says which stage its figures are in, FINANCE is refused a move
// and a line edit in the voted year. At the end the year is reopened so the specs after this one
// find its lines editable.

const FY = 2027;

async function move(page: Page, label: string, date: string, note: string) {
  await page.getByLabel('Date of the vote or meeting').fill(date);
  await page.getByLabel('Note (the vote, the meeting)').fill(note);
  await page.getByRole('button', { name: `Move to ${label}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Record: ${label}` });
  await expect(confirm).toContainText('This freezes a snapshot');
  await confirm.getByRole('button', { name: `Record ${label}` }).click();
  await expect(page.getByTestId('stage-caption')).toContainText(label);
}

/** An API call expected to be refused: its status and body. */
async function refused(page: Page, method: string, apiPath: string, body: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`/api${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: body,
  });
  return { status: res.status(), body: await res.json() };
}

const chooseYear = (page: Page) => chooseOption(page, 'Fiscal year', new RegExp(`^FY${String(FY).slice(2)}`));

test('ADMIN walks FY27 from Draft to Town Appropriated; the dashboard and FINANCE see the vote', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await navigate(page, 'Budget Stages');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Stages' })).toBeVisible();
  await chooseYear(page);
  await expect(page.getByTestId('stage-caption')).toHaveText('Draft');

  await move(page, "Superintendent's Recommended", '2027-02-01', 'Presented at the 1 February meeting');
  await move(page, 'School Committee Adopted', '2027-03-12', 'Voted 5-0 after the public hearing');
  await expect(page.getByTestId('stage-caption')).toHaveText('School Committee Adopted, voted Mar 12, 2027');
  await expect(page.getByText('The lines of this year are locked')).toBeVisible();
  await move(page, 'Town Appropriated', '2027-05-10', 'Town meeting, Article 4');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Voted 5-0 after the public hearing' }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'budget-stages-1440');

  await navigate(page, 'Dashboard');
  await chooseYear(page);
  await expect(page.getByTestId('stage-line')).toContainText('Town Appropriated, appropriated May 10, 2027');
  await expect(page.getByTestId('stage-line')).toContainText('lines locked');
  // Residents have not been shown the vote yet: the dashboard says so.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Town Appropriated, appropriated May 10, 2027: not yet published' }),
  ).toBeVisible();
  await saveScreen(page, 'budget-stages-dashboard');
  await navigate(page, 'Budget Stages');
  await chooseYear(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('stage-caption')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'budget-stages-390');
});

test('FINANCE sees the stage but cannot move it or change a voted line', async ({ page }) => {
  await signIn(page, FINANCE);
  await navigate(page, 'Budget Stages');
  await chooseYear(page);
  await expect(page.getByTestId('stage-caption')).toHaveText('Town Appropriated, appropriated May 10, 2027');
  await expect(page.getByRole('button', { name: /Move to/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reopen for changes' })).toHaveCount(0);

  const id = await budgetYearId(page, 'FY26');
  const moved = await refused(page, 'POST', '/budget-stages/advance', {
    budgetYearId: id,
    fiscalYear: FY,
    stage: 'REVISED',
    date: '2027-06-01',
  });
  expect(moved.status).toBe(403);
  const lines = await apiCall(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${id}&fiscalYear=${FY}&isOperating=false`,
  );
  const line = lines.lineItems[0];
  const edit = await refused(page, 'PUT', `/line-items/${line.id}`, { amount: 1 });
  expect(edit.status).toBe(409);
  expect(edit.body.error).toBe(
    // The year as every screen writes it (FY27), not FY2027.
    'FY27 is Town Appropriated: its lines cannot change until an administrator reopens it with a reason',
  );
});

test('ADMIN reopens the year with a reason; the history keeps it', async ({ page }) => {
  await signIn(page, ADMIN);
  await navigate(page, 'Budget Stages');
  await chooseYear(page);
  await page.getByLabel(/^Reason/).fill('Transfer voted 1 December to restore the library aide');
  await page.getByRole('button', { name: 'Reopen for changes' }).click();
  await expect(page.getByTestId('stage-caption')).toHaveText(
    'Town Appropriated, appropriated May 10, 2027, reopened for changes',
  );
  await expect(page.getByRole('listitem').filter({ hasText: 'restore the library aide' })).toBeVisible();
});
