import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  navigate,
  saveScreen,
  signIn,
  VIEWER,
  forgetSession,
} from './helpers';
import { chooseOption } from './select';

// A proposed line without a function code shows on the Budget Dashboard as '$X in N lines have no
// function code'; its link opens the Proposed Budget Manager filtered to those lines. The ADMIN
// then adds an account rule on Function Codes (through the Admin menu), applies it to FY27
// after the count it shows, and the line has the rule's code. Each size makes its own line and
// rule, and removes both at the end.

const FY = 2027;
const CODE = '2420';
const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`ADMIN maps an unmapped line with a rule and applies it, at ${size.name}`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, ADMIN, '/');
    const byId = await budgetYearId(page, 'FY26');
    const account = `E2E-${RUN}-${size.name}-01`;
    const description = `E2E uncoded supplies ${RUN} ${size.name}`;
    const { lineItem } = await apiCall(page, 'POST', '/line-items', {
      isOperating: false,
      budgetYearId: byId,
      fiscalYear: FY,
      accountDescription: description,
      accountLine: account,
      amount: 1234.56,
      categoryId: null,
    });

    // The dashboard says it, in the server's words, and links to those lines.
    await chooseOption(page, 'Fiscal year', /^FY27/);
    const unmapped = await apiCall(
      page,
      'GET',
      `/function-codes/unmapped?budgetYearId=${byId}&fiscalYear=${FY}`,
    );
    expect(unmapped.proposed.lineCount).toBeGreaterThanOrEqual(1);
    const notice = page.getByTestId('unmapped-codes');
    await expect(notice).toContainText(unmapped.message);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `function-codes-dashboard-${size.name}`);
    await notice.getByRole('link', { name: /^Proposed lines/ }).click();
    await expect(page).toHaveURL(/\/admin\/proposed-budget\?functionCode=none&fiscalYear=2027/);
    await expect(page.getByRole('combobox', { name: 'Function code' })).toHaveText('No function code');
    await expect(page.getByText(new RegExp(`^${unmapped.proposed.lineCount} of \\d+ lines`))).toBeVisible();
    await expect(page.getByRole('gridcell', { name: description, exact: true })).toBeVisible();

    // The rule: by account, a pattern that reaches this line alone.
    await navigate(page, 'Function Codes');
    // The page is titled as the menu entry that opens it (it said 'Function-Code Rules').
    await expect(page.getByRole('heading', { level: 1, name: 'Function Codes' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Function-Code Rule' });
    await dialog.getByRole('button', { name: 'Add Rule' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Choose a budget category');
    await chooseOption(page, 'Rule by', 'Account');
    await dialog.getByLabel(/^Account or pattern/).fill(`E2E-${RUN}-${size.name}-*`);
    await chooseOption(page, 'DESE function code', new RegExp(`^${CODE} `));
    // The rule also names the fund that pays the lines it reaches on the general fund.
    await chooseOption(page, 'Fund', /^Title I, Part A \(/);
    await dialog.getByRole('button', { name: 'Add Rule' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.page-message')).toContainText(`→ ${CODE}`);
    const row = page.getByRole('row').filter({ hasText: account.replace(/01$/, '') });
    await expect(row).toContainText(CODE);
    await expect(row).toContainText('Title I, Part A');

    // Applied to FY27 after the count: one line gets the code.
    await chooseOption(page, 'Fiscal year', 'FY27');
    await page.getByRole('button', { name: 'Apply Rules…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply the rules to FY27?' });
    await expect(confirm.getByRole('status')).toContainText('1 line would get a function code');
    await expect(confirm.getByRole('status')).toContainText(
      '1 line on the general fund would get the fund a rule names',
    );
    await confirm.getByRole('button', { name: 'Apply: 1 line coded, 1 line funded' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.locator('.page-message')).toContainText('1 line got a function code');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `function-codes-${size.name}`);

    const after = await apiCall(
      page,
      'GET',
      `/function-codes/unmapped?budgetYearId=${byId}&fiscalYear=${FY}`,
    );
    expect(after.proposed.lineCount).toBe(unmapped.proposed.lineCount - 1);
    expect(Math.round(after.proposed.amount * 100)).toBe(Math.round(unmapped.proposed.amount * 100) - 123456);
    const { lineItems } = await apiCall(
      page,
      'GET',
      `/line-items/budget?budgetYearId=${byId}&fiscalYear=${FY}&isOperating=false`,
    );
    const coded = lineItems.find((l: { id: number }) => l.id === lineItem.id);
    expect(coded.deseCode).toBe(CODE);
    const { funds } = await apiCall(page, 'GET', '/funds');
    expect(coded.fundId).toBe(funds.find((f: { name: string }) => f.name === 'Title I, Part A').id);

    // Deleted: the line keeps its code.
    await row.getByRole('button', { name: /^Delete rule/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Rule' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await apiCall(page, 'DELETE', `/line-items/${lineItem.id}`);
  });
}

// One uncoded employee line: a VIEW_ONLY reader (a committee member) sees the dashboard's notice
// without that person's salary, which only ADMIN and FINANCE read, and no column or link that needs it.
for (const size of SIZES) {
  test(`VIEW_ONLY reads the unmapped notice without one person's salary, at ${size.name}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, ADMIN);
    const byId = await budgetYearId(page, 'FY26');
    const { lineItem } = await apiCall(page, 'POST', '/line-items', {
      isOperating: true,
      budgetYearId: byId,
      fiscalYear: FY,
      firstName: 'Pat',
      lastName: `Uncoded ${RUN} ${size.name}`,
      currentSalary: 87654.32,
      categoryId: null,
    });
    const adminToken = await page.evaluate(() => localStorage.getItem('token'));
    try {
      const q = `/function-codes/unmapped?budgetYearId=${byId}&fiscalYear=${FY}`;
      const staff = await apiCall(page, 'GET', q);
      expect(staff.employee.lineCount).toBeGreaterThanOrEqual(1);

      await forgetSession(page);
      await signIn(page, VIEWER, '/');
      const seen = await apiCall(page, 'GET', q);
      expect(seen.employee.lineCount).toBe(staff.employee.lineCount);
      expect(JSON.stringify(seen)).not.toContain('87654.32');
      await chooseOption(page, 'Fiscal year', /^FY27/);
      const notice = page.getByTestId('unmapped-codes');
      await expect(notice).toContainText(seen.message);
      await expect(notice).not.toContainText('87,654.32');
      // The grids and the rules are staff's: no link to them, no dollars in a broken column.
      await expect(notice.getByRole('link')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `function-codes-dashboard-viewer-${size.name}`);
    } finally {
      // Removed with the ADMIN's token, kept from before the VIEW_ONLY sign-in.
      const removed = await page.request.delete(`/api/line-items/${lineItem.id}`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(removed.ok()).toBe(true);
    }
  });
}
