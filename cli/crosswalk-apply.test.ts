import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { CURLEY_FY2028, CURLEY_TEACHERS, curleyDistrict } from '../test/cli-curley';

/**
 * budget-cli crosswalk apply: a district from nothing imports its payroll, writes a rule for a title
 * the import could not place (a rule is checked against the year's imported titles, so it comes
 * after the import) and applies it, all from the command line. Before `apply` existed the CLI could
 * write rules but never give them to the lines already imported. The lines and the positions the
 * import made are read from the tables; the planned year's salary line is the two teachers' salaries
 * from the file, in cents (no contract: their next-year salary is their current one).
 */
describe('budget-cli crosswalk apply', () => {
  let runner: CliRunner;
  let dir: string;
  const cli = (...args: string[]) => runner.cli(...args);
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
    return res;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cli-crosswalk-apply-'));
    runner = await createCliRunner('crosswalk-apply', { timeout: 240_000 });
  }, 240_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    return runner?.close();
  });

  it('gives the imported lines and their positions what the rule says', { timeout: 240_000 }, async () => {
    await curleyDistrict(runner, dir, 'Apply Test', [
      ...CURLEY_TEACHERS,
      '"Moss, Eli",Custodian,CUR,"45,000.00",1',
    ]);
    const year = CURLEY_FY2028;
    await ok(
      'crosswalk',
      'add',
      '--match',
      'glob',
      '--pattern',
      '*Teacher',
      '--work-group',
      'Teachers',
      '--category',
      'Teachers',
      '--code',
      '2305',
      ...year,
    );

    const dry = await ok('crosswalk', 'apply', ...year, '--dry-run');
    expect(dry.stdout).toBe(
      'Dry run (nothing saved): applying the rules would change 2 FY28 employee line(s) ' +
        '(work group 2, category 2, DESE code 2) and 2 position(s).\n',
    );
    const done = await ok('crosswalk', 'apply', ...year);
    expect(done.stdout).toBe(
      'Applied the rules: changed 2 FY28 employee line(s) (work group 2, category 2, DESE code 2) and 2 position(s).\n',
    );
    // Applied again: nothing is left to fill.
    expect(jsonDocument(await ok('crosswalk', 'apply', ...year, '--json'), 'object')).toMatchObject({
      changedLines: 0,
      changedPositions: 0,
    });

    const handle = await runner.openDb();
    try {
      const knex = handle.knex;
      const teachers = (await knex('budget_categories').where({ name: 'Teachers' }).first('id')).id;
      const lines = await knex('line_items')
        .where({ is_operating: true, fiscal_year: 2028 })
        .orderBy('id')
        .select('position', 'category_id', 'dese_code');
      const positions = await knex('positions')
        .where({ fiscal_year: 2028 })
        .orderBy('id')
        .select('title', 'category_id', 'dese_code');
      const given = [teachers, '2305'];
      expect(lines.map((l) => [l.position, l.category_id, l.dese_code])).toEqual([
        ['Grade 3 Teacher', ...given],
        ['Grade 3 Teacher', ...given],
        ['Custodian', null, null],
      ]);
      expect(positions.map((p) => [p.title, p.category_id, p.dese_code])).toEqual([
        ['Grade 3 Teacher', ...given],
        ['Grade 3 Teacher', ...given],
        ['Custodian', null, null],
      ]);
      // FY2029 budgets FY2028's positions: one Teachers line at Curley K-8, 61,234.50 + 58,000.25.
      const salary = await knex('line_items')
        .where({ is_operating: false, fiscal_year: 2029, category_id: teachers })
        .select(knex.raw('amount::text AS amount'));
      expect(salary).toEqual([{ amount: '119234.75' }]);
    } finally {
      await handle.close();
    }
  });
});
