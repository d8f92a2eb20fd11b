import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';

// Data Quality's Mark Reviewed: an ADMIN reaches Data Quality through the Admin menu, selects two
// flagged records, marks them reviewed with a note, and sees the count drop by two there and on the
// dashboard, which counts with the list's own rule.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

// Sign-in, two screens, the grid and the dialog: generous on a loaded 2-core machine.
test.setTimeout(90_000);

const needReview = (n: number) => `${n.toLocaleString('en-US')} record${n === 1 ? '' : 's'} need review`;

/**
 * Two FY26 employee records of this test's own, flagged for review through the API (a flag a
 * person clears, as the demo's import warnings are), sorted first by name so the grid shows them.
 */
async function flagTwo(page: Page, tag: string): Promise<{ ids: number[]; yearId: number }> {
  const yearId = await budgetYearId(page, 'FY26');
  const ids: number[] = [];
  for (const firstName of ['Ada', 'Ben']) {
    const { lineItem } = await apiCall(page, 'POST', '/line-items', {
      isOperating: true,
      budgetYearId: yearId,
      fiscalYear: 2026,
      firstName,
      lastName: `Aareview${tag}${RUN}`,
      position: 'Classroom Teacher',
      currentSalary: 52000,
      currentFTE: 1,
      employeeStatus: 'Active',
    });
    const flagged = await apiCall(page, 'PATCH', `/line-items/budget/${lineItem.id}`, {
      metadata: { needsReview: true },
    });
    expect(flagged.lineItem.metadata.needsReview).toBe(true);
    ids.push(lineItem.id);
  }
  return { ids, yearId };
}

/** The dashboard's count (what the server answers) and the list's length, which must agree. */
async function counts(page: Page, yearId: number): Promise<number> {
  const { count } = await apiCall(
    page,
    'GET',
    `/line-items/budget/needs-review/count?budgetYearId=${yearId}`,
  );
  const { lineItems } = await apiCall(page, 'GET', `/line-items/budget/needs-review?budgetYearId=${yearId}`);
  expect(count).toBe(lineItems.length);
  return count;
}

async function markTwoReviewed(page: Page, tag: string, screen: string): Promise<void> {
  await signIn(page, ADMIN, '/');
  const { ids, yearId } = await flagTwo(page, tag);
  const before = await counts(page, yearId);
  expect(before).toBeGreaterThanOrEqual(3);

  // The dashboard says how many records need review, with the list's number (read anew: the
  // flags above came through the API after the dashboard had loaded).
  await page.reload();
  const dashboardCount = page.getByTestId('review-count');
  await expect(dashboardCount).toContainText(needReview(before));

  await navigate(page, 'Data Quality');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Quality Review' })).toBeVisible();
  await expect(page.getByText(needReview(before), { exact: true })).toBeVisible();
  const markButton = page.getByRole('button', { name: 'Mark Reviewed' });
  await expect(markButton).toBeDisabled();
  for (const id of ids) {
    await page.locator(`.ag-row[row-id="${id}"] .ag-selection-checkbox input`).check();
  }
  await expect(page.getByText(`${needReview(before)} · 2 selected`)).toBeVisible();
  await markButton.click();

  const dialog = page.getByRole('dialog', { name: 'Mark Reviewed' });
  await expect(dialog).toContainText('2 records selected');
  // The note is required: the form says so on the field and sends nothing.
  await dialog.getByRole('button', { name: 'Mark Reviewed' }).click();
  const note = dialog.getByLabel('What was checked');
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Write a note saying what was checked');
  await note.fill('Salaries checked against the payroll register');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, `${screen}-dialog`);
  await dialog.getByRole('button', { name: 'Mark Reviewed' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Marked 2 records reviewed')).toBeVisible();
  await expect(page.getByText(needReview(before - 2), { exact: true })).toBeVisible();
  for (const id of ids) {
    await expect(page.locator(`.ag-row[row-id="${id}"]`)).toHaveCount(0);
  }
  await expect(markButton).toBeDisabled();
  expect(await counts(page, yearId)).toBe(before - 2);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, screen);

  // Each record keeps the note, and its history names it.
  const { lineItems } = await apiCall(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${yearId}&fiscalYear=2026&isOperating=true`,
  );
  for (const id of ids) {
    const line = lineItems.find((l: { id: number }) => l.id === id);
    expect(line.metadata).toMatchObject({
      needsReview: false,
      reviewNote: 'Salaries checked against the payroll register',
      reviewedBy: ADMIN.email,
    });
  }

  await navigate(page, 'Dashboard');
  await expect(dashboardCount).toContainText(needReview(before - 2));
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, `${screen}-dashboard`);

  // The records are this test's own: removed, so later specs see the demo's employees first in
  // the Employee Budget Manager, not these long test names (they widened its Name column).
  for (const id of ids) {
    await apiCall(page, 'DELETE', `/line-items/${id}`);
  }
}

test.describe('at 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('Data Quality marks two selected records reviewed with a note; the counts follow', async ({
    page,
  }) => {
    await markTwoReviewed(page, 'wide', 'data-quality-review-1440');
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the same on a phone', async ({ page }) => {
    await markTwoReviewed(page, 'phone', 'data-quality-review-390');
  });
});
