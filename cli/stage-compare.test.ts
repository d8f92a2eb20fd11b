import { existsSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { advanceArgs, useCli } from '../test/use-cli';
import { buildBudgetYear, insertProposed, sumCents } from '../test/factories';

/** `stage compare`, through budget-cli: the API's figures, as text, JSON and Excel. */
describe('budget-cli stage compare', () => {
  const AMOUNTS = ['2500000.25', '125000.50', '7300.01'];
  const year = ['--budget-year', 'FY27', '--fiscal-year', 'FY2027'];
  let ids: number[];

  const cliDb = useCli('stage-compare', {
    timeout: 150_000,
    seed: async (knex) => {
      const id = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      ids = await insertProposed(
        knex,
        AMOUNTS.map((amount, i) => ({
          budgetYearId: id,
          fiscalYear: 2027,
          amount,
          accountDescription: `Line ${i}`,
        })),
      );
    },
  });
  const { cli, withDb } = cliDb;

  it(
    "compares a stage with today's figures, refuses the same stage twice, writes the workbook",
    { timeout: 300_000 },
    async () => {
      const moved = await cli(...advanceArgs('SUPERINTENDENT_RECOMMENDED', '2027-02-01', '--json'));
      expect(moved.code, moved.stderr).toBe(0);
      const stageId = String(JSON.parse(moved.stdout).events[0].id);
      // A change after the stage (the API's edits and their reasons are in server/routes tests).
      await withDb(async (knex) => {
        await knex('line_items').where({ id: ids[1] }).update({ amount: '120000.00' });
      });

      const same = await cli('stage', 'compare', ...year, '--from', stageId, '--to', stageId);
      expect(same.code).toBe(2);
      expect(same.stderr).toContain('Choose two different stages');
      const unknown = await cli('stage', 'compare', ...year, '--from', '999', '--to', 'current');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Budget stage 999 not found');

      const json = await cli('stage', 'compare', ...year, '--from', stageId, '--to', 'current', '--json');
      expect(json.code, json.stderr).toBe(0);
      const body = JSON.parse(json.stdout);
      const before = sumCents(AMOUNTS);
      const after = sumCents([AMOUNTS[0], '120000.00', AMOUNTS[2]]);
      expect(body.totals.proposed).toEqual({
        from: before / 100,
        to: after / 100,
        difference: (after - before) / 100,
        percent: Number((((after - before) / before) * 100).toFixed(2)),
      });
      expect(body.lines).toEqual([
        expect.objectContaining({
          lineId: ids[1],
          change: 'changed',
          from: 125000.5,
          to: 120000,
          difference: -5000.5,
        }),
      ]);

      const text = await cli('stage', 'compare', ...year, '--from', stageId, '--to', 'current');
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain(
        "FY27 (budget year FY27), all funds: Superintendent's Recommended, Feb 1, 2027 -> Today's working figures",
      );
      // A fall is written with the true minus, as the Stage Comparison screen writes it (signedText).
      expect(text.stdout).toContain('\u2212$5,000.50');
      expect(text.stdout).not.toContain('-$5,000.50');
      expect(text.stdout).toContain('Lines: 0 added, 0 removed, 1 changed, 2 unchanged');

      const file = path.join(cliDb.runner.dataDir, 'compare.xlsx');
      const xlsx = await cli(
        'stage',
        'compare',
        ...year,
        '--from',
        stageId,
        '--to',
        'current',
        '--xlsx',
        file,
      );
      expect(xlsx.code, xlsx.stderr).toBe(0);
      expect(existsSync(file)).toBe(true);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const d5 = book.getWorksheet('Summary')!.getCell('D5').value as ExcelJS.CellFormulaValue;
      expect(d5).toEqual({ formula: 'C5-B5', result: (after - before) / 100 });
    },
  );
});
