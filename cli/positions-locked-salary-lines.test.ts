import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';
import { CURLEY_FY2028, curleyDistrict, teachersRuleApplied } from '../test/cli-curley';

/**
 * `positions list` says when the salary lines its roster's cost is budgeted into are locked and out
 * of date, as a position write does (salary-budget.test.ts), so the one who only looks is told too.
 * FY2029's Teachers line budgets FY2028's two teacher positions (61,234.50 + 58,000.25); once
 * FY2029 is voted with an amount typed into that line (100,000.00), it is $19,234.75 short of their cost.
 */
describe('budget-cli positions list, locked salary lines out of date', () => {
  let runner: CliRunner;
  let dir: string;
  const ok = async (...args: string[]) => {
    const res = await runner.cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
    return res;
  };
  const planned = ['--budget-year', 'FY28', '--fiscal-year', 'FY2029'];
  const roster = CURLEY_FY2028;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cli-positions-locked-'));
    runner = await createCliRunner('positions-locked-salary-lines', { timeout: 240_000 });
  }, 240_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    return runner?.close();
  });

  it(
    'warns with how far the locked lines are, and says nothing while they are open',
    { timeout: 240_000 },
    async () => {
      await curleyDistrict(runner, dir, 'Locked Test');
      await teachersRuleApplied(runner);

      // Open, the lines follow the positions: nothing to say.
      expect((await ok('positions', 'list', ...roster)).stdout).not.toContain('salary lines are locked');

      // An amount typed into the line while FY2029 is open: Update Salary Budget would set it, no lock to say.
      const handle = await runner.openDb();
      try {
        const teachers = (await handle.knex('budget_categories').where({ name: 'Teachers' }).first('id')).id;
        const changed = await handle
          .knex('line_items')
          .where({ is_operating: false, fiscal_year: 2029, category_id: teachers })
          .update({ amount: '100000.00' });
        expect(changed).toBe(1);
      } finally {
        await handle.close();
      }
      expect((await ok('positions', 'list', ...roster)).stdout).not.toContain('salary lines are locked');

      // Voted with the stale amount in it: locked, and $19,234.75 short of the positions' cost.
      for (const [stage, date] of [
        ['SUPERINTENDENT_RECOMMENDED', '2028-02-10'],
        ['SCHOOL_COMMITTEE_ADOPTED', '2028-03-12'],
      ]) {
        await ok('stage', 'advance', ...planned, '--stage', stage, '--date', date);
      }
      const listed = await ok('positions', 'list', ...roster);
      expect(listed.stdout).toContain(
        "Warning: FY29's salary lines are locked by the stage School Committee Adopted. " +
          '1 salary line is out of date: they hold $19,234.75 less than the positions cost. ' +
          'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.\n',
      );
      // Whatever the filter: the note is of the roster's lines, not of the positions listed.
      expect((await ok('positions', 'list', ...roster, '--status', 'vacant')).stdout).toContain(
        'they hold $19,234.75 less than the positions cost',
      );
    },
  );
});
