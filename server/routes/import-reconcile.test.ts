import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, fixture } from '../../test/factories';
import { csvRecords, decimalText, exportCents, realFile, skipWithout } from '../../test/real-files';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

const s = importSuite('import-reconcile-test-');
const BOSTON = realFile('boston_employee_earnings_report_2024.csv');
/** Skipped without ../shared locally, required under CI (test/real-files.ts). */
const SKIP_BOSTON = skipWithout(BOSTON);

/**
 * Every imported dollar is accounted for. The expected figures come from the files
 * themselves, read with the tests' own parser (test/real-files.ts: records, quotes, money to
 * BigInt cents), not with the importer's code.
 */

async function storedSum(runId: number, column: string): Promise<string> {
  const row = await s.t.db
    .knex('line_items')
    .where({ import_run_id: runId })
    .select(s.t.db.knex.raw('coalesce(sum(??), 0)::numeric(16,2)::text as total', [column]))
    .first();
  return row.total;
}

async function importedRows(runId: number): Promise<Set<number>> {
  const rows = await s.t.db
    .knex('line_items')
    .where({ import_run_id: runId })
    .select(s.t.db.knex.raw(`(metadata ->> 'importRow')::int as n`));
  return new Set(rows.map((r: { n: number }) => r.n));
}

describe('reconciliation of the real files', () => {
  it('Hubbardston FY26 budget (whole file): stored = the GRAND TOTAL row, the $5,000 row imported', async () => {
    const name = 'hubbardston-fy26-budget.csv';
    const data = fixture(name);
    const table = csvRecords(data.toString('utf8'));
    const header = table[0];
    const amountCol = header.indexOf('FY26 ADMIN');
    const grand = table.findIndex((r) => r[4] === 'GRAND TOTAL');
    const grandTotal = exportCents(table[grand][amountCol]);
    expect(decimalText(grandTotal)).toBe('11809742.00');

    const analysis = await analyze(s.t, s.admin.token, { name, data }, { importType: 'proposed' });
    const mapping = suggestedMapping(analysis);
    expect(mapping.amount).toBe('FY26 ADMIN');
    const res = await s.execute({
      fileName: analysis.body.fileName,
      columnMappings: mapping,
      ...s.target('proposed'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.reconciliation;
    const stored = await storedSum(res.body.importRunId, 'amount');
    expect(stored).toBe(decimalText(grandTotal));
    expect(r).toMatchObject({
      column: 'FY26 ADMIN',
      storedSum: Number(stored),
      fileSum: stored,
      differenceTotal: '0.00',
      unexplained: '0.00',
      balanced: true,
      fileTotal: { row: grand + 1, label: 'GRAND TOTAL', amount: stored, matches: true },
    });

    // The row that carries $5,000 under the '5400 Supplies' heading of Town Clerk - 161.
    const supplies = table.findIndex((r) => r[2] === '5400' && exportCents(r[amountCol] ?? '') === 500000n);
    const line = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .whereRaw(`(metadata ->> 'importRow')::int = ?`, [supplies + 1])
      .first();
    expect(line).toMatchObject({ amount: 5000, account_description: '5400 Supplies', needs_review: true });

    // No row with money is dropped silently: each is a line, a listed total row or a listed difference.
    const lines = await importedRows(res.body.importRunId);
    const totals = new Map(r.totalRows.map((t: { row: number; amount: string }) => [t.row, t.amount]));
    expect(r.totalRowCount).toBe(r.totalRows.length);
    const listed = new Set(r.differences.map((d: { row: number }) => d.row));
    table.slice(1).forEach((cells, i) => {
      const row = i + 2;
      const amount = exportCents(cells[amountCol] ?? '');
      if (amount !== 0n) {
        expect(lines.has(row) || totals.has(row) || listed.has(row), `row ${row}`).toBe(true);
      }
      if (totals.has(row)) {
        expect(totals.get(row), `total row ${row}`).toBe(decimalText(amount));
      }
    });
  });

  it.skipIf(SKIP_BOSTON)(
    'Boston 2024 earnings (whole file, 25,530 rows) by REGULAR: file sum = stored sum + the six reversals',
    { timeout: 300_000 },
    async () => {
      expect(existsSync(BOSTON), `${BOSTON} is missing (CI needs ../shared/fixtures/real)`).toBe(true);
      const data = readFileSync(BOSTON);
      const table = csvRecords(data.toString('utf8'));
      const regular = table[0].indexOf('REGULAR');
      let fileSum = 0n;
      const negatives: { row: number; cents: bigint }[] = [];
      table.slice(1).forEach((cells, i) => {
        const c = exportCents(cells[regular]);
        fileSum += c;
        if (c < 0n) {
          negatives.push({ row: i + 2, cents: c });
        }
      });
      const reversals = negatives.reduce((sum, n) => sum + n.cents, 0n);
      expect(negatives).toHaveLength(6);
      expect(decimalText(reversals)).toBe('-2013.21');

      const analysis = await analyze(
        s.t,
        s.admin.token,
        { name: path.basename(BOSTON), data },
        { importType: 'operating' },
      );
      const res = await s.execute({
        fileName: analysis.body.fileName,
        columnMappings: { ...suggestedMapping(analysis), currentSalary: 'REGULAR' },
        ...s.target(),
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      expect(res.body).toMatchObject({ imported: 25_530, skipped: 0 });
      const stored = await storedSum(res.body.importRunId, 'current_salary');
      expect(stored).toBe(decimalText(fileSum - reversals));
      const r = res.body.reconciliation;
      expect(r).toMatchObject({
        column: 'REGULAR',
        fileSum: decimalText(fileSum),
        storedSum: Number(stored),
        differenceCount: 6,
        differenceTotal: decimalText(reversals),
        unexplained: '0.00',
        balanced: true,
        totalRowCount: 0,
        fileTotal: null,
      });
      expect(r.differences.map((d: { row: number; difference: string }) => [d.row, d.difference])).toEqual(
        negatives.map((n) => [n.row, decimalText(n.cents)]),
      );
    },
  );
});

describe('sub-cent amounts', () => {
  it('are rounded half away from zero with a warning naming both values, and listed in the reconciliation', async () => {
    // In a work group with a contract, so the next-year rule flags none of them.
    const unit = (await s.t.db.knex('work_groups').where({ id: s.d.workGroupId }).first()).name;
    const csv = [
      'Name,Salary,Union',
      `Ana Lee,"1,234.565",${unit}`,
      `Bo Chan,100.004,${unit}`,
      `Cy Diaz,50,${unit}`,
    ];
    const { fileName, mapping } = await s.upload(csv.join('\n'));
    expect(mapping.workGroup).toBe('Union');
    const res = await s.execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warnings).toEqual([
      {
        row: 2,
        name: 'Ana Lee',
        issues: ["Current Salary '1,234.565' has more than 2 decimals; rounded to 1234.57"],
      },
      {
        row: 3,
        name: 'Bo Chan',
        issues: ["Current Salary '100.004' has more than 2 decimals; rounded to 100.00"],
      },
    ]);
    const lines = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .orderBy('id');
    expect(lines.map((l) => [l.current_salary, l.needs_review])).toEqual([
      [1234.57, true],
      [100, true],
      [50, false],
    ]);
    expect(res.body.reconciliation).toMatchObject({
      fileSum: '1384.569',
      storedSum: 1384.57,
      differenceTotal: '-0.001',
      differences: [
        {
          row: 2,
          fileAmount: '1234.565',
          storedAmount: 1234.57,
          difference: '-0.005',
          reason: 'rounded to the cent',
        },
        {
          row: 3,
          fileAmount: '100.004',
          storedAmount: 100,
          difference: '0.004',
          reason: 'rounded to the cent',
        },
      ],
      balanced: true,
    });
  });
});
