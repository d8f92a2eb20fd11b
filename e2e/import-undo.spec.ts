import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, budgetYearId, navigate, saveScreen, signIn } from './helpers';

// Undo of an import in Import History, as an ADMIN: a three-person payroll goes into FY25's FY2028
// under a version of its own (through the API: the wizard is import.spec.ts), then Undo import,
// confirmed, takes its lines and the positions it made away, and the run reads 'Undone'. Named to
// run before import.spec.ts, which imports into the same year: an undone run is no repeat and no
// later import, so it sees the year as if this spec had not run.

const FILE = 'e2e-undo-payroll.csv';
const STAMP = Date.now().toString(36);
const CSV = [
  'Employee Name,Title,Salary',
  `"Undo${STAMP}, Ana",Teacher,"61,000.00"`,
  `"Undo${STAMP}, Bo",Counselor,"58,500.50"`,
  `"Undo${STAMP}, Cy",Custodian,"41,200.00"`,
].join('\n');

async function runsOfFile(page: Page, budgetYear: number) {
  const { runs } = await apiCall(page, 'GET', `/import/runs?budgetYearId=${budgetYear}&limit=500`);
  return (runs as { id: number; fileName: string; undoneAt: string | null }[]).filter(
    (r) => r.fileName === FILE,
  );
}

async function linesOfStamp(page: Page, budgetYear: number): Promise<number> {
  const body = await apiCall(
    page,
    'GET',
    `/line-items/budget?budgetYearId=${budgetYear}&fiscalYear=2028&isOperating=true`,
  );
  return (body.lineItems as { lastName: string | null }[]).filter((l) => l.lastName === `Undo${STAMP}`)
    .length;
}

test('an admin undoes a payroll import from Import History: its lines go and the run reads Undone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  const fy25 = await budgetYearId(page, 'FY25');
  // A retry after an import that was not undone: undo it first, so this file's run is the latest.
  for (const run of (await runsOfFile(page, fy25)).filter((r) => r.undoneAt === null).reverse()) {
    await apiCall(page, 'POST', `/import/runs/${run.id}/undo`, {});
  }

  const { version } = await apiCall(page, 'POST', '/versions', {
    fiscalYear: 'FY2028',
    label: `E2E undo ${STAMP}`,
    budgetYearId: fy25,
  });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const analyzed = await page.request.post('/api/import/analyze', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
    multipart: {
      importType: 'operating',
      file: { name: FILE, mimeType: 'text/csv', buffer: Buffer.from(CSV) },
    },
  });
  expect(analyzed.ok(), await analyzed.text()).toBe(true);
  const analysis = await analyzed.json();
  const columnMappings = Object.fromEntries(
    Object.entries(analysis.suggestedMappings as Record<string, { csvColumn: string | null }>).map(
      ([field, s]) => [field, s.csvColumn],
    ),
  );
  const result = await apiCall(page, 'POST', '/import/execute', {
    fileName: analysis.fileName,
    columnMappings,
    importType: 'operating',
    budgetYearId: fy25,
    versionId: version.id,
    allowRepeat: true,
  });
  expect(result.imported).toBe(3);
  expect(await linesOfStamp(page, fy25)).toBe(3);

  // Import History of the FY25 budget year, through the header's picker and the Admin menu.
  await page.getByRole('banner').getByRole('combobox', { name: 'Budget year' }).click();
  await page.getByRole('option', { name: /^FY25/ }).click();
  await navigate(page, 'Import History');
  const runs = page.getByRole('table', { name: 'Recent imports into FY25' });
  const row = runs.getByRole('row').filter({ hasText: `E2E undo ${STAMP}` });
  await expect(row).toContainText(FILE);
  await row.getByRole('button', { name: 'Undo import' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Undo import' });
  await expect(dialog).toContainText(
    'Remove the 3 lines this import added to FY28, and the 3 positions it made?',
  );
  await saveScreen(page, 'import-undo-confirm');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(/Undone \w{3} \d{1,2}, \d{4}/);
  await expect(row.getByRole('button', { name: 'Undo import' })).toHaveCount(0);

  // The server agrees: the lines are gone and the run is marked undone.
  expect(await linesOfStamp(page, fy25)).toBe(0);
  const [mine] = (await runsOfFile(page, fy25)).filter((r) => r.id === result.importRunId);
  expect(mine.undoneAt).not.toBeNull();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText('Undone');
  await saveScreen(page, 'import-undo-phone');
});
