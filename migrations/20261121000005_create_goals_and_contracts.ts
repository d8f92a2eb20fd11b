import type { Knex } from 'knex';
import { addCheck, fiscalYearRange, sqlList } from './helpers';

const GOAL_TYPES = ['DOLLAR', 'PERCENT', 'BOTH'];
const CONTRACT_STATUSES = ['NEGOTIATING', 'SETTLED', 'EXPIRED'];

/**
 * Town budget goals, union contracts with their yearly COLA, COLA planning scenarios, and saved
 * reduction-in-force (RIF) gap calculations.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('town_goals', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year').notNullable().unique('town_goals_fiscal_year_unique');
    t.text('goal_type').notNullable().defaultTo('DOLLAR');
    t.decimal('dollar_goal', 14, 2);
    // Percent change over the baseline; may be negative (a town asking for a cut).
    t.decimal('percent_goal', 7, 3);
    t.integer('baseline_year');
    t.decimal('baseline_amount', 14, 2);
    t.decimal('actual_amount', 14, 2);
    t.text('notes');
    t.boolean('is_baseline').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await addCheck(knex, 'town_goals', 'town_goals_goal_type_check', `goal_type IN (${sqlList(GOAL_TYPES)})`);
  await addCheck(knex, 'town_goals', 'town_goals_fiscal_year_check', fiscalYearRange('fiscal_year'));
  await addCheck(
    knex,
    'town_goals',
    'town_goals_dollar_goal_check',
    'dollar_goal IS NULL OR dollar_goal >= 0',
  );
  await addCheck(
    knex,
    'town_goals',
    'town_goals_baseline_amount_check',
    'baseline_amount IS NULL OR baseline_amount >= 0',
  );

  await knex.schema.createTable('contracts', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    // A work group with a contract cannot be deleted out from under it. NO ACTION (23503) rather than
    // RESTRICT (23001): same refusal, the SQLSTATE every other foreign-key error uses.
    t.integer('work_group_id').notNullable().references('id').inTable('work_groups').onDelete('NO ACTION');
    t.integer('start_year').notNullable();
    t.integer('end_year').notNullable();
    // end - start + 1; stored because the API returns it.
    t.integer('contract_years').notNullable();
    t.text('status').notNullable().defaultTo('NEGOTIATING');
    t.date('settlement_date');
    t.text('notes');
    t.timestamps(true, true);
    t.index(['work_group_id'], 'contracts_work_group_id_idx');
  });
  await addCheck(knex, 'contracts', 'contracts_status_check', `status IN (${sqlList(CONTRACT_STATUSES)})`);
  await addCheck(knex, 'contracts', 'contracts_years_check', 'end_year >= start_year');
  await addCheck(knex, 'contracts', 'contracts_contract_years_check', 'contract_years >= 1');

  await knex.schema.createTable('contract_cola_rates', (t) => {
    t.increments('id').primary();
    t.integer('contract_id').notNullable().references('id').inTable('contracts').onDelete('CASCADE');
    // 1 for the first year of the contract.
    t.integer('contract_year').notNullable();
    t.integer('fiscal_year').notNullable();
    t.decimal('cola_percentage', 6, 3).notNullable();
    t.text('notes');
    t.timestamps(true, true);
    t.unique(['contract_id', 'fiscal_year'], { indexName: 'contract_cola_rates_contract_fy_unique' });
  });
  await addCheck(
    knex,
    'contract_cola_rates',
    'contract_cola_rates_percentage_check',
    'cola_percentage BETWEEN 0 AND 100',
  );
  await addCheck(
    knex,
    'contract_cola_rates',
    'contract_cola_rates_contract_year_check',
    'contract_year >= 1',
  );

  await knex.schema.createTable('cola_scenarios', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('description');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('cola_settings', (t) => {
    t.increments('id').primary();
    t.integer('scenario_id').notNullable().references('id').inTable('cola_scenarios').onDelete('CASCADE');
    // The COLA grid is by work-group category (TEACHERS, SUPPORT, ...), the API by work group:
    // a setting names exactly one of the two (CHECK below).
    t.integer('work_group_id').references('id').inTable('work_groups').onDelete('CASCADE');
    t.integer('work_group_category_id').references('id').inTable('work_group_categories').onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    t.decimal('cola_percentage', 6, 3).notNullable();
    t.timestamps(true, true);
    t.index(['work_group_id'], 'cola_settings_work_group_id_idx');
    t.index(['work_group_category_id'], 'cola_settings_work_group_category_id_idx');
  });
  await addCheck(
    knex,
    'cola_settings',
    'cola_settings_target_check',
    'num_nonnulls(work_group_id, work_group_category_id) = 1',
  );
  await addCheck(
    knex,
    'cola_settings',
    'cola_settings_percentage_check',
    'cola_percentage BETWEEN 0 AND 100',
  );
  // One setting per scenario, target and year. Partial indexes rather than NULLS NOT DISTINCT so the
  // schema also runs on PostgreSQL 14. Upserts name the index predicate:
  // ON CONFLICT (scenario_id, work_group_id, fiscal_year) WHERE work_group_id IS NOT NULL.
  await knex.raw(
    'CREATE UNIQUE INDEX cola_settings_work_group_unique ON cola_settings (scenario_id, work_group_id, fiscal_year) WHERE work_group_id IS NOT NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX cola_settings_category_unique ON cola_settings (scenario_id, work_group_category_id, fiscal_year) WHERE work_group_category_id IS NOT NULL',
  );

  await knex.schema.createTable('rif_calculations', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year').notNullable();
    // The COLA scenario the calculation used.
    t.integer('scenario_id').references('id').inTable('cola_scenarios').onDelete('SET NULL');
    t.decimal('town_funding_amount', 14, 2);
    t.decimal('baseline_budget', 14, 2);
    t.decimal('district_need', 14, 2);
    // district_need - town_funding_amount; negative when funding covers the need.
    t.decimal('gap', 14, 2);
    t.boolean('rif_required').notNullable().defaultTo(false);
    // { settled, negotiating, total }
    t.jsonb('cola_impact');
    // [{ workGroupName, contractYear, percentage }]
    t.jsonb('breakdown');
    t.decimal('positions_estimate', 10, 2);
    t.boolean('include_steps_lanes').notNullable().defaultTo(true);
    t.integer('calculated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('calculated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // History screens show the latest 10, newest first.
    t.index(['calculated_at'], 'rif_calculations_calculated_at_idx');
    t.index(['scenario_id'], 'rif_calculations_scenario_id_idx');
  });
  await addCheck(
    knex,
    'rif_calculations',
    'rif_calculations_amounts_check',
    'town_funding_amount IS NULL OR town_funding_amount >= 0',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rif_calculations');
  await knex.schema.dropTable('cola_settings');
  await knex.schema.dropTable('cola_scenarios');
  await knex.schema.dropTable('contract_cola_rates');
  await knex.schema.dropTable('contracts');
  await knex.schema.dropTable('town_goals');
}
