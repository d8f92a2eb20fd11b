import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, reopenIfClosed, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';

// Budget Management: a budget can start as a copy of another, and making an empty budget active
// asks first, saying what the dashboard will then show. Works on FY26 (the demo's lines are that
// budget year's) and restores its active proposed budget afterwards; the budgets it adds stay
// inactive, so they count nowhere.
test.use({ viewport: { width: 1440, height: 900 } });

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

interface Budget {
  id: number;
  name: string;
  scenarioType: string;
  isActive: boolean;
  lineItemCount: number;
  fiscalYear: number;
  fiscalYearLineCount: number;
}

test('creates a budget as a copy, and asks before an empty budget becomes active', async ({ page }) => {
  await signIn(page, ADMIN);
  const { budgetYears } = await apiCall(page, 'GET', '/budget-years');
  const year = budgetYears.find((y: { fiscalYear: string }) => y.fiscalYear === 'FY26');
  // A copy writes every fiscal year of the budget year; FY2025 closes by itself once a spec before
  // this one on the same server has appropriated FY2027, and a closed year takes no new lines.
  await reopenIfClosed(page, year.id, 2025);
  const list = async (): Promise<Budget[]> =>
    (await apiCall(page, 'GET', `/scenarios?budgetYearId=${year.id}`)).scenarios;
  const original = (await list()).find((s) => s.scenarioType === 'proposed' && s.isActive)!;
  expect(original.lineItemCount).toBeGreaterThan(0);
  const lines = original.lineItemCount.toLocaleString('en-US');
  // Budget Management shows (and asks by) the lines of the budget year's own fiscal year.
  const fy = `FY${String(original.fiscalYear % 100).padStart(2, '0')}`;
  const yearLines = original.fiscalYearLineCount.toLocaleString('en-US');
  const copyName = `Copy ${RUN}`;
  const emptyName = `Empty ${RUN}`;

  try {
    await page.goto('/admin?tab=budgets');
    await chooseOption(page, 'Budget year', year.name);
    await expect(page.getByRole('article', { name: 'Active proposed budget' })).toContainText(original.name);

    // Create a copy of the active proposed budget.
    const form = page.getByRole('form', { name: 'Create a budget' });
    await form.getByLabel('Name').fill(copyName);
    await chooseOption(page, 'Start from', `Copy of ${original.name} (${lines} lines, active)`);
    await form.getByRole('button', { name: 'Create Budget' }).click();
    await expect(
      page.getByText(`${copyName} created with ${lines} lines copied from ${original.name}`, { exact: true }),
    ).toBeVisible();
    const copyRow = page.getByRole('row').filter({ hasText: copyName });
    await expect(copyRow.getByRole('cell').nth(1)).toHaveText(yearLines);

    // And an empty one.
    await form.getByLabel('Name').fill(emptyName);
    await expect(page.getByRole('combobox', { name: 'Start from' })).toHaveText('Empty');
    await form.getByRole('button', { name: 'Create Budget' }).click();
    const emptyRow = page.getByRole('row').filter({ hasText: emptyName });
    await expect(emptyRow.getByRole('cell').nth(1)).toHaveText('0');

    // Setting the empty budget active asks, and says what the dashboard will show.
    await emptyRow.getByRole('button', { name: `Set as Active: ${emptyName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Set an empty budget as active' });
    await expect(dialog).toContainText(
      `Make ${emptyName} the active proposed budget? ${original.name} will no longer be active. ` +
        `${emptyName} has no lines in ${fy}: the dashboard will show $0 for the proposed budget of ${year.name}, ` +
        `in place of the ${yearLines} ${fy} lines of ${original.name}.`,
    );
    await saveScreen(page, 'budgets-empty-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await list()).find((s) => s.isActive && s.scenarioType === 'proposed')!.id).toBe(original.id);

    // The copy has lines: the usual question, no warning.
    await copyRow.getByRole('button', { name: `Set as Active: ${copyName}` }).click();
    const plain = page.getByRole('alertdialog', { name: 'Set as active budget' });
    await expect(plain).toContainText(`Make ${copyName} the active proposed budget?`);
    await expect(plain).not.toContainText('has no lines');
    await plain.getByRole('button', { name: 'Set as Active' }).click();
    await expect(page.getByRole('article', { name: 'Active proposed budget' })).toContainText(copyName);
    await saveScreen(page, 'budgets-copy-active');
  } finally {
    await apiCall(page, 'POST', `/scenarios/${original.id}/set-active`);
  }
});
