import { expect, test, type Page } from '@playwright/test';
import { FUND_MESSAGES } from '@shared/schemas/funds';
import {
  ADMIN,
  apiCall,
  axeViolations,
  FINANCE,
  forgetSession,
  navigate,
  pageOverflow,
  saveScreen,
  signIn,
  VIEWER,
} from './helpers';

// The ADMIN's Funds screen, reached through the Admin menu: a state grant added with its award and
// period (outside net school spending by its kind), renamed, refused the general fund's code, and
// deleted; the general fund itself cannot be. Each size adds its own fund, with a code of its own,
// since the specs share one database.

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

interface FundRow {
  id: number;
  name: string;
  code: string;
  kind: string;
}

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

for (const size of SIZES) {
  test(`ADMIN adds, edits and deletes a state grant on Funds, at ${size.name}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, ADMIN);
    await navigate(page, 'Funds');
    await expect(page.getByRole('heading', { level: 1, name: 'Funds' })).toBeVisible();
    const { funds } = (await apiCall(page, 'GET', '/funds')) as { funds: FundRow[] };
    const general = funds.find((f) => f.kind === 'general')!;
    expect(general, 'the general fund').toBeTruthy();
    const table = page.getByRole('table', { name: 'Funds' });
    const generalRow = table.getByRole('row').filter({ hasText: general.name });
    await expect(generalRow.first()).toContainText(general.code);
    await expect(generalRow.first()).toContainText('General fund appropriation');
    expect(await axeViolations(page)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // A state grant: its kind keeps it outside net school spending.
    const code = `SG${size.name}${Date.now() % 100000}`;
    const name = `E2E Literacy Grant ${code}`;
    await page.getByRole('button', { name: 'Add Fund' }).click();
    const adding = page.getByRole('dialog', { name: 'Add Fund' });
    await adding.getByLabel('Name').fill(name);
    await adding.getByLabel('Code', { exact: true }).fill(code);
    await adding.getByLabel('Note').fill('Awarded by DESE for grades K-3');
    await adding.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'State grant' }).click();
    await expect(
      adding.getByRole('checkbox', { name: 'Counts toward net school spending' }),
    ).not.toBeChecked();
    await adding.getByLabel('Award amount').fill('125,000');
    await adding.getByLabel('Period start').fill('2025-07-01');
    await adding.getByLabel('Period end').fill('2026-09-30');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `funds-modal-${size.name}`);
    await adding.getByRole('button', { name: 'Save' }).click();
    await expect(adding).toBeHidden();
    await expect(page.getByText(`Fund ${name} added`)).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(name);
    await expect(row).toContainText('State grant');
    await expect(row.getByRole('cell').nth(2)).toHaveText('No');
    await expect(row).toContainText('$125,000');
    await expect(row).toContainText('Jul 1, 2025 – Sep 30, 2026');

    // Renamed; then the general fund's code is refused on the Code field in the server's words.
    const renamed = `E2E Early Literacy ${code}`;
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Fund' });
    await expect(editing.getByLabel('Award amount')).toHaveValue('125,000.00');
    await editing.getByLabel('Name').fill(renamed);
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(editing).toBeHidden();
    await expect(page.getByText(`Fund ${renamed} updated`)).toBeVisible();
    await expect(row).toContainText(renamed);

    await row.getByRole('button', { name: `Edit ${renamed}` }).click();
    const codeField = editing.getByLabel('Code', { exact: true });
    await codeField.fill(general.code);
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(editing.getByText(FUND_MESSAGES.codeTaken(general.code, general.name))).toBeVisible();
    await saveScreen(page, `funds-code-taken-${size.name}`);
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await expect(editing).toBeHidden();
    await expect(row).toContainText(code);
    await saveScreen(page, `funds-${size.name}`);

    // The general fund stays: no Delete is offered on it, and the API refuses one.
    const refused = await page.request.delete(`/api/funds/${general.id}`, {
      headers: { Authorization: `Bearer ${await token(page)}` },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^The general fund stays the general fund/,
    );
    await expect(generalRow.first().getByRole('button', { name: `Edit ${general.name}` })).toBeVisible();
    await expect(generalRow.first().getByRole('button', { name: `Delete ${general.name}` })).toHaveCount(0);

    await row.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete Fund' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: renamed })).toBeVisible();
  });
}

test('FINANCE and VIEW_ONLY are not offered Funds and the server refuses their changes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const who of [FINANCE, VIEWER]) {
    await signIn(page, who);
    await expect(navigate(page, 'Funds')).rejects.toThrow('is not in the navigation');
    await page.goto('/admin/funds');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    const headers = { Authorization: `Bearer ${await token(page)}` };
    // Reading the funds is anyone's (they hold no pay); changing them is the ADMIN's.
    expect((await page.request.get('/api/funds', { headers })).status()).toBe(200);
    const res = await page.request.post('/api/funds', {
      headers,
      data: { name: 'Not allowed', code: `NA${Date.now() % 100000}`, kind: 'other' },
    });
    expect(res.status()).toBe(403);
    await forgetSession(page);
  }
});
