import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * budget-cli import of the same file into two fiscal years of one budget year: FY30 plans FY30 to
 * FY32, and its budget file went into FY30. The same file into its FY32 was refused as a repeat
 * ('Add --again'), though its lines are FY32's; it imports, and only a second time into FY32 is
 * a repeat, named by the fiscal year and the budget year.
 */
describe('budget-cli import into another fiscal year of the budget year', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('import-repeat-years', { timeout: 240_000 });
  }, 240_000);
  afterAll(() => runner?.close());

  /** The budget year's stored lines per fiscal year, from the table. */
  async function linesByYear(): Promise<Record<number, number>> {
    const db = await runner.openDb();
    try {
      const rows = await db
        .knex('line_items')
        .where({ is_projected: false })
        .groupBy('fiscal_year')
        .select('fiscal_year', db.knex.raw('count(*)::int AS n'));
      return Object.fromEntries(rows.map((r: { fiscal_year: number; n: number }) => [r.fiscal_year, r.n]));
    } finally {
      await db.close();
    }
  }

  it(
    'imports it into FY32 without --again, and refuses a second FY32 import',
    { timeout: 240_000 },
    async () => {
      expect((await cli('db', 'migrate')).code).toBe(0);
      expect((await cli('budget-year', 'create', 'FY30', '--fiscal-years', 'FY30-FY32')).code).toBe(0);
      const file = path.join(runner.dataDir, 'budget.csv');
      writeFileSync(
        file,
        'Account Description,Function,Amount\nTextbooks,2410,"1,000.00"\nPaper,2410,250.50\n',
      );
      const into = (version: string, ...more: string[]) =>
        cli('import', file, '--type', 'proposed', '--budget-year', 'FY30', '--version', version, ...more);

      const first = await into('FY30 Plan', '--create-version');
      expect(first.code, first.stderr).toBe(0);
      const later = ['--create-version', '--version-fiscal-year', 'FY32'];
      const other = await into('FY32 Plan', ...later);
      expect(other.code, other.stderr).toBe(0);
      expect(other.stderr).not.toContain('Warning: This file was imported');
      expect(await linesByYear()).toEqual({ 2030: 2, 2032: 2 });

      const again = await into('FY32 Plan');
      expect(again.code).not.toBe(0);
      expect(again.stderr).toMatch(
        /This file was imported into FY32 of budget year FY30 on .+ \(2 lines\); importing it again adds them a second time\. Add --again to import it anyway\./,
      );
      expect(await linesByYear()).toEqual({ 2030: 2, 2032: 2 });
    },
  );
});
