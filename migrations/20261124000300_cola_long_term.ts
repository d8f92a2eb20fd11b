import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * The long-term COLA assumption of a COLA scenario: the percent the salary rule
 * uses for a work group in a fiscal year after its last contract year and after the scenario's last
 * year, where nothing else sets a COLA. One figure per scenario, and per work group where a group's
 * differs. NULL (the default) assumes nothing: those years get 0% and the calculations warn.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cola_scenarios', (t) => {
    t.decimal('long_term_cola_percentage', 6, 3);
  });
  await addCheck(
    knex,
    'cola_scenarios',
    'cola_scenarios_long_term_check',
    'long_term_cola_percentage BETWEEN 0 AND 100',
  );
  await knex.schema.createTable('cola_long_term_settings', (t) => {
    t.increments('id').primary();
    t.integer('scenario_id').notNullable().references('id').inTable('cola_scenarios').onDelete('CASCADE');
    t.integer('work_group_id').notNullable().references('id').inTable('work_groups').onDelete('CASCADE');
    t.decimal('cola_percentage', 6, 3).notNullable();
    t.timestamps(true, true);
    t.unique(['scenario_id', 'work_group_id'], { indexName: 'cola_long_term_settings_unique' });
    t.index(['work_group_id'], 'cola_long_term_settings_work_group_id_idx');
  });
  await addCheck(
    knex,
    'cola_long_term_settings',
    'cola_long_term_settings_percentage_check',
    'cola_percentage BETWEEN 0 AND 100',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cola_long_term_settings');
  await knex.schema.alterTable('cola_scenarios', (t) => {
    t.dropChecks(['cola_scenarios_long_term_check']);
    t.dropColumn('long_term_cola_percentage');
  });
}
