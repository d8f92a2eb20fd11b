import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';
import { expectAxeClean } from './axe';

// An ADMIN keeps the position crosswalk on its own screen, reached through the Admin menu, against
// the FY26 employee lines of the demo district: a rule refused with the server's words, a rule
// added and previewed (lines matched, what Apply would change), Apply with its confirmation, rules
// created for unmatched titles in one go, and two rules disagreeing on a title (the more specific
// wins, the screen says so). The test leaves the lines as it found them: the DESE code it changes
// is changed back, and its rules are deleted (rules also apply on import).

interface Preview {
  lineCount: number;
  matchedLines: number;
  unmatchedLines: number;
  changedLines: number;
  unmatchedTitles: { title: string; count: number }[];
}

async function choose(page: Page, scope: Page | Locator, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const kpi = (page: Page, name: string) =>
  page
    .locator('.cw-kpi')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd');

const ruleRow = (page: Page, pattern: string) =>
  page
    .getByRole('table', { name: /^Crosswalk rules/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: pattern }) });

/** Fills the rule dialog and submits it. */
async function fillRule(
  page: Page,
  rule: {
    match?: string;
    pattern?: string;
    workGroup?: string;
    category?: string;
    dese?: string;
    fund?: string;
  },
) {
  const dialog = page.getByRole('dialog');
  if (rule.match) {
    await choose(page, dialog, 'Match by', rule.match);
  }
  if (rule.pattern !== undefined) {
    await dialog.getByLabel('Job title or pattern').fill(rule.pattern);
  }
  if (rule.workGroup) {
    await choose(page, dialog, 'Work group', rule.workGroup);
  }
  if (rule.category) {
    await choose(page, dialog, 'Category (personnel)', rule.category);
  }
  if (rule.dese) {
    await choose(page, dialog, 'DESE function code', rule.dese);
  }
  if (rule.fund) {
    await choose(page, dialog, 'Fund', rule.fund);
  }
  await dialog.getByRole('button', { name: /^(Add|Save) Rule$/ }).click();
}

