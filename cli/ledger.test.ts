import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { cents, csvRecords } from '../test/real-files';
import { buildBudgetYear, FIXTURES } from '../test/factories';

const LEDGER = path.join(FIXTURES, 'lunenburg-munis-ytd-fy2023.csv');

/** `ledger import|report` through budget-cli. */
describe('budget-cli ledger', () => {
  let runner: CliRunner;
  let tmp: string;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('ledger', { timeout: 150_000 });
    tmp = mkdtempSync(path.join(tmpdir(), 'ledger-cli-'));
    expect((await cli('db', 'migrate')).code).toBe(0);
    const handle = await runner.openDb();
    try {
      await buildBudgetYear(handle.knex, { label: 'FY23', currentFiscalYear: 2023 });
    } finally {
      await handle.close();
    }
  }, 180_000);
  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await runner?.close();
  });

  it(
    'refuses a year that does not exist and a period outside 1-13, writing nothing',
    { timeout: 120_000 },
    async () => {
      const noYear = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2031', '--json');
      expect(noYear.code).toBe(2);
      expect(JSON.parse(noYear.stdout)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(noYear.stderr).toContain('FY31 does not exist');
      const badPeriod = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023', '--period', '14');
      expect(badPeriod.code).toBe(2);
      expect(badPeriod.stderr).toContain('--period: The period is a whole number from 1 to 13');
      const noAmount = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY23', '--map', 'expended=');
      expect(noAmount.code).toBe(2);
      expect(noAmount.stderr).toContain('Please map required fields: Expended Year to Date');
      const report = jsonDocument(
        await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--json'),
        'object',
      );
      expect(report.ledger).toBeNull();
    },
  );

  it(
    'names the rows of a Windows-1252 file it read as such, accents intact, in a dry run',
    { timeout: 120_000 },
    async () => {
      // 'Café supplies – kitchen' as Excel on Windows saves it: é is 0xE9, the en dash 0x96.
      const file = path.join(tmp, 'ytd-windows.csv');
      writeFileSync(
        file,
        Buffer.concat([
          Buffer.from('account,description,revised_budget,ytd_expended,period\n'),
          Buffer.from(
            '0100-3-300-2305-01-1-74-2-511001,Caf\xe9 supplies \x96 kitchen,100.00,40.00,6\n',
            'latin1',
          ),
        ]),
      );
      const dry = await cli('ledger', 'import', file, '--fiscal-year', 'FY2023', '--dry-run');
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/^Encoding: .*row 2.*Windows-1252/im);
      expect(dry.stdout).toContain('Café supplies – kitchen');
    },
  );

  it(
    'dry-runs, imports and reports the real ledger; writes the workbook with formulas',
    { timeout: 180_000 },
    async () => {
      const dry = jsonDocument(
        await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023', '--dry-run', '--json'),
        'object',
      );
      expect(dry).toMatchObject({ dryRun: true, imported: 73, period: 13 });
      const empty = jsonDocument(
        await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--json'),
        'object',
      );
      expect(empty.ledger).toBeNull();

      const text = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023');
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain('FY23 period 13, pattern FUND-x-xxx-FUNC-...-OBJECT');
      expect(text.stdout).toMatch(/Revised Budget\s+file\s+\$3,219,806\.26\s+stored\s+\$3,219,806\.26/);
      expect(text.stdout).toMatch(/Expended Year to Date\s+file\s+\$2,962,207\.45/);

      const byFunction = jsonDocument(
        await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--by', 'function', '--json'),
        'object',
      );
      expect(byFunction.totals).toMatchObject({
        revisedBudget: 3219806.26,
        expended: 2962207.45,
        originalBudget: 3317435,
      });
      expect(byFunction.rows).toHaveLength(21);
      const table = await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--by', 'function');
      expect(table.stdout).toContain('2440 Other Instructional Services');
      expect(table.stdout).toContain('by function: ledger at year-end (period 13) (');
      expect(table.stdout).toContain('OVER BUDGET');

      const file = path.join(tmp, 'bva.xlsx');
      const xlsx = await cli(
        'ledger',
        'report',
        '--fiscal-year',
        'FY2023',
        '--by',
        'account',
        '--xlsx',
        file,
      );
      expect(xlsx.code, xlsx.stderr).toBe(0);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('By account')!;
      const total = sheet.getCell('E78').value as ExcelJS.CellFormulaValue;
      expect(total).toMatchObject({ formula: 'SUM(E5:E77)', result: 2962207.45 });

      // A later period's re-import replaces this one; an earlier one is refused (409, exit 1).
      const p6 = readFileSync(LEDGER, 'utf8').replace(/\r\n2023,13,/g, '\r\n2023,6,');
      writeFileSync(path.join(tmp, 'p6.csv'), p6);
      const back = await cli('ledger', 'import', path.join(tmp, 'p6.csv'), '--fiscal-year', 'FY2023');
      expect(back.code).toBe(1);
      expect(back.stderr).toContain('already holds the ledger at period 13');

      // At period 7 (which does not divide the year) each account is projected to
      // the cent and the total is the sum of the rows shown, in --json and in the table.
      const p7 = readFileSync(LEDGER, 'utf8').replace(/\r\n2023,13,/g, '\r\n2023,7,');
      writeFileSync(path.join(tmp, 'p7.csv'), p7);
      // Through the command's old name, which still answers (an alias of `ledger`).
      const seven = await cli(
        'actuals',
        'import',
        path.join(tmp, 'p7.csv'),
        '--fiscal-year',
        'FY2023',
        '--replace-later-period',
      );
      expect(seven.code, seven.stderr).toBe(0);
      const [head, ...records] = csvRecords(p7).filter((r) => r.length > 1);
      const expended = records.map((r) => cents(r[head.indexOf('ytd_expended')]));
      const roundDiv = (n: bigint, d: bigint) => (2n * n + (n < 0n ? -d : d)) / (2n * d);
      const want = expended.reduce((t, e) => t + roundDiv(e * 12n, 7n), 0n);
      const atSeven = jsonDocument(
        await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--by', 'function', '--json'),
        'object',
      ) as { totals: { projectedYearEnd: number }; rows: { projectedYearEnd: number }[] };
      const dollars = (n: number) => cents(n.toFixed(2));
      expect(atSeven.rows.reduce((t, r) => t + dollars(r.projectedYearEnd), 0n)).toBe(want);
      expect(dollars(atSeven.totals.projectedYearEnd)).toBe(want);
      const shown = await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--by', 'function');
      const moneyText = (c: bigint) =>
        `$${(c / 100n).toLocaleString('en-US')}.${String(c % 100n).padStart(2, '0')}`;
      expect(shown.stdout).toMatch(new RegExp(`Total .*\\${moneyText(want)}`));
    },
  );

  it(
    'reads budget vs actual by fund: accounts no fund claims listed, --fund general or a code, an unknown code refused',
    { timeout: 120_000 },
    async () => {
      const [head, ...records] = csvRecords(readFileSync(LEDGER, 'utf8')).filter((r) => r.length > 1);
      const revised = records.reduce((t, r) => t + cents(r[head.indexOf('revised_budget')]), 0n);
      // A new install's general fund is coded GF: no fund claims the 0100 accounts, which stay listed.
      const before = await cli('ledger', 'report', '--fiscal-year', 'FY2023');
      expect(before.code, before.stderr).toBe(0);
      expect(before.stdout).toContain(`Unmatched fund segment: ${records.length} ledger account(s)`);
      expect(before.stdout).toContain('Row 2 0100-3-300-4220-01-1-74-2-535006 CONTRACTED SERVICES');
      const funds = jsonDocument(await cli('funds', 'list', '--json'), 'array') as {
        id: number;
        kind: string;
      }[];
      const general = funds.find((f) => f.kind === 'general')!;
      expect((await cli('funds', 'update', String(general.id), '--code', '0100')).code).toBe(0);

      // By its code: the general fund.
      const byCode = jsonDocument(
        await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--fund', '0100', '--json'),
        'object',
      );
      expect(byCode.fund).toMatchObject({ scope: 'general', code: '0100', label: 'General Fund (0100)' });
      expect(cents(byCode.totals.revisedBudget.toFixed(2))).toBe(revised);
      expect(byCode.unmatchedFund.accountCount).toBe(0);
      const table = await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--fund', 'general');
      expect(table.stdout).toContain('Budget vs actual FY23, General Fund (0100), by category');
      expect(table.stdout).toMatch(/0100\s+General Fund\s+\$[\d,.]+\s+\$3,219,806\.26/);

      const refused = await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--fund', '9999');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("No fund has code '9999'");
      expect(refused.stderr).toContain('--fund');
    },
  );
});
