import type { Knex } from 'knex';
import { addCheck, fiscalYearRange, HEX_COLOUR, sqlList } from './helpers';

// Enumerations are spelled out here rather than imported from shared/schemas/common.ts: a migration
// must keep producing the same schema after the application's constants change. The migration test
// checks that every value in common.ts is still accepted.
const SCENARIO_TYPES = ['operating', 'proposed'];
const VERSION_STATUSES = ['DRAFT', 'FINAL', 'ARCHIVED'];
const BUILDING_TYPES = ['preschool', 'elementary', 'middle', 'high', 'special'];
const STEP_LANE_TYPES = ['PERCENTAGE', 'DOLLAR'];

/**
 * The budget skeleton and the reference data: budget years, scenarios (budgets), versions, budget
 * settings, buildings, work-group categories, work groups and budget categories.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('budget_years', (t) => {
    t.increments('id').primary();
    // The label as people write it ('FY26'); parseFiscalYear turns it into the integer year.
    t.text('fiscal_year').notNullable().unique('budget_years_fiscal_year_unique');
    t.text('name').notNullable();
    t.text('notes');
    // The integer fiscal year the dashboard centres on (2026 for FY26); movable by PATCH.
    t.integer('current_fiscal_year').notNullable();
    // The fiscal year imported data belongs to; projections start from it.
    t.integer('base_year');
    t.timestamps(true, true);
  });
  await addCheck(
    knex,
    'budget_years',
    'budget_years_current_fiscal_year_check',
    fiscalYearRange('current_fiscal_year'),
  );
  await addCheck(
    knex,
    'budget_years',
    'budget_years_base_year_check',
    `base_year IS NULL OR ${fiscalYearRange('base_year')}`,
  );

  await knex.schema.createTable('scenarios', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.text('scenario_type').notNullable();
    t.boolean('is_active').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.index(['budget_year_id'], 'scenarios_budget_year_id_idx');
  });
  await addCheck(
    knex,
    'scenarios',
    'scenarios_scenario_type_check',
    `scenario_type IN (${sqlList(SCENARIO_TYPES)})`,
  );
  // At most one active budget per budget year and type: 'Set as Active' must deactivate the old one
  // first, in the same transaction, or this index refuses the second active row (SQLSTATE 23505).
  await knex.raw(
    'CREATE UNIQUE INDEX scenarios_one_active_per_type ON scenarios (budget_year_id, scenario_type) WHERE is_active',
  );

  await knex.schema.createTable('budget_versions', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year').notNullable();
    t.text('label').notNullable();
    t.integer('version_number').notNullable().defaultTo(1);
    t.text('description');
    t.text('status').notNullable().defaultTo('DRAFT');
    t.boolean('is_active').notNullable().defaultTo(false);
    t.integer('uploaded_by').references('id').inTable('users').onDelete('SET NULL');
    t.integer('budget_year_id').references('id').inTable('budget_years').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['fiscal_year', 'label'], { indexName: 'budget_versions_fiscal_year_label_unique' });
    t.index(['budget_year_id'], 'budget_versions_budget_year_id_idx');
  });
  await addCheck(
    knex,
    'budget_versions',
    'budget_versions_status_check',
    `status IN (${sqlList(VERSION_STATUSES)})`,
  );
  await addCheck(
    knex,
    'budget_versions',
    'budget_versions_fiscal_year_check',
    fiscalYearRange('fiscal_year'),
  );
  await addCheck(knex, 'budget_versions', 'budget_versions_version_number_check', 'version_number >= 1');

  await knex.schema.createTable('budget_settings', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id')
      .notNullable()
      .unique('budget_settings_budget_year_id_unique')
      .references('id')
      .inTable('budget_years')
      .onDelete('CASCADE');
    t.text('step_lane_adjustment_type').notNullable().defaultTo('PERCENTAGE');
    // A percent (1.5 = 1.5%) or a dollar amount per employee, depending on the type.
    t.decimal('step_lane_adjustment_value', 12, 3).notNullable().defaultTo(1.5);
    t.text('step_lane_description');
    // Work group ids that receive steps and lanes, as a JSON array of integers.
    t.jsonb('steps_lanes_work_groups').notNullable().defaultTo('[]');
    t.timestamps(true, true);
  });
  await addCheck(
    knex,
    'budget_settings',
    'budget_settings_step_lane_adjustment_type_check',
    `step_lane_adjustment_type IN (${sqlList(STEP_LANE_TYPES)})`,
  );
  await addCheck(
    knex,
    'budget_settings',
    'budget_settings_step_lane_adjustment_value_check',
    'step_lane_adjustment_value >= 0',
  );
  await addCheck(
    knex,
    'budget_settings',
    'budget_settings_steps_lanes_work_groups_check',
    `jsonb_typeof(steps_lanes_work_groups) = 'array'`,
  );

  await knex.schema.createTable('buildings', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    // Matched against location codes in payroll imports; optional for buildings typed in by hand.
    t.text('code');
    t.text('address');
    t.text('building_type');
    t.text('color');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX buildings_code_unique ON buildings (code) WHERE code IS NOT NULL');
  await addCheck(
    knex,
    'buildings',
    'buildings_building_type_check',
    `building_type IS NULL OR building_type IN (${sqlList(BUILDING_TYPES)})`,
  );
  await addCheck(knex, 'buildings', 'buildings_color_check', `color IS NULL OR color ~ ${HEX_COLOUR}`);

  await knex.schema.createTable('work_group_categories', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique('work_group_categories_name_unique');
    t.text('description');
    t.text('background_color').notNullable().defaultTo('#e5e7eb');
    t.text('text_color').notNullable().defaultTo('#1f2937');
    t.timestamps(true, true);
  });
  await addCheck(
    knex,
    'work_group_categories',
    'work_group_categories_background_color_check',
    `background_color ~ ${HEX_COLOUR}`,
  );
  await addCheck(
    knex,
    'work_group_categories',
    'work_group_categories_text_color_check',
    `text_color ~ ${HEX_COLOUR}`,
  );

  await knex.schema.createTable('work_groups', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique('work_groups_name_unique');
    t.text('description');
    t.integer('category_id').references('id').inTable('work_group_categories').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['category_id'], 'work_groups_category_id_idx');
  });

  await knex.schema.createTable('budget_categories', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique('budget_categories_name_unique');
    t.text('code');
    t.text('description');
    // A DESE function code such as '2305' (fixtures/dese_function_codes.csv).
    t.text('dese_function');
    // Percent per year used by projections and the 5-year forecast preview; null = no default.
    t.decimal('default_yoy_increase', 7, 3);
    t.text('color').notNullable().defaultTo('#3b82f6');
    t.integer('display_order').notNullable().defaultTo(0);
    t.boolean('is_personnel').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await addCheck(knex, 'budget_categories', 'budget_categories_color_check', `color ~ ${HEX_COLOUR}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('budget_categories');
  await knex.schema.dropTable('work_groups');
  await knex.schema.dropTable('work_group_categories');
  await knex.schema.dropTable('buildings');
  await knex.schema.dropTable('budget_settings');
  await knex.schema.dropTable('budget_versions');
  await knex.schema.dropTable('scenarios');
  await knex.schema.dropTable('budget_years');
}
