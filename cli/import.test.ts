import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const REAL = path.resolve(import.meta.dirname, '../../shared/fixtures/real');

/**
 * Runs budget-cli's import against a database of its own (PGlite in a temporary
 * DATA_DIR, or a fresh database on TEST_DATABASE_URL's server) holding the demo district: its
 * flags and refusals, and every real district file whole. The slices of fixtures/import (the
 * Boston payroll, the versions a ledger slice goes to) are in cli/import-slices.test.ts.
 */
describe('budget-cli import', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  const json = (stdout: string) => JSON.parse(stdout) as Record<string, any>;

  beforeAll(async () => {
    runner = await createCliRunner('import', { timeout: 240_000 });
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);
  }, 240_000);
  afterAll(() => runner?.close());

  it('prints help, and refuses bad flags (2) and missing files or budget years (1)', async () => {
    const help = await cli('import', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--budget-year <label>');
    const badType = await cli(
      'import',
      path.join(FIXTURES, 'boston-earnings-2024.csv'),
      '--type',
      'payroll',
      '--budget-year',
      'FY26',
    );
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('Choose operating or proposed');
    const badMap = await cli(
      'import',
      'x.csv',
      '--type',
      'operating',
      '--budget-year',
      'FY26',
      '--map',
      'salary',
    );
    expect(badMap.code).toBe(2);
    const missing = await cli('import', 'no-such-file.csv', '--type', 'operating', '--budget-year', 'FY26');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No such file: no-such-file.csv');
    // With --json, stdout is one JSON document even when the command is refused.
    const missingJson = await cli(
      'import',
      'no-such-file.csv',
      '--type',
      'operating',
      '--budget-year',
      'FY26',
      '--json',
    );
    expect(missingJson.code).toBe(1);
    expect(JSON.parse(missingJson.stdout)).toEqual({
      error: 'No such file: no-such-file.csv',
      code: 'NOT_FOUND',
    });
    const noYear = await cli(
      'import',
      path.join(FIXTURES, 'boston-earnings-2024.csv'),
      '--type',
      'operating',
      '--budget-year',
      'FY40',
    );
    expect(noYear.code).toBe(1);
    expect(noYear.stderr).toMatch(/No budget year FY40 \(there are: FY25, FY26, FY27\)/);
  }, 120_000);

  it('exits non-zero when nothing could be imported', { timeout: 120_000 }, async () => {
    const file = path.join(runner.dataDir, 'no-names.csv');
    writeFileSync(file, 'Name,Salary,Notes\n,,see HR\n,,ask Jo\n');
    const res = await cli('import', file, '--type', 'operating', '--budget-year', 'FY26');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/NOTHING_IMPORTED.*No rows could be imported \(2 no employee name\)/);
  });

  it('refuses a second home of a fiscal year, naming its home, and writes nothing', async () => {
    const lines = async () => {
      const db = await runner.openDb();
      try {
        return Number((await db.knex('line_items').count({ n: '*' }))[0].n);
      } finally {
        await db.close();
      }
    };
    const before = await lines();
    // Budget year FY27's current fiscal year is FY2027, whose one home in the demo is budget year FY26.
    const res = await cli(
      'import',
      path.join(FIXTURES, 'boston-earnings-2024.csv'),
      '--type',
      'operating',
      '--budget-year',
      'FY27',
    );
    // A 400, bad input: exit 2.
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      'FY27 is planned in budget year FY26, its one home: import, stage and plan FY27 there, not in budget year FY27',
    );
    expect(await lines()).toBe(before);
  });

  it.skipIf(!existsSync(REAL))(
    'imports every real district file with its suggested mapping',
    { timeout: 600_000 },
    async () => {
      const cases: [string, 'operating' | 'proposed', number][] = [
        ['boston_employee_earnings_report_2024.csv', 'operating', 25_530],
        // 1,306 open positions have no name: they come in as vacant positions at their salary.
        ['cps_EmployeePositionRoster_03312017.xls', 'operating', 38_631],
        ['boston_employee_earnings_report_2023.xlsx', 'operating', 25_812],
        ['lunenburg_ps_fy27_budget_projection_2026-02-24.xlsx', 'proposed', 0],
        ['lunenburg_munis_school_ytd_fy2023_slice.csv', 'proposed', 73],
        ['boston_fy25_adopted_operating_budget.csv', 'proposed', 943],
        ['hubbardston_fy26_working_budget_expenditures_by_category.csv', 'proposed', 0],
      ];
      for (const [name, type, expected] of cases) {
        // Into budget year FY26, the demo's one home of its fiscal years (FY27 holds none of FY2027).
        const res = await cli(
          'import',
          path.join(REAL, name),
          '--type',
          type,
          '--budget-year',
          'FY26',
          '--json',
        );
        expect(res.code, `${name}: ${res.stderr}`).toBe(0);
        const result = json(res.stdout);
        if (expected) {
          expect(result.imported, name).toBe(expected);
          // Every row is a person's line, but the Chicago roster's open positions: no one's line.
          const open = name.startsWith('cps_') ? 1_306 : 0;
          if (type === 'operating') {
            expect(result.positions.vacant, name).toBe(open);
            // Their salaries are told apart in the reconciliation, which still balances.
            expect(result.reconciliation.openPositions?.count, name).toBe(open || undefined);
            expect(result.reconciliation.balanced, name).toBe(true);
            expect(result.positions.created + result.positions.filled, name).toBe(expected - open);
          }
        } else {
          expect(result.imported, name).toBeGreaterThan(100);
        }
      }
    },
  );
});
