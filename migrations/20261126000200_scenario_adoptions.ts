import type { Knex } from 'knex';
import { addCheck, fiscalYearRange } from './helpers';

/**
 * Adopting a cut scenario into the budget: each adoption turns a scenario's
 * percents into new amounts on the proposed lines (written by the line writer, audited per line),
 * and is recorded here with the stage snapshot it was made from, the totals before and after, and
 * each line's amount before and after, so the adoption can be shown, explained (a reason per line)
 * and undone by returning its lines to that snapshot.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scenario_adoptions', (t) => {
    t.increments('id').primary();
    // The scenario may be deleted later; its name stays with the record.
    t.integer('cut_scenario_id').references('id').inTable('cut_scenarios').onDelete('SET NULL');
    t.text('scenario_name').notNullable();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    // The stage snapshot (an 'advance' event) the adoption was made from, which Undo returns to.
    t.integer('from_stage_id').notNullable().references('id').inTable('budget_stages').onDelete('CASCADE');
    t.text('reason');
    t.integer('adopted_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('adopted_by_name').notNullable();
    t.timestamp('adopted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The year's proposed total (the dashboard's) before and after the adoption.
    t.decimal('totals_before', 14, 2).notNullable();
    t.decimal('totals_after', 14, 2).notNullable();
    t.timestamp('undone_at', { useTz: true });
    t.text('undone_by_name');
    t.text('undo_reason');
    t.index(['budget_year_id', 'fiscal_year', 'id'], 'scenario_adoptions_year_idx');
    t.index(['cut_scenario_id'], 'scenario_adoptions_scenario_idx');
  });
  await addCheck(knex, 'scenario_adoptions', 'scenario_adoptions_fy_check', fiscalYearRange('fiscal_year'));
  await addCheck(
    knex,
    'scenario_adoptions',
    'scenario_adoptions_reason_check',
    'reason IS NULL OR length(reason) <= 2000',
  );
  await addCheck(
    knex,
    'scenario_adoptions',
    'scenario_adoptions_undo_reason_check',
    'undo_reason IS NULL OR length(undo_reason) <= 2000',
  );

  await knex.schema.createTable('scenario_adoption_lines', (t) => {
    t.integer('adoption_id').notNullable().references('id').inTable('scenario_adoptions').onDelete('CASCADE');
    // No foreign key: the record outlives a line deleted later (as budget_stage_lines does).
    t.integer('line_id').notNullable();
    t.decimal('amount_before', 14, 2).notNullable();
    t.decimal('amount_after', 14, 2).notNullable();
    t.decimal('percent_kept', 5, 2).notNullable();
    t.text('reason');
    t.primary(['adoption_id', 'line_id']);
    t.index(['line_id'], 'scenario_adoption_lines_line_idx');
  });
  await addCheck(
    knex,
    'scenario_adoption_lines',
    'scenario_adoption_lines_reason_check',
    'reason IS NULL OR length(reason) <= 2000',
  );
  await addCheck(
    knex,
    'scenario_adoption_lines',
    'scenario_adoption_lines_percent_check',
    'percent_kept BETWEEN 0 AND 100',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('scenario_adoption_lines');
  await knex.schema.dropTable('scenario_adoptions');
}
