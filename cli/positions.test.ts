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

/** `budget-cli positions ...` on the services the API uses. */
describe('budget-cli positions', () => {
  const ids = { ada: 0, ben: 0 };
  const seed = async (knex: Knex) => {
    const budgetYearId = await buildBudgetYear(knex, { label: 'FY26' });
    await buildBuilding(knex, { name: 'Hillside Elementary', code: 'HSE' });
    await buildCategory(knex, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
    const group = await buildWorkGroup(knex, 'Teachers');
    const [schedule] = await knex('salary_schedules')
      .insert({ name: 'Teachers', work_group_id: group, lanes: JSON.stringify(['BA', 'MA']) })
      .returning('id');
    await knex('salary_schedule_amounts').insert([
      { schedule_id: schedule.id, fiscal_year: 2027, step: 3, lane: 'MA', amount: '58000.00' },
    ]);
    const person = (firstName: string, next: string, fte: number) => ({
      budgetYearId,
      fiscalYear: 2026,
      firstName,
      lastName: 'Cli',
      salary: '50000.00',
      nextYearSalary: next,
      manual: true,
      fte,
      workGroupId: group,
    });
    [ids.ada, ids.ben] = await insertEmployees(knex, [
      person('Ada', '61000.00', 1),
      person('Ben', '40000.00', 0.5),
    ]);
    await positionsFromLines(knex, { actorLabel: 'test' });
  };
  const { cli } = useCli('positions', { timeout: 150_000, seed });

  it('lists, adds a vacancy at a step and lane, fills, vacates, closes and deletes it', async () => {
    const listed = await cli('positions', 'list', '--fiscal-year', 'FY26');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(
      '2 positions, 1.5 FTE (1.5 filled, 0 vacant or posted, 0 frozen); budgeted $101,000.00',
    );

    const added = await cli(
      'positions',
      'add',
      '--fiscal-year',
      'FY26',
      '--title',
      'Grade 3 Teacher',
      '--building',
      'HSE',
      '--function',
      '2305',
      '--category',
      'teachers',
      '--work-group',
      'Teachers',
      '--fte',
      '0.5',
      '--step',
      '3',
      '--lane',
      'MA',
      '--reason',
      'Enrollment',
      '--json',
    );
    expect(added.stderr).toBe('');
    const position = JSON.parse(added.stdout).position;
    // 58,000.00 x 0.5
    expect(position).toMatchObject({
      status: 'vacant',
      budgetedCost: 29000,
      buildingName: 'Hillside Elementary',
      version: 1,
    });

    // Ben's own position first gives up its holder, so he can take the new one.
    const bens = JSON.parse(
      (await cli('positions', 'list', '--fiscal-year', 'FY26', '--search', 'Ben', '--json')).stdout,
    );
    const benPosition = bens.positions[0].id;
    expect((await cli('positions', 'vacate', String(benPosition), '--reason', 'Moved')).code).toBe(0);
    const filled = await cli(
      'positions',
      'fill',
      String(position.id),
      '--line',
      String(ids.ben),
      '--version',
      '1',
    );
    expect(filled.code).toBe(0);
    expect(filled.stdout).toContain('Held by Ben Cli');
    expect(filled.stdout).toContain('Budgeted for FY27: $40,000.00');

    const refused = await cli('positions', 'delete', String(position.id));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('is held by Ben Cli: vacate it before deleting it');
    expect((await cli('positions', 'vacate', String(position.id))).code).toBe(0);
    const closed = await cli('positions', 'close', String(position.id), '--reason', 'Not needed');
    expect(closed.stdout).toContain('closed');
    const shown = await cli('positions', 'show', String(position.id));
    expect(shown.stdout).toMatch(
      /closed \(Not needed\)[\s\S]*vacated[\s\S]*filled[\s\S]*created \(Enrollment\)/,
    );
    expect((await cli('positions', 'delete', String(position.id))).stdout).toBe(
      `Deleted position ${position.id}\n`,
    );
  }, 240_000);

  it('sets a work group’s vacancy placement, refusing a cell the schedule lacks; refuses a bad FTE naming its flag', async () => {
    const set = await cli(
      'positions',
      'vacancy-placement',
      '--work-group',
      'Teachers',
      '--step',
      '3',
      '--lane',
      'MA',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Teachers\s+Teachers\s+3\s+MA/);
    const missing = await cli(
      'positions',
      'vacancy-placement',
      '--work-group',
      'Teachers',
      '--step',
      '9',
      '--lane',
      'MA',
    );
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("has no step 9, lane 'MA'");
    const zero = await cli(
      'positions',
      'add',
      '--fiscal-year',
      'FY26',
      '--title',
      'X',
      '--category',
      'Teachers',
      '--fte',
      '0',
    );
    expect(zero.code).not.toBe(0);
    expect(zero.stderr).toContain('--fte: FTE must be above 0 and at most 1.5');
    const stale = await cli('positions', 'edit', '1', '--version', '99', '--title', 'Y');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/Position 1 is at version \d+, not the version 99 given/);
  }, 120_000);
});
