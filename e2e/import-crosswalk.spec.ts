import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, navigate, pageOverflow, saveScreen, signIn } from './helpers';
import { expectAxeClean } from './axe';
import { chooseOption } from './select';

// In the import wizard, the employee import's preview says what the position crosswalk gives the
// rows (a badge on each value it gave, the rows placed and the rows no rule matched) and offers
// rules for the unmatched titles, created in one go, after which the dry run is checked again. The
// test stops at the preview (nothing is imported) and deletes its rules.
const STAMP = Date.now().toString(36);
const VERSION = `E2E crosswalk ${STAMP}`;
const AIDE = `E2E Xwalk Aide ${STAMP}`;
const CLERK = `E2E Xwalk Clerk ${STAMP}`;
const TUTOR = `E2E Xwalk Tutor ${STAMP}`;
const CSV = [
  'First Name,Last Name,Job Title,Current Salary',
  `Ada,Lovelace,${AIDE},30000`,
  `Alan,Turing,${AIDE},31000`,
  `Grace,Hopper,${CLERK},40000`,
  `Edsger,Dijkstra,${TUTOR},25000`,
].join('\n');

async function deleteOurRules(page: Page) {
  const { rules } = await apiCall(page, 'GET', '/crosswalk/rules');
  for (const r of rules as { id: number; pattern: string }[]) {
    if (r.pattern.endsWith(STAMP)) {
      await apiCall(page, 'DELETE', `/crosswalk/rules/${r.id}`);
    }
  }
}

test('the employee import preview shows crosswalk placements and creates rules for unmatched titles', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  const { workGroups } = await apiCall(page, 'GET', '/cola/work-groups');
  const teachers = (workGroups as { id: number; name: string }[]).find((g) => g.name === 'Teachers');
  expect(teachers, 'work group Teachers').toBeTruthy();
  // FY2025 has its one home in budget year FY26; FY25 may plan FY2028 (as import.spec does).
  await apiCall(page, 'POST', '/versions', { fiscalYear: 'FY28', label: VERSION });
  await apiCall(page, 'POST', '/crosswalk/rules', {
    matchType: 'exact',
    pattern: AIDE,
    workGroupId: teachers!.id,
    titles: [AIDE],
  });
  try {
    await navigate(page, 'Admin Dashboard');
    await page.getByRole('tab', { name: 'CSV Import' }).click();
    await chooseOption(page, 'Budget year', 'FY25 Budget');
    await page.getByRole('radio', { name: /Operating budget \(employees\)/ }).click();
    await chooseOption(page, 'Version', new RegExp(VERSION));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'crosswalk.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await page.getByRole('button', { name: 'Analyze File' }).click();
    await expect(page.getByRole('combobox', { name: 'Column for Position' })).toHaveText('Job Title');
    await expect(page.getByRole('combobox', { name: 'Column for Current Salary' })).toHaveText(
      'Current Salary',
    );
    await page.getByRole('button', { name: 'Preview Import' }).click();

    // The preview: two rows placed by the rule, two titles no rule matches.
    await expect(page.getByText('4 of 4 rows will be imported')).toBeVisible();
    const summary = page.locator('.imp-cw-summary');
    await expect(summary).toContainText('2 rows placed by the crosswalk · 2 rows no rule matched');
    const preview = page.getByRole('table', { name: 'The first rows of the file as they will be imported' });
    await expect(preview.getByRole('columnheader', { name: 'Work Group' })).toBeVisible();
    const ada = preview.getByRole('row').filter({ hasText: 'Lovelace' });
    await expect(ada.getByRole('cell', { name: /^Teachers crosswalk/ })).toBeVisible();
    await expect(ada.locator('.imp-cw-badge')).toHaveAttribute(
      'title',
      new RegExp(`^From the crosswalk: .*${AIDE}`),
    );
    await expect(preview.getByRole('row').filter({ hasText: 'Hopper' }).locator('.imp-cw-badge')).toHaveCount(
      0,
    );
    const unmatched = page.getByRole('table', { name: 'Job titles no crosswalk rule matches' });
    await expect(unmatched.getByRole('rowheader')).toHaveText([CLERK, TUTOR]);
    await expect(page.getByText('2 rows under 2 titles')).toBeVisible();
    await saveScreen(page, 'import-crosswalk-1440');
    await expectAxeClean(page, 'preview with crosswalk (1440)');

    // One rule for one unmatched title, from the wizard: the dry run runs again and places it.
    await chooseOption(page, `Work group for ${CLERK}`, 'Special Education');
    await page.getByRole('button', { name: 'Create 1 Rule' }).click();
    await expect(
      page.getByText('1 rule created. The preview above is checked again with the new rules.'),
    ).toBeVisible();
    await expect(summary).toContainText('3 rows placed by the crosswalk · 1 row no rule matched');
    await expect(unmatched.getByRole('rowheader')).toHaveText([TUTOR]);
    await expect(page.getByText('1 row under 1 title')).toBeVisible();
    const grace = preview.getByRole('row').filter({ hasText: 'Hopper' });
    await expect(grace.getByRole('cell', { name: /^Special Education crosswalk/ })).toBeVisible();
    await saveScreen(page, 'import-crosswalk-created-1440');
    await expectAxeClean(page, 'preview after creating a rule (1440)');

    // A phone: the same screen, nothing running off to the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(summary).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, 'import-crosswalk-390');
    await expectAxeClean(page, 'preview with crosswalk (390)');
  } finally {
    await deleteOurRules(page);
  }
});
