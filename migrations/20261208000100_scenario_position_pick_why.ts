import type { Knex } from 'knex';

/**
 * A cut by position keeps why the cut's order took it (pick_why: 'vacant', 'hired 2019-08-26
 * (least senior)', 'no hire date: newest position'...) and, when cutting it saved $0 then, the
 * warning it was picked with (pick_warning: 'saves nothing: its holder has no salary'), as the cut's
 * dry run, answer and confirmation said them (server/domains/positions/scenario-roster.ts,
 * pickForCut). Both null for an add (nothing is picked) and for a cut saved before this migration:
 * its reason was never kept, and none is made up for it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cut_scenario_positions', (t) => {
    t.text('pick_why');
    t.text('pick_warning');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cut_scenario_positions', (t) => {
    t.dropColumn('pick_warning');
    t.dropColumn('pick_why');
  });
}
