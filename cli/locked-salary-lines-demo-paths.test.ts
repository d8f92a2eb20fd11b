import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { useCli } from '../test/use-cli';
import { demoGap, lockedWords, type Gap } from '../test/worlds/demo-locked';

const LUNENBURG = path.resolve(
  import.meta.dirname,
  '../fixtures/lunenburg_teacher_salary_schedule_fy25_fy27.csv',
);

/**
 * The demo district's FY27 voted (budget year FY26, fiscal year FY2027), then three commands that
 * move the FY2026 roster's cost, which FY27's salary lines budget: `contracts delete` (the nurses'
 * next-year salaries follow the COLA scenario instead), `schedules import` for the teachers (their
 * salaries re-priced on its cells) and `import` of a payroll whose newcomer takes a position. Each
 * says, on stderr, the position writes' note, its figures recomputed from the tables in cents.
 */
describe('budget-cli commands that move the demo’s voted FY27 roster cost', () => {
  const { cli, withDb } = useCli('locked-salary-lines-demo-paths', {
    timeout: 240_000,
    seed: (knex) => seedDemo(knex, { personaPassword: 'demo-pass-1', passwordCost: 4 }),
  });
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
    return res;
  };
  const planned = ['--budget-year', 'FY26', '--fiscal-year', 'FY2027'];
  const gap = () =>
    withDb(async (knex) => {
      const home = await knex('fiscal_year_homes').where({ fiscal_year: 2026 }).first('budget_year_id');
      return demoGap(knex, Number(home.budget_year_id));
    });
  /** The command said the note for the gap the tables show now, and the gap moved. */
  const expectNote = async (res: { stderr: string }, before: Gap) => {
    const g = await gap();
    expect(g.difference, 'the command moved the roster’s cost').not.toBe(before.difference);
    // Once, on its own line (the import's progress shares stderr with it).
    expect(res.stderr.split('\n').filter((l) => l.startsWith('Note: '))).toEqual([
      `Note: ${lockedWords(g, 'ADMIN')}`,
    ]);
  };

  it('prints the locked salary lines note', { timeout: 240_000 }, async () => {
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2026-02-10'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-12'],
    ]) {
      await ok('stage', 'advance', ...planned, '--stage', stage, '--date', date);
    }
    let before = await gap();
    expect(before, 'voted in line with the roster').toEqual({ places: 0, difference: 0n });

    const nurses = await withDb((knex) =>
      knex('contracts').where({ name: 'School Nurses Association 2025-2028' }).first('id'),
    );
    await expectNote(await ok('contracts', 'delete', String(nurses.id)), before);

    before = await gap();
    await expectNote(
      await ok('schedules', 'import', LUNENBURG, '--work-group', 'Teachers', '--budget-year', 'FY26'),
      before,
    );

    before = await gap();
    const { title, building, version } = await withDb(async (knex) => {
      const vacancy = await knex('positions as p')
        .join('buildings as b', 'b.id', 'p.building_id')
        .where({ 'p.fiscal_year': 2026, 'p.status': 'vacant' })
        .orderBy('p.id')
        .first('p.title', 'b.name', 'p.budget_year_id');
      const v = await knex('budget_versions')
        .where({ budget_year_id: vacancy.budget_year_id, fiscal_year: 2026 })
        .first('label');
      return { title: vacancy.title, building: vacancy.name, version: v.label };
    });
    const file = path.join(tmpdir(), `newcomer-${process.pid}.csv`);
    await writeFile(
      file,
      `Employee Name,Title,School,Salary,FTE\r\n"Newcomer, Nia",${title},${building},"52,345.67",1\r\n`,
    );
    const imported = await ok(
      'import',
      file,
      '--type',
      'operating',
      '--budget-year',
      'FY26',
      '--version',
      version,
    );
    await expectNote(imported, before);
  });
});
