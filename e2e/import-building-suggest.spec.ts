import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, navigate, pageOverflow, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';
import { expectAxeClean } from './axe';

// A payroll whose DEPARTMENT_NAME column holds the district's building names (as Boston's does for
// its schools). The wizard suggests that column for Building / Location, and the preview puts each
// row at its building instead of District Wide. Imports are an administrator's (server/policies:
// import.run), so the wizard is reached through ADMIN's menu.
const STAMP = Date.now().toString(36);
const VERSION = `E2E buildings ${STAMP}`;

test('the import wizard suggests Building for a column of the buildings’ names, at 1440 and 390', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const { buildings } = await apiCall(page, 'GET', '/buildings');
  const names: string[] = buildings.map((b: { name: string }) => b.name).slice(0, 4);
  expect(names.length).toBeGreaterThan(1);
  const rows = Array.from({ length: 8 }, (_, i) => {
    const salary = 50_000 + i * 1_000;
    return `"Tester${i},Pat",${names[i % names.length]},Teacher,"${salary.toLocaleString('en-US')}.00"`;
  });
  const csv = ['NAME,DEPARTMENT_NAME,TITLE,REGULAR', ...rows].join('\n');
  const file = { name: 'departments-are-buildings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  for (const [i, size] of [
    { width: 1440, height: 900, tag: '1440' },
    { width: 390, height: 844, tag: '390' },
  ].entries()) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/');
    await navigate(page, 'Admin Dashboard');
    await chooseOption(page, 'Budget year', 'FY25 Budget');
    await page.getByRole('radio', { name: /Operating budget \(employees\)/ }).click();
    if (i === 0) {
      await page.getByRole('button', { name: 'New Version' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Version' });
      await dialog.getByLabel('Label').fill(VERSION);
      // FY2025 has its one home in budget year FY26; FY25 may plan FY2028 (as import.spec does).
      await chooseOption(page, 'Fiscal year', 'FY28');
      await dialog.getByRole('button', { name: 'Create Version' }).click();
      await expect(dialog).toBeHidden();
    } else {
      await chooseOption(page, 'Version', new RegExp(VERSION));
    }
    await page.locator('input[type="file"]').setInputFiles(file);
    // A long version label is cut short in its select on a phone; the page keeps its width.
    expect(await pageOverflow(page), `upload step at ${size.tag}`).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Analyze File' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeFocused();

    // The column of building names is Building / Location, with high confidence.
    await expect(page.getByRole('combobox', { name: 'Column for Building / Location' })).toHaveText(
      'DEPARTMENT_NAME',
    );
    await expect(page.getByRole('row', { name: /Building \/ Location/ }).getByText('High')).toBeVisible();
    await saveScreen(page, `import-building-suggest-map-${size.tag}`);
    await expectAxeClean(page, `map step at ${size.tag}`);

    // The preview: each row at its building, none left at District Wide for want of one.
    await page.getByRole('button', { name: 'Preview Import' }).click();
    await expect(page.getByText('8 of 8 rows will be imported')).toBeVisible();
    const preview = page.getByRole('table', { name: 'The first rows of the file as they will be imported' });
    for (const name of names) {
      await expect(preview.getByRole('cell', { name, exact: true }).first()).toBeVisible();
    }
    await expect(preview.getByText('matches no building; left as District Wide')).toHaveCount(0);
    await saveScreen(page, `import-building-suggest-preview-${size.tag}`);
    await expectAxeClean(page, `preview step at ${size.tag}`);
  }
});
