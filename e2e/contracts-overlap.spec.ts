import { expect, test, type Page } from '@playwright/test';
import { apiCall, FINANCE, navigate, signIn } from './helpers';
import { fiscalYearLabel } from '@shared/budget-math';
import { chooseOption } from './select';

// Contracts do not silently overlap, on COLA Management reached through the menu as a finance user.
// A second settled Teachers contract over the ratified Unit A agreement is refused under its
// Supersedes field, then accepted once it supersedes Unit A, which stays listed as superseded;
// deleting it at the end puts Unit A back in force, as the demo began.

const UNIT_A = 'Millbrook Education Association (Unit A) 2024-2027';
const NAME = `Teachers 1% 2027-2029 ${Date.now().toString(36)}`;

interface ListedContract {
  id: number;
  name: string;
  supersededBy: { id: number; name: string } | null;
}

const contracts = async (page: Page): Promise<ListedContract[]> =>
  (await apiCall(page, 'GET', '/cola/contracts')).contracts;

test('a settled contract over Unit A is refused until it supersedes it; Unit A stays listed as superseded', async ({
  page,
}) => {
  await signIn(page, FINANCE);
  await navigate(page, 'COLA Management');
  // Retried until the new screen's heading shows (the screen left may still draw its own).
  await expect(page.getByRole('heading', { level: 1, name: 'COLA Management', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Contracts', selected: true })).toBeVisible();
  const before = await contracts(page);

  await page.getByRole('button', { name: 'Add Contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Contract' });
  await dialog.getByLabel('Contract name').fill(NAME);
  await chooseOption(page, 'Work group', 'Teachers');
  for (const fy of [2027, 2028, 2029]) {
    await dialog.getByLabel(new RegExp(`^${fiscalYearLabel(fy)} COLA %`)).fill('1');
  }
  // A negotiating offer may stand beside Unit A: no Supersedes choice.
  await expect(dialog.getByLabel('Supersedes')).toHaveCount(0);
  await chooseOption(page, 'Status', 'Settled');
  await dialog.getByLabel('Settlement date').fill('2026-06-15');
  const supersedes = dialog.getByRole('combobox', { name: 'Supersedes' });
  await expect(supersedes).toHaveText('No contract');
  await expect(dialog.locator('#contract-supersedes-note')).toContainText(
    `“${UNIT_A}” is settled for some of these years`,
  );

  // Saved without choosing: refused, the message under the field naming Unit A and FY2027.
  await dialog.getByRole('button', { name: 'Create Contract' }).click();
  const note = dialog.locator('#contract-supersedes-note');
  await expect(note).toContainText(`“${UNIT_A}” (#`);
  await expect(note).toContainText('FY25–FY27) in FY27');
  await expect(supersedes).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toContainText('Failed to create contract');
  // The overlap is said once, under the field, not again in the banner.
  await expect(dialog.getByText(/FY25–FY27\) in FY27/)).toHaveCount(1);
  expect((await contracts(page)).map((c) => c.name)).toEqual(before.map((c) => c.name));

  // Superseding Unit A, it is accepted.
  await chooseOption(page, 'Supersedes', `${UNIT_A} (FY25–FY27)`);
  await dialog.getByRole('button', { name: 'Create Contract' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Contract “${NAME}” created`)).toBeVisible();

  const unitARow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: UNIT_A, exact: true }) });
  await expect(unitARow.getByText('Superseded', { exact: true })).toBeVisible();
  await expect(unitARow).toContainText(`Settled, superseded by “${NAME}”; its COLA no longer counts`);
  const newRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: NAME }) });
  await expect(newRow).toContainText(`Supersedes “${UNIT_A}”`);
  const created = (await contracts(page)).find((c) => c.name === NAME)!;
  expect((await contracts(page)).find((c) => c.name === UNIT_A)?.supersededBy).toEqual({
    id: created.id,
    name: NAME,
  });

  // Deleting it puts Unit A in force again.
  await page.getByRole('button', { name: `Delete ${NAME}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`“${UNIT_A}” will be in force again.`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`Contract “${NAME}” deleted`)).toBeVisible();
  await expect(unitARow.getByText('Superseded', { exact: true })).toHaveCount(0);
  expect((await contracts(page)).find((c) => c.name === UNIT_A)?.supersededBy).toBeNull();
});
