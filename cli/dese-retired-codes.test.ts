import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FY27, useCli } from '../test/use-cli';
import { buildBudgetYear, buildScenario, insertProposed } from '../test/factories';

/**
 * `budget-cli dese report` lists the function codes in force for the year, not DESE's 2009-era
 * codes as rows of zero; a line still carrying one (2310 Teachers, Specialists) is listed, marked
 * as not a current DESE code, in the text, the JSON and the workbook alike.
 */
describe('budget-cli dese report: the codes of the year', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'dese-retired-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const { cli } = useCli('dese-retired', {
    timeout: 120_000,
    seed: async (knex) => {
      const by = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      const scenarioId = await buildScenario(knex, by, 'proposed', true, 'Proposed');
      const line = (amount: string, code: string) => ({
        budgetYearId: by,
        scenarioId,
        fiscalYear: 2027,
        amount,
        columns: { dese_code: code },
      });
      await insertProposed(knex, [line('90000.00', '2305'), line('4321.09', '2310')]);
    },
  });

  it('marks the retired code lines carry and lists no other retired code', { timeout: 200_000 }, async () => {
    const json = await cli('dese', 'report', ...FY27, '--json');
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout).series.flatMap((s: { rows: unknown[] }) => s.rows) as {
      code: string;
      current: boolean;
      total: number;
    }[];
    const codes = rows.map((r) => r.code);
    for (const retired of ['2220', '2315', '2353', '2355', '2357']) {
      expect(codes, retired).not.toContain(retired);
    }
    expect(rows.find((r) => r.code === '2310')).toMatchObject({ current: false, total: 4321.09 });

    const text = await cli('dese', 'report', ...FY27);
    expect(text.code, text.stderr).toBe(0);
    const retiredLine = text.stdout.split('\n').find((l) => /^\s*2310\b/.test(l));
    expect(retiredLine).toContain('Teachers, Specialists (not a current DESE code: recode its lines)');
    expect(retiredLine).toContain('$4,321.09');

    const file = path.join(out, 'dese.xlsx');
    expect((await cli('dese', 'report', ...FY27, '--xlsx', file)).code).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
    const names: string[] = [];
    book.getWorksheet('Schedule 19')!.eachRow((row) => {
      if (row.getCell(1).value === '2310') {
        names.push(String(row.getCell(2).value));
      }
      expect(['2220', '2315', '2353']).not.toContain(row.getCell(1).value);
    });
    expect(names).toEqual(['Teachers, Specialists (not a current DESE code: recode its lines)']);
  });
});
