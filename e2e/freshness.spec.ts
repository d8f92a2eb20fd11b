import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, navigate, saveScreen, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

/** The headcount card's exact payroll: '504 employees, $35,293,887 in salaries'. */
async function payroll(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: 'Headcount by Location' });
  // Loaded: the card shows its figures once they arrive (a spinner until then).
  await expect(card).toContainText(/[1-9][\d,]* employees, \$[\d,]+ in salaries/);
  const text = (await card.textContent()) ?? '';
  return Number(/employees, \$([\d,]+) in salaries/.exec(text)![1].replace(/,/g, ''));
}

function dollars(n: number): string {
  return `$${n.toLocaleString('en-US')}`;
}

test('a line edit in the Employee Budget Manager shows on the dashboard at once', async ({ page }) => {
  await signIn(page, ADMIN, '/');
  const last = `Fresh${RUN}`;
  await apiCall(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId: await budgetYearId(page, 'FY26'),
    fiscalYear: 2026,
    firstName: 'Flo',
    lastName: last,
    position: 'Grade 3 Teacher',
    currentSalary: 50000,
    currentFTE: 1,
    employeeStatus: 'Active',
  });
  // The dashboard as it stands now (the reload reads the line created above).
  await page.reload();
  const before = await payroll(page);

  await navigate(page, 'Employee Manager');
  await expect(page.getByRole('heading', { name: 'Employee Budget Manager' })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(last);
  await expect(page.locator('.ag-row [col-id="building"]')).toHaveCount(1);
  await page.getByRole('button', { name: `Edit ${last}, Flo` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current salary').fill('62345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Employee totals' })).toContainText('$62,345.00');

  // Back to the dashboard through the navigation, well inside the queries' stale time.
  await navigate(page, 'Dashboard');
  await expect(page.getByRole('region', { name: 'Headcount by Location' })).toContainText(
    `${dollars(before + 12345)} in salaries`,
  );
  await saveScreen(page, 'freshness-dashboard-after-edit');
});

test('the chosen budget year survives a reload', async ({ page }) => {
  await signIn(page, ADMIN, '/');
  const picker = page.getByRole('banner').getByRole('combobox', { name: 'Budget year' });
  await expect(picker).toContainText('FY26');
  await picker.click();
  await page.getByRole('option', { name: /^FY27/ }).click();
  await expect(picker).toContainText('FY27');
  await expect(page.getByRole('main')).toContainText('FY27');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Budget Dashboard' })).toBeVisible();
  await expect(picker).toContainText('FY27');
  // Other screens read the same choice.
  await navigate(page, 'Employee Manager');
  // The screen's own line ('Budget year FY27 · fiscal year ...'), not the shell's note that FY27
  // plans no fiscal year of its own (shown while it holds no lines).
  await expect(page.getByText(/^Budget year FY27 · /)).toBeVisible();
  await saveScreen(page, 'freshness-budget-year-after-reload');
});

test('a search typed before the first rows are drawn still finds a line beyond them', async ({ page }) => {
  await signIn(page, ADMIN);
  const last = `Zzlate${RUN}`;
  await apiCall(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId: await budgetYearId(page, 'FY26'),
    fiscalYear: 2026,
    firstName: 'Ida',
    lastName: last,
    position: 'Grade 4 Teacher',
    currentSalary: 51000,
    currentFTE: 1,
    employeeStatus: 'Active',
  });
  // The first lines (a hundred, none of them this one) are held until the search is typed: the
  // search then hides every first row, and the grid never says it has drawn one.
  let release: () => void = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/line-items\/budget\?.*limit=/, async (route) => {
    await typed;
    await route.continue();
  });
  await navigate(page, 'Employee Manager');
  await page.getByLabel('Search', { exact: true }).fill(last);
  release();
  await expect(page.locator('.ag-row [col-id="building"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: `Edit ${last}, Ida` })).toBeVisible();
});
