import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, navigate, saveScreen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
// Sign-in, two duplicate checks, a preview and the merge: generous on a loaded 2-core machine.
test.setTimeout(90_000);

interface Employee {
  id: number;
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  buildingId: number | null;
  currentSalary: number;
  hireDate: string | null;
  source: string;
}

test('Duplicate Checker: each record names its source, and a merge by rule is previewed, then confirmed', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const yearId = await budgetYearId(page, 'FY26');
  // An imported FY26 employee, not already in a group, whose surname nobody else has, typed in
  // again by hand: a group of an imported and an entered record.
  const { duplicateGroups } = await apiCall(page, 'GET', `/line-items/duplicates?budgetYearId=${yearId}`);
  const grouped = new Set<number>(duplicateGroups.flat().map((c: { id: number }) => c.id));
  const { lineItems } = (await apiCall(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${yearId}&fiscalYear=2026&isOperating=true`,
  )) as { lineItems: Employee[] };
  const surnames = new Map<string, number>();
  for (const l of lineItems) {
    surnames.set(l.lastName ?? '', (surnames.get(l.lastName ?? '') ?? 0) + 1);
  }
  const original = lineItems.find(
    (l) =>
      l.source === 'imported' &&
      !grouped.has(l.id) &&
      surnames.get(l.lastName ?? '') === 1 &&
      (l.firstName ?? '').length >= 4 &&
      (l.lastName ?? '').length >= 5,
  )!;
  expect(original, 'an imported employee with a unique surname').toBeTruthy();
  const { lineItem: copy } = await apiCall(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId: yearId,
    fiscalYear: 2026,
    firstName: original.firstName,
    lastName: original.lastName,
    position: original.position,
    buildingId: original.buildingId,
    currentSalary: original.currentSalary,
    hireDate: original.hireDate,
  });
  const name = `${original.lastName}, ${original.firstName}`;

  await navigate(page, 'Data Quality');
  await page.getByRole('tab', { name: 'Duplicate Checker' }).click();
  const group = page.locator('article.duplicate-group').filter({ hasText: name });
  await expect(group).toHaveCount(1);
  const rows = group.locator('tbody tr');
  await expect(rows.filter({ hasText: 'Entered' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Imported' }).getByText(/^Run #\d+ · .+ · /)).toBeVisible();

  const panel = page.getByRole('region', { name: 'Merge by rule' });
  await expect(
    panel.getByRole('radio', { name: 'Keep the imported record (written by an import run)' }),
  ).toBeChecked();
  await panel.getByRole('button', { name: 'Preview' }).click();
  const summary = panel.getByRole('region', { name: 'Merge preview' });
  await expect(summary).toContainText('Groups merged1');
  await expect(summary).toContainText('Records removed1');
  const planned = panel.getByRole('table', { name: 'Planned merges' });
  const plannedRow = planned.locator('tbody tr').filter({ hasText: name });
  await expect(plannedRow.locator('td').nth(1)).toContainText(`#${original.id}`);
  await expect(plannedRow.locator('td').nth(2)).toContainText(`#${copy.id}`);
  // The demo's duplicate pairs came in through one import, so the rule leaves them to a person.
  await expect(
    panel.getByRole('listitem').filter({ hasText: '2 imported records: the rule cannot choose one' }),
  ).toBeVisible();
  await saveScreen(page, 'duplicates-merge-preview');

  await panel.getByRole('button', { name: 'Confirm: merge 1 group' }).click();
  await expect(page.getByText('Records merged successfully!')).toBeVisible();
  await expect(group).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Merge preview' })).toHaveCount(0);
  const after = await apiCall(page, 'GET', `/line-items/duplicates?budgetYearId=${yearId}`);
  const ids = new Set<number>(after.duplicateGroups.flat().map((c: { id: number }) => c.id));
  expect(ids.has(copy.id)).toBe(false);
  await saveScreen(page, 'duplicates-merged');
});
