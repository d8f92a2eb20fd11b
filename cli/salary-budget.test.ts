import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { CURLEY_FY2028, curleyDistrict, teachersRuleApplied } from '../test/cli-curley';

/**
 * budget-cli salary-budget update: Update Salary Budget from the command line. A district imports
 * its payroll, a crosswalk rule gives the teachers their category, and FY2029's Teachers line
 * budgets FY2028's two teacher positions (61,234.50 + 58,000.25). A stale amount typed into that
 * line is listed by --dry-run and left alone, set by the real run; once FY2029 is voted, a vacancy
 * in FY2028 is not in its locked line: the position write says so, the dry run says how far the
 * line is and writes nothing, and the update is refused (exit 1). Amounts are read from the table.
 */
describe('budget-cli salary-budget update', () => {
  let runner: CliRunner;
  let dir: string;
  const cli = (...args: string[]) => runner.cli(...args);
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
    return res;
  };
  const planned = ['--budget-year', 'FY28', '--fiscal-year', 'FY2029'];
  /** FY2029's proposed Teachers lines, as stored. */
  const teacherLines = async () => {
    const handle = await runner.openDb();
    try {
      const knex = handle.knex;
      const teachers = (await knex('budget_categories').where({ name: 'Teachers' }).first('id')).id;
      return (
        await knex('line_items')
          .where({ is_operating: false, fiscal_year: 2029, category_id: teachers })
          .orderBy('id')
          .select('id', knex.raw('amount::text AS amount'))
      ).map((r: { id: number; amount: string }) => ({ id: Number(r.id), amount: r.amount }));
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cli-salary-budget-'));
    runner = await createCliRunner('salary-budget', { timeout: 240_000 });
  }, 240_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    return runner?.close();
  });

  it('lists, sets, and for a locked year says and refuses', { timeout: 240_000 }, async () => {
    await curleyDistrict(runner, dir, 'Salary Test');
    await teachersRuleApplied(runner);
    const [line] = await teacherLines();
    expect(line.amount).toBe('119234.75');

    // Nothing to do: said in words. FY2029 has no payroll of its own: its lines are the FY2028
    // positions' cost, and the words say so.
    expect((await ok('salary-budget', 'update', ...planned, '--dry-run')).stdout).toBe(
      "Nothing is out of date: every FY29 salary line already holds what it should ($119,234.75 of the positions' $119,234.75 budgeted cost).\n",
    );

    // A stale amount: the dry run lists the change and writes nothing; the update sets it.
    const handle = await runner.openDb();
    await handle.knex('line_items').where({ id: line.id }).update({ amount: '100000.00' });
    await handle.close();
    const dry = await ok('salary-budget', 'update', ...planned, '--dry-run');
    expect(dry.stdout).toBe(
      'Dry run (nothing saved): updating the FY29 salary budget would set 1 line changed, 0 lines added and ' +
        "0 lines removed, putting $119,234.75 of the positions' $119,234.75 budgeted cost in the proposed budget:\n" +
        '  Change Teachers at Curley K-8 (2305): $100,000.00 to $119,234.75\n',
    );
    expect(await teacherLines()).toEqual([{ id: line.id, amount: '100000.00' }]);
    const done = await ok('salary-budget', 'update', ...planned);
    expect(done.stdout).toContain(
      'Updated the FY29 salary budget: 1 line changed, 0 lines added and 0 lines removed',
    );
    expect(await teacherLines()).toEqual([{ id: line.id, amount: '119234.75' }]);

    // FY2029 voted: its lines are locked. Ana leaves; her position, unpriced as a vacancy, costs nothing.
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2028-02-10'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2028-03-12'],
    ]) {
      await ok('stage', 'advance', ...planned, '--stage', stage, '--date', date);
    }
    const { positions } = jsonDocument(
      await ok('positions', 'list', ...CURLEY_FY2028, '--json'),
      'object',
    ) as {
      positions: { id: number; holders: { employeeName: string }[] }[];
    };
    const ana = positions.find((p) => p.holders.some((h) => h.employeeName === 'Ana Lee'));
    expect(ana, JSON.stringify(positions)).toBeTruthy();
    const lockedNote =
      "FY29's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
      '1 salary line is out of date: they hold $61,234.50 more than the positions cost. ' +
      'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.';
    const vacated = await ok('positions', 'vacate', String(ana!.id), '--reason', 'Moved away');
    expect(vacated.stderr).toContain(`Note: ${lockedNote}\n`);

    const lockedDry = await ok('salary-budget', 'update', ...planned, '--dry-run');
    expect(lockedDry.stdout).toBe(
      `${lockedNote.replace(': this change is not in them', '')} Nothing was saved.\n` +
        '  Change Teachers at Curley K-8 (2305): $119,234.75 to $58,000.25\n',
    );
    const refused = await cli('salary-budget', 'update', ...planned);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      '1 salary line is out of date: they hold $61,234.50 more than the positions cost',
    );
    expect(await teacherLines()).toEqual([{ id: line.id, amount: '119234.75' }]);

    // Bad input: said plainly, exit 2, nothing written.
    const bad = await cli('salary-budget', 'update', '--budget-year', 'FY28', '--fiscal-year', 'FY20X9');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--fiscal-year/);
    expect(await teacherLines()).toEqual([{ id: line.id, amount: '119234.75' }]);
  });
});
