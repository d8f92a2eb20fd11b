import type { Knex } from 'knex';

/**
 * What an adoption closed keeps why the scenario's cut took each position (pick_why) and the $0
 * warning it held at adoption (pick_warning), as cut_scenario_positions kept them (migration
 * 20261208000100): the adoption empties the scenario's changes, so without them the stage
 * comparison could not say why a closed position was picked, nor an undo give the reason back.
 * Null for a created position (an add is not picked) and for an adoption before this migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scenario_adoption_positions', (t) => {
    t.text('pick_why');
    t.text('pick_warning');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scenario_adoption_positions', (t) => {
    t.dropColumn('pick_warning');
    t.dropColumn('pick_why');
  });
}
