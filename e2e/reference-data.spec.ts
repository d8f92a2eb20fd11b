import { expect, test, type Page } from '@playwright/test';
import { ADMIN, FINANCE, axeViolations, saveScreen, signIn } from './helpers';

/** Calls the API with the signed-in user's token (to plant records a test needs). */
async function apiFor(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async get(path: string) {
      const res = await page.request.get(`/api${path}`, { headers });
      expect(res.ok(), `GET ${path}`).toBe(true);
      return res.json();
    },
    async post(path: string, data: unknown) {
      const res = await page.request.post(`/api${path}`, { headers, data });
      expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}

async function fy26(page: Page): Promise<number> {
  const { budgetYears } = await (await apiFor(page)).get('/budget-years');
  return budgetYears.find((y: { fiscalYear: string }) => y.fiscalYear === 'FY26').id;
}

const stamp = () => Date.now().toString(36).toUpperCase();

test.describe('Manage Data as ADMIN', () => {
  test('adds a building through the modal and refuses a duplicate code with the server’s message', async ({
    page,
  }) => {
    const code = `E${stamp()}`;
    const name = `Eastfield Annex ${code}`;
    await signIn(page, ADMIN, '/admin/manage-data');
    await expect(page.getByRole('tab', { name: 'Work Groups', selected: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Paraprofessionals' })).toBeVisible();
    // A work group in use offers no Delete the server would refuse, and says why (title and description).
    const groupInUse = page.getByRole('button', { name: 'Delete Paraprofessionals' });
    await expect(groupInUse).toBeDisabled();
    await expect(groupInUse).toHaveAccessibleDescription(
      /^In use by [\d,]+ employee lines?((, | and )[\d,]+ (contracts?|positions?))*; move them first$/,
    );
    await expect(groupInUse).toHaveAttribute('title', /^In use by [\d,]+ employee line/);
    await saveScreen(page, 'manage-data-work-groups');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Buildings' }).click();
    await expect(page).toHaveURL(/tab=buildings/);
    await expect(page.getByRole('row').filter({ hasText: 'Millbrook High School' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Building' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByLabel('Address').fill('12 Eastfield Road, Millbrook, MA 01468');
    await dialog.getByRole('combobox', { name: 'Building type' }).click();
    await page.getByRole('option', { name: 'Special' }).click();
    await saveScreen(page, 'manage-data-building-modal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Building ${name} added`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(code);
    await expect(row).toContainText('Special');

    await page.getByRole('button', { name: 'Add Building' }).click();
    await dialog.getByLabel('Name').fill(`Second ${name}`);
    await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      `A building with code ${code.toLowerCase()} already exists`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row').filter({ hasText: `Second ${name}` })).toHaveCount(0);

    // A building in use offers no Delete (the server would refuse it) and says why; the new one does.
    const buildingInUse = page
      .getByRole('row')
      .filter({ hasText: 'Millbrook High School' })
      .getByRole('button', { name: 'Delete Millbrook High School' });
    await expect(buildingInUse).toBeDisabled();
    await expect(buildingInUse).toHaveAccessibleDescription(
      /^In use by [\d,]+ employees?((, | and )[\d,]+ (employee lines? in other years or budgets|line items? in any year))*; move them first$/,
    );
    await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeEnabled();
    await saveScreen(page, 'manage-data-buildings');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('creates a work-group category with the Green preset and shows the live preview', async ({ page }) => {
    const name = `SUPPORT ${stamp()}`;
    await signIn(page, ADMIN, '/admin/manage-data?tab=categories');
    await expect(page.getByRole('tab', { name: 'Categories', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Name').fill(name);
    const badge = dialog.getByTestId('category-preview').locator('.md-badge');
    await expect(badge).toHaveText(name);
    await expect(badge).toHaveCSS('background-color', 'rgb(229, 231, 235)');
    await dialog.getByRole('button', { name: 'Green' }).click();
    await expect(dialog.getByRole('button', { name: 'Green' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByLabel('Background colour', { exact: true })).toHaveValue('#dcfce7');
    await expect(dialog.getByLabel('Text colour', { exact: true })).toHaveValue('#166534');
    await expect(badge).toHaveCSS('background-color', 'rgb(220, 252, 231)');
    await expect(badge).toHaveCSS('color', 'rgb(22, 101, 52)');
    await saveScreen(page, 'manage-data-category-modal');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Text colour', { exact: true }).fill('green');
    await expect(dialog.getByText('Enter both colours as #RRGGBB to preview')).toBeVisible();
    await dialog.getByLabel('Text colour', { exact: true }).fill('#166534');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.locator('.md-badge')).toHaveCSS('background-color', 'rgb(220, 252, 231)');
    await saveScreen(page, 'manage-data-categories');
  });

  test('saves budget settings and shows the success message for 3 seconds', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/manage-data?tab=settings');
    await expect(page.getByRole('heading', { name: 'Step and Lane Settings for FY26' })).toBeVisible();
    await expect(page.getByLabel('Adjustment (%)')).not.toHaveValue('');
    await page.getByLabel('Description').fill(`Average step movement (checked ${stamp()})`);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    const message = page.getByText('Budget settings updated successfully');
    await expect(message).toBeVisible();
    await saveScreen(page, 'manage-data-settings');
    expect(await axeViolations(page)).toEqual([]);
    await expect(message).toBeHidden({ timeout: 6000 });

    await page.getByLabel('Adjustment (%)').fill('-1');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Step/lane value must be at least 0')).toBeVisible();
  });

  test('shows the budget categories, salary checks and bulk operations tabs', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/manage-data?tab=budget-categories');
    const teachers = page.getByRole('row').filter({ hasText: '2305 Teachers, Classroom' });
    await expect(teachers).toBeVisible();
    // Its lines (the column's count) keep it from being deleted: Delete is disabled and says so.
    const lines = (
      await teachers.getByRole('cell').last().locator('xpath=preceding-sibling::td[1]').innerText()
    ).trim();
    const categoryInUse = teachers.getByRole('button', { name: /^Delete / });
    await expect(categoryInUse).toBeDisabled();
    await expect(categoryInUse).toHaveAccessibleDescription(`In use by ${lines} lines; move them first`);
    await saveScreen(page, 'manage-data-budget-categories');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Salary Verification' }).click();
    await expect(page).toHaveURL(/tab=salary-verification/);
    await expect(page.getByRole('group', { name: 'Salary check summary' })).toContainText(
      'Employees checked',
    );
    await expect(page.getByRole('table')).toBeVisible();
    await saveScreen(page, 'manage-data-salary-verification');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Bulk Operations' }).click();
    await expect(page.getByRole('heading', { name: 'Assign Work Group' })).toBeVisible();
    await saveScreen(page, 'manage-data-bulk-operations');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('moves matching employees to a work group after previewing the count', async ({ page }) => {
    const position = `Courier ${stamp()}`;
    await signIn(page, ADMIN);
    const api = await apiFor(page);
    const budgetYearId = await fy26(page);
    for (const lastName of ['Adler', 'Brandt']) {
      await api.post('/line-items', {
        isOperating: true,
        budgetYearId,
        fiscalYear: 2026,
        lastName,
        position,
        currentSalary: 41000,
      });
    }
    await page.goto('/admin/manage-data?tab=bulk-operations');
    const card = page.getByRole('region', { name: 'Assign Work Group' });
    await expect(card.getByRole('combobox', { name: 'Match employees by' })).toHaveText(/Position/);
    await card.getByRole('combobox', { name: 'Position', exact: true }).click();
    await page.getByRole('option').filter({ hasText: position }).click();
    await card.getByRole('combobox', { name: 'Work group' }).click();
    await page.getByRole('option', { name: 'Custodians', exact: true }).click();
    await card.getByRole('button', { name: 'Preview and Assign' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `2 employees in FY26 match position "${position}"; 2 employees will move to Custodians`,
    );
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('2 employees moved to Custodians')).toBeVisible();
  });
});

test.describe('Budget Categories', () => {
  test('quick-edits the default YoY increase with Enter; the forecast follows and the value persists', async ({
    page,
  }) => {
    const name = `Field Trips ${stamp()}`;
    await signIn(page, ADMIN, '/admin/categories');
    await expect(page.getByRole('article', { name: 'Teachers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('combobox', { name: 'DESE function' }).click();
    await page.getByRole('option', { name: /^3520 / }).click();
    await dialog.getByLabel('Default YoY increase (%)').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Category saved successfully!', { exact: true })).toBeVisible();

    const card = page.getByRole('article', { name });
    await expect(card).toContainText('3520 Other Student Activities');
    await expect(card.getByRole('cell').nth(0)).toHaveText('$102,000');
    const yoy = card.getByLabel('Default YoY increase');
    await yoy.fill('4');
    await expect(card.getByRole('cell').nth(4)).toHaveText('$121,665');
    await yoy.press('Enter');
    await expect(page.getByText(`${name}: default increase set to 4%`, { exact: true })).toBeVisible();
    await saveScreen(page, 'categories');
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await expect(card.getByLabel('Default YoY increase')).toHaveValue('4');
    await expect(card.getByRole('cell').nth(0)).toHaveText('$104,000');
    await expect(card.getByRole('cell').nth(4)).toHaveText('$121,665');

    // Only numbers are saved: a non-number puts the saved value back.
    await card.getByLabel('Default YoY increase').fill('');
    await card.getByLabel('Default YoY increase').blur();
    await expect(card.getByLabel('Default YoY increase')).toHaveValue('4');

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete this category?',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name })).toHaveCount(0);

    // A category in use cannot be deleted: its Delete is disabled, saying why (as Manage Data's).
    const inUse = page
      .getByRole('article', { name: 'Teachers' })
      .getByRole('button', { name: 'Delete Teachers' });
    await expect(inUse).toBeDisabled();
    await expect(inUse).toHaveAccessibleDescription(/^In use by [\d,]+ lines?; move them first$/);
  });
});

test.describe('Admin Panel, Manage Data tab', () => {
  test('links employees to buildings and lists what was linked', async ({ page }) => {
    const code = `L${stamp()}`;
    const buildingName = `Linkfield School ${code}`;
    await signIn(page, ADMIN);
    const api = await apiFor(page);
    await api.post('/buildings', { name: buildingName, code });
    await api.post('/line-items', {
      isOperating: true,
      budgetYearId: await fy26(page),
      fiscalYear: 2026,
      lastName: 'Linktest',
      firstName: 'Pat',
      currentSalary: 52000,
      locationCode: code.toLowerCase(),
    });
    await page.goto('/admin?tab=manage-data');
    const card = page.getByRole('region', { name: 'Link Employees to Buildings' });
    await card.getByRole('button', { name: 'Preview' }).click();
    await expect(card.getByRole('status')).toContainText('Would link');
    await card.getByRole('button', { name: 'Link Employees' }).click();
    await expect(card.getByRole('status')).toContainText(/Linked \d+ employee/);
    const row = card.getByRole('row').filter({ hasText: buildingName });
    await expect(row).toContainText('Location code');
    await expect(row.getByRole('cell').last()).toHaveText('1');
    await saveScreen(page, 'admin-bulk-operations');
    expect(await axeViolations(page)).toEqual([]);

    const dese = page.getByRole('region', { name: 'Update DESE Codes' });
    await dese.getByRole('button', { name: 'Preview' }).click();
    await expect(dese.getByRole('status')).toContainText('Would update');
  });

  test('bulk fixes use the styled pickers, and a DESE mapping is checked field by field', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/admin?tab=manage-data');
    const dese = page.getByRole('region', { name: 'Update DESE Codes' });
    await dese.getByRole('radio', { name: /Set one code/ }).check();
    // No native <select>: every picker is the app's Select (a combobox button with a listbox).
    await expect(page.locator('select:not([aria-hidden="true"])')).toHaveCount(0);
    const year = dese.getByRole('combobox', { name: 'Fiscal years' });
    await expect(year).toHaveText(/All fiscal years/);
    await year.click();
    await page.getByRole('option', { name: 'FY26' }).click();
    await expect(year).toHaveText(/FY26/);

    await dese.getByRole('button', { name: 'Preview' }).click();
    const job = dese.getByRole('combobox', { name: 'Job class' });
    await expect(job).toHaveAttribute('aria-invalid', 'true');
    await expect(job).toHaveAccessibleDescription('Job class is required');
    await expect(dese.getByRole('combobox', { name: 'DESE code' })).toHaveAccessibleDescription(
      'DESE code is required',
    );
    await expect(dese.getByRole('status')).toHaveCount(0);
    await saveScreen(page, 'admin-bulk-operations-dese-set');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('FINANCE gets Access Denied on Manage Data and Budget Categories', async ({ page }) => {
  await signIn(page, FINANCE);
  for (const path of ['/admin/manage-data', '/admin/categories']) {
    await page.goto(path);
    await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
    await expect(page.getByText('Required role: ADMIN')).toBeVisible();
  }
});
