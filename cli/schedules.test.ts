import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRuleWorld, insertPeople, type RuleWorld } from '../test/factories';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

const LUNENBURG = path.resolve(
  import.meta.dirname,
  '../fixtures/lunenburg_teacher_salary_schedule_fy25_fy27.csv',
);

/** `schedules import|list|suggest` through budget-cli on a database of its own. */
describe('budget-cli schedules', () => {
  let w: RuleWorld;

  const { cli } = useCli('schedules', {
    timeout: 150_000,
    seed: async (knex) => {
      w = await buildRuleWorld(knex);
      // FY26 step 4, Masters, and a salary far from every cell.
      await insertPeople(knex, w, [
        {
          firstName: 'Ada',
          lastName: 'Placed',
          salary: '67731.00',
          workGroupId: w.teachers,
          workGroup: w.names.teachers,
        },
        {
          firstName: 'Bo',
          lastName: 'Far',
          salary: '20000.00',
          workGroupId: w.teachers,
          workGroup: w.names.teachers,
        },
      ]);
    },
  });

  it('imports the Lunenburg schedule for a work group named on the command line, then lists and suggests', async () => {
    const imported = await cli(
      'schedules',
      'import',
      LUNENBURG,
      '--work-group',
      w.names.teachers.toUpperCase(),
      '--json',
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const body = JSON.parse(imported.stdout);
    expect(body.schedule).toMatchObject({
      name: 'lunenburg_teacher_salary_schedule_fy25_fy27',
      steps: 13,
      fiscalYears: [2025, 2026, 2027],
    });
    expect(body.placements).toMatchObject({ exact: 1, suggested: 0, unmatched: 1 });

    const again = await cli(
      'schedules',
      'import',
      LUNENBURG,
      '--work-group',
      w.names.teachers,
      '--name',
      'Other',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already has the salary schedule .*--replace/);

    const list = await cli('schedules', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      /lunenburg_teacher_salary_schedule_fy25_fy27 +Teachers \d+ +FY25-FY27 +13 +10 +1 +0/,
    );

    const suggested = await cli('schedules', 'suggest', String(body.schedule.id));
    expect(suggested.code).toBe(0);
    expect(suggested.stdout).toBe(
      'Placements: 1 on their exact salary, 0 on the nearest cell (within 10%), 1 left unplaced\n',
    );

    // --json: the list an array, the placement counts one object.
    const listed = jsonDocument(await cli('schedules', 'list', '--json'), 'array');
    expect(listed).toEqual([
      expect.objectContaining({ id: body.schedule.id, steps: 13, placedCount: 1, confirmedCount: 0 }),
    ]);
    expect(
      jsonDocument(await cli('schedules', 'suggest', String(body.schedule.id), '--json'), 'object'),
    ).toEqual({
      exact: 1,
      suggested: 0,
      unmatched: 1,
      belowCurrent: { count: 0, amount: 0 },
    });

    const missing = await cli('schedules', 'import', LUNENBURG, '--work-group', 'Nobody');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No work group Nobody/);
  }, 120_000);
});
