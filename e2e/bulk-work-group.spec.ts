import { expect, test, type Page } from '@playwright/test';
import { FINANCE, navigate, signIn } from './helpers';

// Work groups are chosen, not typed: the Employee Manager's Bulk Actions offers the existing work
// groups in a select, and the server refuses a name no group has. The test makes its own employee
// (through the API) under a name unique to this run and deletes it at the end.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

async function call(page: Page, method: string, path: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: body,
  });
}

async function json(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  const response = await call(page, method, path, body);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

test('Bulk Actions chooses a work group among the existing ones; a typed name is refused', async ({
  page,
}) => {
  await signIn(page, FINANCE);
  const { budgetYears } = await json(page, 'GET', '/budget-years');
  const budgetYearId = budgetYears.find((y: { fiscalYear: string }) => y.fiscalYear === 'FY26').id;
  const last = `Bulkgroup${RUN}`;
  const { lineItem } = await json(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId,
    fiscalYear: 2026,
    firstName: 'Rae',
    lastName: last,
    position: 'Instructional Paraprofessional',
    currentSalary: 31000,
    currentFTE: 1,
    employeeStatus: 'Active',
  });
  const { workGroups } = await json(page, 'GET', '/cola/work-groups');
  const names: string[] = workGroups.map((g: { name: string }) => g.name);

  await navigate(page, 'Employee Manager');
  // Retried until the new screen's heading shows (the screen left may still draw its own).
  await expect(
    page.getByRole('heading', { level: 1, name: 'Employee Budget Manager', exact: true }),
  ).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(last);
  await expect(page.locator('.ag-row [col-id="building"]')).toHaveCount(1);
  await page.locator('.ag-header-select-all input').check();
  await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Actions' });
  await dialog.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Assign work group' }).click();

  // A select, not a text box: nothing to mistype.
  const group = dialog.getByRole('combobox', { name: 'Work group' });
  await expect(group).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Work group' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a work group');
  await group.click();
  await expect(page.getByRole('option')).toHaveText(names);
  await page.getByRole('option', { name: 'Paraprofessionals', exact: true }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.toast').getByText('Assigned 1 employee to Paraprofessionals')).toBeVisible();
  await expect(page.locator('.ag-row [col-id="workGroup"]')).toHaveText('Paraprofessionals');

  // The API refuses a name no work group has, and writes nothing.
  const typo = await call(page, 'POST', '/line-items/bulk-work-group', {
    itemIds: [lineItem.id],
    workGroup: 'Para Educator',
  });
  expect(typo.status()).toBe(400);
  expect((await typo.json()).details).toEqual([expect.objectContaining({ path: 'workGroup' })]);
  const after = await json(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${budgetYearId}&isOperating=true&fiscalYear=2026`,
  );
  expect(after.lineItems.find((l: { id: number }) => l.id === lineItem.id).workGroup).toBe(
    'Paraprofessionals',
  );

  await json(page, 'POST', '/line-items/bulk-delete', { itemIds: [lineItem.id] });
});
