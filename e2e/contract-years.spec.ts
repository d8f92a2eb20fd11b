import { expect, test, type Page } from '@playwright/test';
import { fiscalYearLabel } from '@shared/budget-math';
import { END_BEFORE_START_MESSAGE } from '@shared/schemas/contracts';
import { apiCall, FINANCE, navigate, signIn } from './helpers';

// The contract form, on COLA Management as a finance user: an end year set before the start year
// (by mistake, or on the way to another year) once took the COLA rows away with the percents typed
// in them, and said nothing of why. Now the end year says what is wrong while it is, and fixing it
// brings the rows back with what was typed. Nothing is saved: the dialog is cancelled.

const NAME = `Contract years ${Date.now().toString(36)}`;
const TYPED: Record<number, { cola: string; note: string }> = {
  2027: { cola: '2', note: 'Year one' },
  2028: { cola: '2.25', note: '' },
  2029: { cola: '3.5', note: 'Reopener' },
};

const cola = (page: Page, fy: number) =>
  page.getByRole('dialog', { name: 'New Contract' }).getByLabel(new RegExp(`^${fiscalYearLabel(fy)} COLA %`));

test('an end year before the start year is marked on the field, and the COLA typed comes back once fixed', async ({
  page,
}) => {
  await signIn(page, FINANCE);
  await navigate(page, 'COLA Management');
  await expect(page.getByRole('heading', { level: 1, name: 'COLA Management', exact: true })).toBeVisible();
  const before = (await apiCall(page, 'GET', '/cola/contracts')).contracts.length;
  await page.getByRole('button', { name: 'Add Contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Contract' });
  await dialog.getByLabel('Contract name').fill(NAME);
  for (const [fy, typed] of Object.entries(TYPED)) {
    await cola(page, Number(fy)).fill(typed.cola);
    await dialog.getByLabel(`${fiscalYearLabel(Number(fy))} notes`).fill(typed.note);
  }
  const end = dialog.getByLabel('End year');
  const error = dialog.locator('#contract-end-note');

  // By mistake: FY2026 for a contract starting FY2027. Said at once, on the field, in the schema's words.
  await end.fill('2026');
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(error).toHaveText(END_BEFORE_START_MESSAGE);
  await expect(error).toHaveClass(/field__error/);
  await expect(cola(page, 2027)).toHaveCount(0);

  // Fixed: the rows are back with the percents and notes typed, and the error is gone.
  await end.fill('2029');
  await expect(end).not.toHaveAttribute('aria-invalid', 'true');
  await expect(error).toHaveText('3 contract years');
  for (const [fy, typed] of Object.entries(TYPED)) {
    await expect(cola(page, Number(fy))).toHaveValue(typed.cola);
    await expect(dialog.getByLabel(`${fiscalYearLabel(Number(fy))} notes`)).toHaveValue(typed.note);
  }

  // On the way to another year, key by key: 2 → 20 → 203 → 2031 passes through no error and
  // ends with two new empty rows after the three typed.
  await end.fill('');
  await end.pressSequentially('2031');
  await expect(end).toHaveValue('2031');
  await expect(end).not.toHaveAttribute('aria-invalid', 'true');
  for (const [fy, typed] of Object.entries(TYPED)) {
    await expect(cola(page, Number(fy))).toHaveValue(typed.cola);
  }
  await expect(cola(page, 2030)).toHaveValue('');
  await expect(cola(page, 2031)).toHaveValue('');

  // A later start year than the end: the same error on the end year; the start back, all is back.
  await dialog.getByLabel('Start year').fill('2032');
  await expect(error).toHaveText(END_BEFORE_START_MESSAGE);
  await dialog.getByLabel('Start year').fill('2027');
  await expect(error).toHaveText('5 contract years');
  await expect(cola(page, 2029)).toHaveValue(TYPED[2029].cola);

  // Saving with the years the wrong way round is refused on the field, still keeping what was typed.
  // Fixing the start year instead clears the field's error as well.
  await end.fill('2026');
  await dialog.getByRole('button', { name: 'Create Contract' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(END_BEFORE_START_MESSAGE);
  await expect(error).toHaveText(END_BEFORE_START_MESSAGE);
  await dialog.getByLabel('Start year').fill('2025');
  await expect(end).not.toHaveAttribute('aria-invalid', 'true');
  await expect(error).toHaveText('2 contract years');
  await dialog.getByLabel('Start year').fill('2027');
  await end.fill('2028');
  await expect(cola(page, 2027)).toHaveValue(TYPED[2027].cola);
  await expect(cola(page, 2028)).toHaveValue(TYPED[2028].cola);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await apiCall(page, 'GET', '/cola/contracts')).contracts.length).toBe(before);
});
