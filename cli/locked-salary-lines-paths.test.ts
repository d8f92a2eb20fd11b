import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildWorkGroup,
  insertEmployees,
} from '../test/factories';
import { useCli } from '../test/use-cli';
import { positionsFromLines } from '@server/domains/positions';

/**
 * `positions vacancy-placement` and `crosswalk apply` move the FY2026 roster's cost, which FY2027's
 * salary lines follow until FY2027 is voted. Voted, the lines keep what they hold and each command
 * says, on stderr, the position writes' note. The Teachers group's vacancy is priced at step 3 MA
 * ($58,000.00) when FY2027 is voted; moved to step 1 BA ($50,000.00) it costs $8,000.00 less, so the
 * voted lines hold $8,000.00 more than the positions cost (the seeded cells, in cents).
 */
describe('budget-cli commands that move a voted year’s roster cost', () => {
  const seed = async (knex: Knex) => {
    const budgetYearId = await buildBudgetYear(knex, { label: 'FY26' });
    const school = await buildBuilding(knex, { name: 'Hillside Elementary', code: 'HSE' });
    const teachers = await buildCategory(knex, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
    const group = await buildWorkGroup(knex, 'Teachers');
    const [schedule] = await knex('salary_schedules')
      .insert({ name: 'Teachers', work_group_id: group, lanes: JSON.stringify(['BA', 'MA']) })
      .returning('id');
    await knex('salary_schedule_amounts').insert([
      { schedule_id: schedule.id, fiscal_year: 2027, step: 1, lane: 'BA', amount: '50000.00' },
      { schedule_id: schedule.id, fiscal_year: 2027, step: 3, lane: 'MA', amount: '58000.00' },
    ]);
    const person = (firstName: string, next: string) => ({
      budgetYearId,
      fiscalYear: 2026,
      firstName,
      lastName: 'Cli',
      position: 'Grade 3 Teacher',
      salary: '50000.00',
      nextYearSalary: next,
      manual: true,
      fte: 1,
      workGroupId: group,
      buildingId: school,
      categoryId: teachers,
    });
    await insertEmployees(knex, [person('Ada', '61000.00'), person('Ben', '52000.00')]);
    await positionsFromLines(knex, { actorLabel: 'test' });
    await knex('positions').insert({
      budget_year_id: budgetYearId,
      fiscal_year: 2026,
      title: 'Reading Specialist',
      fte: 1,
      status: 'vacant',
      category_id: teachers,
      building_id: school,
      work_group_id: group,
    });
  };
  const { cli } = useCli('locked-salary-lines-paths', { timeout: 150_000, seed });
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
    return res;
  };
  const roster = ['--budget-year', 'FY26', '--fiscal-year', 'FY2026'];
  const planned = ['--budget-year', 'FY26', '--fiscal-year', 'FY2027'];
  const place = (step: string, lane: string) =>
    ok('positions', 'vacancy-placement', '--work-group', 'Teachers', '--step', step, '--lane', lane);
  const head =
    "Note: FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them.";
  const fix = 'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.';

  it('prints the locked salary lines note', { timeout: 150_000 }, async () => {
    // Open: the placement is followed, and nothing is said.
    expect((await place('3', 'MA')).stderr).toBe('');
    await ok('salary-budget', 'update', ...planned);
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2026-02-10'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-12'],
    ]) {
      await ok('stage', 'advance', ...planned, '--stage', stage, '--date', date);
    }

    const moved = await place('1', 'BA');
    expect(moved.stdout).toMatch(/Teachers\s+Teachers\s+1\s+BA/);
    expect(moved.stderr).toBe(
      `${head} 1 salary line is out of date: they hold $8,000.00 more than the positions cost. ${fix}\n`,
    );

    // The teachers' positions given code 2315 by a rule: their cost leaves the 2305 line for a new
    // one, and the vacancy's $8,000.00 is still not in the lines.
    await ok('crosswalk', 'add', '--match', 'glob', '--pattern', '*Teacher', '--code', '2315', ...roster);
    const applied = await ok('crosswalk', 'apply', ...roster, '--overwrite');
    expect(applied.stdout).toContain('and 2 position(s)');
    expect(applied.stderr).toBe(
      `${head} 2 salary lines are out of date: they hold $8,000.00 more than the positions cost. ${fix}\n`,
    );
  });
});
