import { describe, expect, it } from 'vitest';
import { analyze, fixture } from '../../test/factories';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

const s = importSuite('import-exec-test-');
const { execute } = s;

describe('POST /import/execute with the real fixture slices', () => {
  it('imports proposed lines: DESE codes from account strings and headings, categories, totals skipped', async () => {
    const munis = await analyze(
      s.t,
      s.admin.token,
      { name: 'lunenburg-munis-ytd-fy2023.csv', data: fixture('lunenburg-munis-ytd-fy2023.csv') },
      { importType: 'proposed' },
    );
    const mapping = suggestedMapping(munis);
    const res = await execute({
      fileName: munis.body.fileName,
      columnMappings: mapping,
      ...s.target('proposed'),
    });
    expect(res.body).toMatchObject({ imported: 73, skipped: 0, fiscalYears: [2023] });
    const sum = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .sum('amount as s')
      .first();
    expect(res.body.totalAmount).toBe(Number(sum!.s));
    const line = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId, account_line: '0100-3-300-2305-03-2-10-1-511001' })
      .first();
    expect(line).toMatchObject({
      dese_code: '2305',
      is_operating: false,
      scenario_id: s.d.proposedScenarioId,
      current_fte: null,
    });
    expect(line.category_id).not.toBeNull();

    const book = await analyze(
      s.t,
      s.admin.token,
      { name: 'lunenburg-fy27-budget.xlsx', data: fixture('lunenburg-fy27-budget.xlsx') },
      { importType: 'proposed' },
    );
    const bookMapping = suggestedMapping(book);
    const imported = await execute({
      fileName: book.body.fileName,
      columnMappings: bookMapping,
      ...s.target('proposed'),
    });
    expect(imported.status).toBe(200);
    expect(imported.body.skippedReasons).toMatchObject({
      'heading row (no amount)': expect.any(Number),
      'total or subtotal row': 1,
    });
    const lines = await s.t.db
      .knex('line_items')
      .where({ import_run_id: imported.body.importRunId })
      .orderBy('id');
    const staff = lines.find((l) => l.account_description === 'Staff Orientation Expenses');
    expect(staff).toMatchObject({
      amount: 1000,
      dese_code: '1110',
      dese_categories: '1110 - School Committee',
    });
    const supplies = lines.find((l) => l.account_description === 'Supt. General Supplies');
    // A formula cell (=1500*1.06) gives its cached result.
    expect(supplies).toMatchObject({ amount: 1590, dese_code: '1210' });
    expect(lines.some((l) => /^TOTAL/.test(l.account_description))).toBe(false);
  });
});

describe('every fixture slice through analyze and execute with its suggested mapping', () => {
  it.each<[string, 'operating' | 'proposed', number, number]>([
    // file, type, rows imported, rows skipped
    ['boston-earnings-2024.csv', 'operating', 30, 0],
    ['boston-earnings-2023.xlsx', 'operating', 30, 0],
    ['cps-position-roster.xls', 'operating', 40, 0],
    ['cps-position-roster-biff8.xls', 'operating', 40, 0],
    ['boston-fy25-budget-bps.csv', 'proposed', 93, 0],
    ['lunenburg-munis-ytd-fy2023.csv', 'proposed', 73, 0],
    ['hubbardston-fy26-budget.csv', 'proposed', 143, 184],
    ['lunenburg-fy27-budget.xlsx', 'proposed', 37, 22],
  ])('imports %s', async (name, importType, imported, skipped) => {
    const analysis = await analyze(s.t, s.admin.token, { name, data: fixture(name) }, { importType });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    const mapping = suggestedMapping(analysis);
    const res = await execute({
      fileName: analysis.body.fileName,
      columnMappings: mapping,
      ...s.target(importType),
      // The test above imported two of these files into the same year already.
      allowRepeat: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported, skipped });
    const stored = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .count('* as c')
      .first();
    expect(Number(stored!.c)).toBe(imported);
  });
});
