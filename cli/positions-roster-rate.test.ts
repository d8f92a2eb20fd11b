import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { buildBudgetYear, buildCategory, buildWorkGroup } from '../test/factories';
import { useCli } from '../test/use-cli';

/**
 * `budget-cli positions edit --clear-roster-rate`: a vacancy imported with its roster's salary is
 * priced at that rate until cleared; cleared, its work group's vacancy placement prices it. Before,
 * the command had no way to clear it. `positions show` says the rate while there is one.
 */
describe('budget-cli positions edit --clear-roster-rate', () => {
  let id = 0;
  const seed = async (knex: Knex) => {
    const budgetYearId = await buildBudgetYear(knex, { label: 'FY26' });
    const category = await buildCategory(knex, { name: 'Aides', isPersonnel: true, deseFunction: '2330' });
    const group = await buildWorkGroup(knex, 'Aides');
    const [schedule] = await knex('salary_schedules')
      .insert({ name: 'Aides', work_group_id: group, lanes: JSON.stringify(['A']) })
      .returning('id');
    await knex('salary_schedule_amounts').insert([
      { schedule_id: schedule.id, fiscal_year: 2027, step: 1, lane: 'A', amount: '30000.00' },
    ]);
    await knex('vacancy_placements').insert({ work_group_id: group, step: 1, lane: 'A' });
    // As a payroll import writes an open position: vacant, its row's salary a full-time rate.
    [{ id }] = await knex('positions')
      .insert({
        budget_year_id: budgetYearId,
        fiscal_year: 2026,
        title: 'Paraprofessional',
        category_id: category,
        work_group_id: group,
        fte: 0.6,
        status: 'vacant',
        vacancy_rate: '25000.016667',
      })
      .returning('id');
  };
  const { cli } = useCli('positions-roster-rate', { timeout: 150_000, seed });

  it('shows the rate, and clears it so the placement prices the vacancy', async () => {
    const shown = await cli('positions', 'show', String(id));
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Budgeted for FY27: $15,000.01 (at its roster's salary)");
    expect(shown.stdout).toContain(
      'Roster rate: $25,000.02 a year full time (edit --clear-roster-rate to price it by step and lane)',
    );

    const cleared = await cli(
      'positions',
      'edit',
      String(id),
      '--clear-roster-rate',
      '--reason',
      'Budget it on the schedule',
      '--json',
    );
    expect(cleared.stderr).toBe('');
    expect(cleared.code).toBe(0);
    const position = JSON.parse(cleared.stdout).position;
    expect(position).toMatchObject({ vacancyRate: null, placementSource: 'workGroup', budgetedStep: 1 });
    // 30,000.00 x 0.6
    expect(centsOf(position.budgetedCost)).toBe(1_800_000n);
    expect(position.history[0]).toMatchObject({ action: 'updated', reason: 'Budget it on the schedule' });

    const after = await cli('positions', 'show', String(id));
    expect(after.stdout).not.toContain('Roster rate');
    expect(after.stdout).toContain('Budgeted for FY27: $18,000.00 (step 1, lane A, from the work group)');
  });
});
