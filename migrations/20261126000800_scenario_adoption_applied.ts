import type { Knex } from 'knex';

/**
 * A cut that an adoption put into the budget, taken out of the other scenarios of
 * the same year that were made before it and cut the same line by the same percent (a copy of the
 * adopted plan). Left on them, the builder would apply the cut a second time on the adopted amounts.
 * Each row is one such cut, kept so that undoing the adoption gives it back to its scenario.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scenario_adoption_applied', (t) => {
    t.integer('adoption_id').notNullable().references('id').inTable('scenario_adoptions').onDelete('CASCADE');
    t.integer('cut_scenario_id').notNullable().references('id').inTable('cut_scenarios').onDelete('CASCADE');
    // No foreign key: the record outlives a line deleted later (as scenario_adoption_lines does).
    t.integer('line_id').notNullable();
    t.decimal('percent_kept', 5, 2).notNullable();
    t.primary(['adoption_id', 'cut_scenario_id', 'line_id']);
    t.index(['cut_scenario_id'], 'scenario_adoption_applied_scenario_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('scenario_adoption_applied');
}
