import type { Knex } from 'knex';
import { addCheck, fiscalYearRange } from './helpers';

/**
 * Step-and-lane salary schedules: a bargained grid of amounts by fiscal year, step and
 * lane, attached to one work group; and each employee line's place on it (step and lane), which
 * projections move one step a year, capped at the top step. And what a saved RIF calculation shows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('salary_schedules', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique('salary_schedules_name_unique');
    // One schedule per work group: the rule looks the schedule up by the line's work group.
    t.integer('work_group_id')
      .references('id')
      .inTable('work_groups')
      .onDelete('SET NULL')
      .unique('salary_schedules_work_group_unique');
    // Lane names in the order the schedule prints them (Bach, B+15, ..., Doctorate).
    t.jsonb('lanes').notNullable();
    // The COLA each year's row was printed with, {"2025": "2.500", ...}: shown, never computed with.
    t.jsonb('printed_cola').notNullable().defaultTo('{}');
    t.text('source_file_name');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('salary_schedule_amounts', (t) => {
    t.integer('schedule_id').notNullable().references('id').inTable('salary_schedules').onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    t.integer('step').notNullable();
    t.text('lane').notNullable();
    t.decimal('amount', 14, 2).notNullable();
    t.primary(['schedule_id', 'fiscal_year', 'step', 'lane']);
  });
  await addCheck(
    knex,
    'salary_schedule_amounts',
    'salary_schedule_amounts_fy_check',
    fiscalYearRange('fiscal_year'),
  );
  await addCheck(knex, 'salary_schedule_amounts', 'salary_schedule_amounts_step_check', 'step >= 1');
  await addCheck(knex, 'salary_schedule_amounts', 'salary_schedule_amounts_amount_check', 'amount > 0');

  await knex.schema.alterTable('line_items', (t) => {
    t.integer('salary_step');
    t.text('salary_lane');
    // 'suggested' (from the salary, by the system) or 'confirmed' (by a person).
    t.text('salary_placement');
  });
  await addCheck(
    knex,
    'line_items',
    'line_items_salary_step_check',
    'salary_step IS NULL OR salary_step >= 1',
  );
  await addCheck(
    knex,
    'line_items',
    'line_items_salary_placement_check',
    `(salary_step IS NULL AND salary_lane IS NULL AND salary_placement IS NULL)
      OR (salary_step IS NOT NULL AND salary_lane IS NOT NULL AND salary_placement IN ('suggested', 'confirmed'))`,
  );

  // The RIF gap shows its working: the steps-and-lanes dollars beside the COLA impact, and the
  // inputs the calculation read (base year, employees, cost of 1% COLA per bargaining unit).
  await knex.schema.alterTable('rif_calculations', (t) => {
    t.decimal('steps_lanes_amount', 14, 2);
    t.jsonb('baseline_details');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rif_calculations', (t) => {
    t.dropColumn('baseline_details');
    t.dropColumn('steps_lanes_amount');
  });
  await knex.schema.alterTable('line_items', (t) => {
    t.dropColumn('salary_placement');
    t.dropColumn('salary_lane');
    t.dropColumn('salary_step');
  });
  await knex.schema.dropTable('salary_schedule_amounts');
  await knex.schema.dropTable('salary_schedules');
}
