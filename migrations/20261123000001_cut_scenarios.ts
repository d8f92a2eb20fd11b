import type { Knex } from 'knex';
import { addCheck, fiscalYearRange } from './helpers';

/**
 * Scenario Builder: named cut scenarios over a budget year's proposed lines of one fiscal
 * year, each line's percent kept (absent = 100), and floors: the least percent a budget category or
 * a line may be cut to (maintenance of effort, contractual obligations).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cut_scenarios', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    // A budget version (draft) whose lines it cuts, or null for the year's lines in scope.
    t.integer('version_id').references('id').inTable('budget_versions').onDelete('SET NULL');
    t.text('name').notNullable();
    t.text('description');
    // The plan the district adopted for the year ('Set as Active'): one per budget and fiscal year.
    t.boolean('is_active').notNullable().defaultTo(false);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['budget_year_id', 'fiscal_year', 'name'], { indexName: 'cut_scenarios_name_unique' });
  });
  await addCheck(knex, 'cut_scenarios', 'cut_scenarios_fy_check', fiscalYearRange('fiscal_year'));
  await knex.raw(
    'CREATE UNIQUE INDEX cut_scenarios_one_active ON cut_scenarios (budget_year_id, fiscal_year) WHERE is_active',
  );

  await knex.schema.createTable('cut_adjustments', (t) => {
    t.integer('cut_scenario_id').notNullable().references('id').inTable('cut_scenarios').onDelete('CASCADE');
    t.integer('line_item_id').notNullable().references('id').inTable('line_items').onDelete('CASCADE');
    t.decimal('percent_kept', 5, 2).notNullable();
    t.primary(['cut_scenario_id', 'line_item_id']);
    t.index(['line_item_id'], 'cut_adjustments_line_idx');
  });
  await addCheck(knex, 'cut_adjustments', 'cut_adjustments_percent_check', 'percent_kept BETWEEN 0 AND 100');

  await knex.schema.createTable('cut_floors', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.integer('category_id').references('id').inTable('budget_categories').onDelete('CASCADE');
    t.integer('line_item_id').references('id').inTable('line_items').onDelete('CASCADE');
    t.decimal('floor_percent', 5, 2).notNullable();
    t.text('reason');
    t.timestamps(true, true);
  });
  await addCheck(knex, 'cut_floors', 'cut_floors_percent_check', 'floor_percent BETWEEN 0 AND 100');
  await addCheck(
    knex,
    'cut_floors',
    'cut_floors_target_check',
    'num_nonnulls(category_id, line_item_id) = 1',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX cut_floors_category_unique ON cut_floors (budget_year_id, category_id) WHERE category_id IS NOT NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX cut_floors_line_unique ON cut_floors (line_item_id) WHERE line_item_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cut_floors');
  await knex.schema.dropTable('cut_adjustments');
  await knex.schema.dropTable('cut_scenarios');
}
