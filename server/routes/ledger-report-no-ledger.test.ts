import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, insertProposed } from '../../test/factories';
import { ledgerSuite } from '../../test/worlds/ledger.suite';

// The Budget vs Actual workbook of a year with proposed lines and no ledger imported: the screen
// shows its ledger figures as '—' (No ledger), and the workbook must not read 'Available 0' against
// a funded budget. Its ledger figures read 'No ledger' where the screen shows a dash (revised,
// expended, encumbered, available, % used, projected year-end) and are empty where the screen shows
// none (original, projected variance, flag); the budget and its total stay.

const s = ledgerSuite('ledger-report-no-ledger-');

beforeAll(async () => {
  const db = s.t.db.knex;
  const { budgetYearId, scenarioId } = await s.budgetYear(2026);
  const teachers = await buildCategory(db, { name: 'Teachers', deseFunction: '2305', displayOrder: 1 });
  const transport = await buildCategory(db, {
    name: 'Transportation',
    deseFunction: '2440',
    displayOrder: 2,
  });
  const line = { budgetYearId, fiscalYear: 2026, scenarioId };
  await insertProposed(db, [
    { ...line, amount: '120000.25', categoryId: teachers },
    { ...line, amount: '1500.50', categoryId: transport, accountLine: '0100-3-300-2440-05-5-63-2-535016' },
  ]);
});

const workbook = async (query: string) => (await s.reportWorkbook(query)).book;

const NO = 'No ledger';
/** Revised, expended, encumbered, available, % used, projected: a dash on the screen. */
const DASHED = [NO, NO, NO, NO, NO, NO];

/** The cells of a row from column `from` to `to` (letters), as ExcelJS reads them back. */
const cells = (sheet: ExcelJS.Worksheet, row: number, from: string, to: string) => {
  const out: ExcelJS.CellValue[] = [];
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
    out.push(sheet.getCell(`${String.fromCharCode(c)}${row}`).value);
  }
  return out;
};

describe('the Budget vs Actual workbook of a year with no ledger', () => {
  it('writes no ledger figure: No ledger or empty, never 0 or a formula; the budget and its total stay', async () => {
    const report = (
      await s.t.api('get', '/ledger/report?fiscalYear=2026&by=category', { token: s.finance.token })
    ).body;
    expect(report.ledger).toBeNull();
    expect(report.rows.map((r: { label: string }) => r.label)).toEqual(['Teachers', 'Transportation']);

    const book = await workbook('fiscalYear=2026&by=category');
    const sheet = book.getWorksheet('By category')!;
    expect(sheet.getCell('C2').value).toBe('No ledger imported for this year');
    // Budget (proposed), original, then revised … projected, projected variance, flag.
    expect(cells(sheet, 5, 'A', 'K')).toEqual(['Teachers', 120000.25, null, ...DASHED, null, null]);
    expect(cells(sheet, 6, 'A', 'K')).toEqual(['Transportation', 1500.5, null, ...DASHED, null, null]);
    const total = cells(sheet, 7, 'A', 'K');
    expect(total[0]).toBe('Total');
    expect(total[1]).toEqual({ formula: 'SUM(B5:B6)', result: 121500.75 });
    expect(total.slice(2)).toEqual([null, ...DASHED, null, null]);

    // The Accounts sheet (no ledger: no account): its Total row likewise.
    const accounts = book.getWorksheet('Accounts')!;
    expect(accounts.getCell('A5').value).toBe('Total');
    expect(cells(accounts, 5, 'H', 'P')).toEqual([null, ...DASHED, null, null]);
  });

  it('makes up no periods elapsed and lists no line as unmatched: one line says why, as the screen does', async () => {
    const book = await workbook('fiscalYear=2026&by=category');
    // Row 2 said 'Periods elapsed 12' of a year with no ledger period at all.
    for (const name of ['By category', 'Accounts', 'Not matched']) {
      const sheet = book.getWorksheet(name)!;
      expect(cells(sheet, 2, 'A', 'C'), name).toEqual([
        'Periods elapsed',
        'None',
        'No ledger imported for this year',
      ]);
    }
    // 'Not matched' listed both lines as having no ledger account, then an empty set-aside list and
    // 'Ledger accounts no proposed line names: 0'.
    const unmatched = book.getWorksheet('Not matched')!;
    const text: string[] = [];
    unmatched.eachRow((row) => text.push(String((row.values as ExcelJS.CellValue[]).slice(1).join(' | '))));
    expect(text.slice(3)).toEqual([
      'No ledger: budget lines are matched to ledger accounts once the FY26 ledger is imported.',
    ]);
  });
});
