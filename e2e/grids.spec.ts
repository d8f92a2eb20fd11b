import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, axeViolations, FINANCE, saveScreen, signIn, VIEWER } from './helpers';

// Every test creates the lines it changes (through the API) under a name unique to this run, and
// filters the grid down to them, so it never depends on demo rows other tests might change.
const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

async function call(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await token(page)}` },
    data: body,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

async function fy26(page: Page): Promise<number> {
  const { budgetYears } = await call(page, 'GET', '/budget-years');
  return budgetYears.find((y: any) => y.fiscalYear === 'FY26').id;
}

async function createEmployee(page: Page, fields: Record<string, unknown>): Promise<any> {
  const budgetYearId = await fy26(page);
  const { lineItem } = await call(page, 'POST', '/line-items', {
    isOperating: true,
    budgetYearId,
    fiscalYear: 2026,
    position: 'Grade 4 Teacher',
    currentSalary: 71000,
    currentFTE: 1,
    employeeStatus: 'Active',
    ...fields,
  });
  return lineItem;
}

/** Narrows a grid to the rows matching the text and waits until exactly `rows` show. */
async function search(page: Page, label: string, text: string, rows: number): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(text);
  await expect(page.locator('.ag-row [col-id="building"]')).toHaveCount(rows);
}

function centerCell(page: Page, rowIndex: number, colId: string) {
  return page.locator(`.ag-row[row-index="${rowIndex}"] [col-id="${colId}"]`);
}

test.describe('Employee Budget Manager', () => {
  test('an admin edits a next-year salary inline and it persists after a reload', async ({ page }) => {
    await signIn(page, ADMIN);
    const last = `Inline${RUN}`;
    await createEmployee(page, { firstName: 'Ada', lastName: last, currentSalary: 58000 });

    await page.goto('/admin/operating-budget');
    await expect(page.getByRole('heading', { name: 'Employee Budget Manager' })).toBeVisible();
    await search(page, 'Search', last, 1);
    const cell = centerCell(page, 0, 'nextYearSalary');
    await expect(cell).toContainText('Auto');
    await cell.dblclick();
    await cell.locator('input').fill('61234.5');
    await cell.locator('input').press('Enter');
    await expect(cell).toContainText('$61,234.50');
    await expect(cell).toContainText('Manual');
    await expect(page.locator('.toast').getByText('Next-year salary saved')).toBeVisible();

    await page.reload();
    await search(page, 'Search', last, 1);
    await expect(centerCell(page, 0, 'nextYearSalary')).toContainText('$61,234.50');
    await expect(centerCell(page, 0, 'nextYearSalary')).toContainText('Manual');
    // The summary cards are the server's sums for the same filter: just this employee.
    await expect(page.getByRole('region', { name: 'Employee totals' })).toContainText('$61,234.50');
    await saveScreen(page, 'grids-employee-inline-edit');

    // The Edit button opens the editor, which shows the change in the record's history.
    await page.getByRole('button', { name: `Edit ${last}, Ada` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${last}, Ada` });
    await expect(dialog).toBeVisible();
    const history = dialog.getByRole('region', { name: 'History' });
    await expect(history.getByRole('row', { name: /Next-year salary/ })).toContainText('$61,234.50');
    await dialog.getByLabel('Position').fill('Grade 5 Teacher');
    await dialog.getByLabel('FTE').fill('1.6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('FTE must be above 0 and at most 1.5')).toBeVisible();
    await dialog.getByLabel('FTE').fill('0.8');
    // A work group is chosen among the existing ones, never typed.
    await expect(dialog.getByRole('textbox', { name: 'Work group' })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Work group' }).click();
    await page.getByRole('option', { name: 'Custodians', exact: true }).click();
    await saveScreen(page, 'grids-employee-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(centerCell(page, 0, 'position')).toHaveText('Grade 5 Teacher');
    await expect(centerCell(page, 0, 'currentFTE')).toHaveText('0.80');
    await expect(centerCell(page, 0, 'workGroup')).toHaveText('Custodians');
    // Not on a schedule: going from 1.0 to 0.8 FTE pays 80% of $58,000.00.
    await expect(centerCell(page, 0, 'currentSalary')).toHaveText('$46,400.00');
    await page.getByRole('button', { name: `Edit ${last}, Ada` }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('region', { name: 'History' })
        .getByRole('row', { name: /Position/ }),
    ).toContainText('Grade 5 Teacher');
  });

  test('a bulk action assigns a building to the selected employees and clears the selection', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const last = `Bulk${RUN}`;
    await createEmployee(page, { firstName: 'Bea', lastName: last });
    await createEmployee(page, { firstName: 'Cal', lastName: last });

    await page.goto('/admin/operating-budget');
    await search(page, 'Search', last, 2);
    // Nothing ticked yet: Bulk Actions waits, saying why.
    await expect(page.getByRole('button', { name: 'Bulk Actions' })).toBeDisabled();

    await page.locator('.ag-header-select-all input').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Bulk Actions (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Actions' });
    await dialog.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Assign building' }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a building');
    await dialog.getByRole('combobox', { name: 'Building' }).click();
    await page.getByRole('option', { name: 'Maple Grove Elementary School' }).click();
    await saveScreen(page, 'grids-employee-bulk-actions');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.locator('.toast').getByText('Assigned 2 employees to Maple Grove Elementary School'),
    ).toBeVisible();
    await expect(centerCell(page, 0, 'building')).toHaveText('Maple Grove Elementary School');
    await expect(centerCell(page, 1, 'building')).toHaveText('Maple Grove Elementary School');
    await expect(page.getByText(/selected/)).toHaveCount(0);
  });

  test('the summary cards follow the work-group filter, summed on the server', async ({ page }) => {
    await signIn(page, ADMIN);
    const crew = `Crew ${RUN}`;
    // Work groups are chosen, not typed: the group exists before a line names it.
    await call(page, 'POST', '/cola/work-groups', { name: crew });
    await createEmployee(page, {
      firstName: 'Dan',
      lastName: `Crew${RUN}`,
      workGroup: crew,
      currentSalary: 50000.25,
    });
    await createEmployee(page, {
      firstName: 'Eve',
      lastName: `Crew${RUN}`,
      workGroup: crew,
      currentSalary: 40000.5,
    });

    await page.goto('/admin/operating-budget');
    await expect(page.locator('.ag-row [col-id="building"]').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Work group' }).click();
    await page.getByRole('option', { name: crew }).click();
    await expect(page.locator('.ag-row [col-id="building"]')).toHaveCount(2);
    const cards = page.getByRole('region', { name: 'Employee totals' });
    await expect(cards.locator('.summary-card', { hasText: 'Employees' })).toContainText(/^Employees\s*2$/);
    await expect(cards.locator('.summary-card', { hasText: 'Current Salaries' })).toContainText('$90,000.75');
    await saveScreen(page, 'grids-employee-work-group-totals');
  });

  test('the Employee Budget Manager has no axe violations and logs no errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.text().includes('AG Grid')) {
        problems.push(m.text());
      }
    });
    await signIn(page, ADMIN, '/admin/operating-budget');
    await expect(page.locator('.ag-row [col-id="building"]').first()).toBeVisible();
    expect(problems).toEqual([]);
    await saveScreen(page, 'grids-employee-manager');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('a grid screen opened from the menus draws its grid with no placeholder of its code between', async ({
  page,
}) => {
  // The screen is ready once its grid's code has arrived too: a grid that suspended showed
  // 'Loading table...', and the grid no sooner than 300 ms after it (React's reveal throttle).
  await signIn(page, ADMIN);
  await page.evaluate(() => {
    const w = window as unknown as { gridPlaceholderSeen: boolean };
    w.gridPlaceholderSeen = false;
    new MutationObserver(() => {
      w.gridPlaceholderSeen ||= document.querySelector('.data-grid--placeholder') !== null;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Admin', exact: true })
    .click();
  await page.getByRole('menuitem', { name: 'Proposed Budget', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Proposed Budget Manager' })).toBeVisible();
  await expect(page.locator('.ag-row').first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { gridPlaceholderSeen: boolean }).gridPlaceholderSeen),
  ).toBe(false);
});

test('Data Quality merges a duplicate pair, keeping the chosen record', async ({ page }) => {
  await signIn(page, ADMIN);
  const last = `Dup${RUN}`;
  const same = { lastName: last, position: 'Custodian', currentSalary: 48120, hireDate: '2014-09-02' };
  const first = await createEmployee(page, { ...same, firstName: 'Bartholomew' });
  const second = await createEmployee(page, { ...same, firstName: 'Bartholemew' });

  await page.goto('/admin/data-quality');
  await expect(page.getByRole('heading', { name: 'Data Quality Review' })).toBeVisible();
  await expect(page.locator('.ag-row [col-id="warnings"]').first()).not.toBeEmpty();
  await page.waitForTimeout(300);
  await saveScreen(page, 'grids-data-quality');
  // A flagged record opens in the editor with its import warnings; saving would clear the flag.
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByText('Import warnings')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save and mark reviewed' })).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  await page.getByRole('tab', { name: 'Duplicate Checker' }).click();
  const group = page.getByRole('article').filter({ hasText: `${last}, Bartholomew` });
  await expect(group).toBeVisible();
  await expect(group.getByText(/Match score \d+%/)).toHaveClass(/badge--score-high/);
  await saveScreen(page, 'grids-duplicates');
  await group.getByRole('radio', { name: `Keep ${last}, Bartholemew (record ${second.id})` }).check();
  await group.getByRole('button', { name: /^Merge/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Merge these records? The deleted record cannot be recovered.');
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('Records merged successfully!')).toBeVisible();
  await expect(group).toHaveCount(0);

  const budgetYearId = await fy26(page);
  const { lineItems } = await call(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${budgetYearId}&isOperating=true&fiscalYear=2026`,
  );
  const ids = lineItems.filter((l: any) => l.lastName === last).map((l: any) => l.id);
  expect(ids).toEqual([second.id]);
  expect(ids).not.toContain(first.id);
});

test('a grid exports what it shows to CSV and Excel, with formula cells neutralised', async ({ page }) => {
  await signIn(page, ADMIN);
  const budgetYearId = await fy26(page);
  const tag = `Export${RUN}`;
  const evil = `=HYPERLINK("http://evil.example","${tag}")`;
  for (const [accountDescription, amount] of [
    [evil, 1234.56],
    [`${tag} supplies`, -250],
    [`Other ${RUN} line`, 10],
  ] as const) {
    await call(page, 'POST', '/line-items', {
      isOperating: false,
      budgetYearId,
      fiscalYear: 2026,
      accountDescription,
      amount,
    });
  }

  await page.goto('/admin/proposed-budget');
  await expect(page.getByRole('heading', { name: 'Proposed Budget Manager' })).toBeVisible();
  await search(page, 'Search', tag, 2);
  await expect(page.getByRole('region', { name: 'Proposed totals' })).toContainText('$984.56');
  await saveScreen(page, 'grids-proposed-manager');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^proposed-FY26-FY26-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0].split(',').slice(0, 4)).toEqual(['Account Description', 'Category', 'Building', 'Amount']);
  expect(lines).toHaveLength(3);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`);
  expect(text).toContain(',-250,');
  expect(text).not.toContain(`Other ${RUN} line`);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(3);
  const values = [2, 3].map((r) => [sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(4).value]);
  expect(values).toContainEqual([`'${evil}`, 1234.56]);
  expect(values).toContainEqual([`${tag} supplies`, -250]);
  expect(sheet.getRow(2).getCell(1).formula).toBeUndefined();
});

test('Budget Management sets a budget as active after confirmation', async ({ page }) => {
  await signIn(page, ADMIN);
  const { budgetYears } = await call(page, 'GET', '/budget-years');
  // FY25 is the closed demo year: the test restores its active budget afterwards.
  const fy25 = budgetYears.find((y: any) => y.fiscalYear === 'FY25');
  const before = (await call(page, 'GET', `/scenarios?budgetYearId=${fy25.id}`)).scenarios;
  const original = before.find((s: any) => s.scenarioType === 'proposed' && s.isActive);
  const name = `Alternative ${RUN}`;
  await call(page, 'POST', '/scenarios', {
    budgetYearId: fy25.id,
    name,
    scenarioType: 'proposed',
    description: 'e2e',
  });
  try {
    await page.goto('/admin?tab=budgets');
    await page.getByRole('combobox', { name: 'Budget year' }).last().click();
    await page.getByRole('option', { name: fy25.name }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Set as Active: ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `Make ${name} the active proposed budget? ${original.name} will no longer be active.`,
    );
    await confirm.getByRole('button', { name: 'Set as Active' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Active proposed budget' })).toContainText(name);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: original.name })
        .getByRole('button', { name: `Set as Active: ${original.name}` }),
    ).toBeVisible();
    await saveScreen(page, 'grids-budget-management');
  } finally {
    await call(page, 'POST', `/scenarios/${original.id}/set-active`);
  }
});

test('Import History filters records needing review and saves a departure date inline', async ({ page }) => {
  await signIn(page, ADMIN, '/admin/import-history');
  await expect(page.getByRole('heading', { name: 'Import History' })).toBeVisible();
  await expect(page.locator('.ag-row [col-id="building"]').first()).toBeVisible();
  const meta = page.getByText(/^\d+ of \d+ records$/);
  const all = Number((await meta.textContent())?.split(' ')[0]);
  await page.getByRole('radio', { name: /Needs Review \((\d+)\)/ }).click();
  const flagged = Number(
    (await page.getByRole('radio', { name: /Needs Review/ }).textContent())?.match(/\((\d+)\)/)?.[1],
  );
  expect(flagged).toBeGreaterThan(0);
  expect(flagged).toBeLessThan(all);
  await expect(meta).toHaveText(`${flagged} of ${all} records`);
  await saveScreen(page, 'grids-import-history');

  // Inline departure date on a record of this run.
  const last = `Depart${RUN}`;
  await createEmployee(page, { firstName: 'Dee', lastName: last });
  await page.reload();
  await page.getByRole('radio', { name: 'All Records' }).click();
  await search(page, 'Search', last, 1);
  const cell = centerCell(page, 0, 'dateOfDeparture');
  await cell.dblclick();
  await cell.locator('input').fill('2026-06-30');
  await cell.locator('input').press('Enter');
  await expect(cell).toHaveText('06/30/2026');
  await expect(page.locator('.toast').getByText('Departure date saved')).toBeVisible();
  await page.reload();
  await search(page, 'Search', last, 1);
  await expect(centerCell(page, 0, 'dateOfDeparture')).toHaveText('06/30/2026');
});

test.describe('roles', () => {
  test('FINANCE opens both managers but not Data Quality, and the server refuses its data', async ({
    page,
  }) => {
    await signIn(page, FINANCE, '/admin/operating-budget');
    await expect(page.locator('.ag-row [col-id="building"]').first()).toBeVisible();
    await page.goto('/admin/proposed-budget');
    await expect(page.locator('.ag-row [col-id="building"]').first()).toBeVisible();
    await page.goto('/admin/data-quality');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    const response = await page.request.get('/api/line-items/duplicates?budgetYearId=1', {
      headers: { Authorization: `Bearer ${await token(page)}` },
    });
    expect(response.status()).toBe(403);
  });

  test('VIEW_ONLY gets Access Denied on the Employee Budget Manager and a 403 from its API', async ({
    page,
  }) => {
    await signIn(page, VIEWER, '/admin/operating-budget');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    const response = await page.request.get('/api/line-items/budget?budgetYearId=1&isOperating=true', {
      headers: { Authorization: `Bearer ${await token(page)}` },
    });
    expect(response.status()).toBe(403);
  });
});