async function applyRules(page: Page, lines: number) {
  await page.getByRole('button', { name: 'Apply Rules to FY26 Lines' }).click();
  // The positions of the same titles change with the lines, when they lack what the rules give.
  const confirm = page.getByRole('alertdialog', {
    name: new RegExp(`^Change ${lines} lines( and [\\d,]+ positions?)?\\?$`),
  });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: `Apply to ${lines} Lines` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Applied to ${lines} FY26 lines` })).toBeVisible();
}

test('ADMIN keeps the position crosswalk: preview, apply, unmatched titles, conflicts', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  const fy26 = await budgetYearId(page, 'FY26');
  const previewApi = (overwrite = false): Promise<Preview> =>
    apiCall(page, 'GET', `/crosswalk/preview?budgetYearId=${fy26}&fiscalYear=2026&overwrite=${overwrite}`);
  const before = await previewApi();
  const titleCount = (title: string) => before.unmatchedTitles.find((t) => t.title === title)?.count ?? 0;
  const grade2 = titleCount('Grade 2 Teacher');
  const grade3 = titleCount('Grade 3 Teacher');
  expect(grade2).toBeGreaterThan(0);
  expect(grade3).toBeGreaterThan(0);

  await navigate(page, 'Position Crosswalk');
  await expect(page.getByRole('heading', { level: 1, name: 'Position Crosswalk' })).toBeVisible();
  await expect(kpi(page, 'Employee lines')).toHaveText(String(before.lineCount));
  await expect(kpi(page, 'No rule matches')).toContainText(String(before.unmatchedLines));

  try {
    // Bad input: the server's messages, in the dialog; nothing saved.
    await page.getByRole('button', { name: 'Add Rule' }).click();
    await fillRule(page, { match: 'Regular expression', pattern: '(', workGroup: 'Teachers' });
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
      "'(' is not a valid regular expression",
    );
    await fillRule(page, { match: 'Exact title', pattern: 'Astronaut' });
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
      "title 'Astronaut' matches none of the",
    );
    await expectAxeClean(page, 'rule dialog with an error');
    await saveScreen(page, 'crosswalk-dialog-1440');

    // The lines already have what the rule gives: it matches them and would change nothing.
    await fillRule(page, {
      pattern: 'Grade 2 Teacher',
      category: 'Teachers',
      dese: '2305 Teachers, Classroom',
    });
    await expect(page.getByRole('dialog')).toBeHidden();
    const row = ruleRow(page, 'Grade 2 Teacher');
    await expect(row.getByRole('cell').nth(4)).toHaveText(`${grade2} in 1 title`);
    await expect(row.getByRole('cell').nth(5)).toHaveText('nothing');
    await expect(kpi(page, 'No rule matches')).toContainText(String(before.unmatchedLines - grade2));

    // Another DESE code, replacing what the lines have: every line of the title would change. The
    // rule also names a fund, for payroll rows naming none: Apply leaves the staff's funds alone.
    await page.getByRole('button', { name: 'Edit rule Grade 2 Teacher' }).click();
    await fillRule(page, { dese: '2320 Medical/ Therapeutic Services', fund: 'Title I, Part A (2401)' });
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row.getByRole('cell').nth(3)).toHaveText('Title I, Part A');
    await page.getByLabel('Replace values lines already have').check();
    await expect(row.getByRole('cell').nth(5)).toHaveText(`${grade2} DESE code`);
    await expect(kpi(page, 'Apply would change')).toHaveText(`${grade2} lines`);
    await applyRules(page, grade2);
    await expect(row.getByRole('cell').nth(5)).toHaveText('nothing');
    expect((await previewApi(true)).changedLines).toBe(0);

    // Rules for unmatched titles, chosen from lists, created in one go.
    const unmatched = page.getByRole('table', { name: 'Job titles no crosswalk rule matches' });
    const g3 = unmatched
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Grade 3 Teacher' }) });
    await expect(g3.getByRole('cell').first()).toHaveText(String(grade3));
    await choose(page, page, 'Work group for Grade 3 Teacher', 'Teachers');
    await page.getByRole('button', { name: 'Create 1 Rule' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 rule created' })).toBeVisible();
    await expect(ruleRow(page, 'Grade 3 Teacher').getByRole('cell').nth(4)).toHaveText(
      `${grade3} in 1 title`,
    );
    await expect(unmatched.getByRole('rowheader', { name: 'Grade 3 Teacher' })).toHaveCount(0);

    // A pattern covering both grades gives another work group: the exact rules win, and the screen says why.
    await page.getByRole('button', { name: 'Add Rule' }).click();
    await fillRule(page, {
      match: 'Pattern (* and ?)',
      pattern: 'Grade * Teacher',
      workGroup: 'Special Education',
    });
    await expect(page.getByRole('dialog')).toBeHidden();
    const conflicts = page.getByRole('region', { name: 'Titles two rules disagree on' });
    await expect(conflicts).toContainText('Grade 3 Teacher');
    await expectAxeClean(page, 'crosswalk');
    await saveScreen(page, 'crosswalk-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, 'crosswalk, phone');
    await saveScreen(page, 'crosswalk-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back as found: the DESE code restored on the lines, then the rules deleted.
    await page.getByRole('button', { name: 'Edit rule Grade 2 Teacher' }).click();
    await fillRule(page, { dese: '2305 Teachers, Classroom' });
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Delete rule Grade * Teacher' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Rule' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: "Rule for 'Grade * Teacher' deleted" }),
    ).toBeVisible();
    await applyRules(page, grade2);
  } finally {
    const { rules } = await apiCall(page, 'GET', '/crosswalk/rules');
    for (const r of rules as { id: number }[]) {
      await apiCall(page, 'DELETE', `/crosswalk/rules/${r.id}`);
    }
  }
  const after = await previewApi();
  expect(after.matchedLines).toBe(0);
  expect(after.lineCount).toBe(before.lineCount);
});

test('FINANCE is not offered the crosswalk and the server refuses its rules', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, FINANCE);
  await expect(navigate(page, 'Position Crosswalk')).rejects.toThrow('is not in the navigation');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/crosswalk/rules', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});
