import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * Cuts and adds by position in a cut scenario (shared/schemas/scenario-positions.ts).
 *
 * - cut_scenario_positions: one row per position a scenario cuts (closed when it is adopted) or
 *   adds (created vacant then). A cut keeps the title and building it was picked under, so a
 *   position deleted since still shows what the cut was (and saves nothing). An add holds the new
 *   position's fields.
 * - scenario_adoption_positions: what an adoption did to the roster, for the stage comparison and
 *   the undo: each position it closed (with the status and holders it had) or created.
 * - cut_floors.min_fte: a floor on a personnel category's FTE beside its floor on dollars.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cut_scenario_positions', (t) => {
    t.increments('id').primary();
    t.integer('cut_scenario_id').notNullable().references('id').inTable('cut_scenarios').onDelete('CASCADE');
    t.text('kind').notNullable();
    // No foreign key: positions keep their references per statement (migration 20261128003000); a
    // cut whose position was deleted since reads as stale and saves nothing.
    t.integer('position_id');
    t.text('title').notNullable();
    t.integer('building_id').references('id').inTable('buildings').onDelete('SET NULL');
    t.text('dese_code');
    t.integer('category_id').references('id').inTable('budget_categories').onDelete('SET NULL');
    t.integer('work_group_id').references('id').inTable('work_groups').onDelete('SET NULL');
    t.decimal('fte', 5, 3).notNullable();
    t.integer('vacancy_step');
    t.text('vacancy_lane');
    t.text('reason');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['cut_scenario_id'], 'cut_scenario_positions_scenario_idx');
    t.index(['position_id'], 'cut_scenario_positions_position_idx');
  });
  await addCheck(
    knex,
    'cut_scenario_positions',
    'cut_scenario_positions_kind_check',
    "kind IN ('cut', 'add')",
  );
  await addCheck(
    knex,
    'cut_scenario_positions',
    'cut_scenario_positions_fte_check',
    'fte > 0 AND fte <= 1.5',
  );
  await knex.raw(
    `CREATE UNIQUE INDEX cut_scenario_positions_cut_unique ON cut_scenario_positions (cut_scenario_id, position_id)
      WHERE kind = 'cut' AND position_id IS NOT NULL`,
  );

  await knex.schema.createTable('scenario_adoption_positions', (t) => {
    t.increments('id').primary();
    t.integer('adoption_id').notNullable().references('id').inTable('scenario_adoptions').onDelete('CASCADE');
    // No foreign key, as above: the undo skips a position deleted since.
    t.integer('position_id');
    t.text('action').notNullable();
    t.text('title').notNullable();
    t.text('status_before');
    t.jsonb('holders_before');
    t.decimal('fte', 5, 3).notNullable();
    t.decimal('amount', 14, 2);
    t.text('reason');
    t.index(['adoption_id'], 'scenario_adoption_positions_adoption_idx');
  });
  await addCheck(
    knex,
    'scenario_adoption_positions',
    'scenario_adoption_positions_action_check',
    "action IN ('closed', 'created')",
  );

  await knex.schema.alterTable('cut_floors', (t) => {
    t.decimal('min_fte', 9, 3);
  });
  await addCheck(knex, 'cut_floors', 'cut_floors_min_fte_check', 'min_fte IS NULL OR min_fte >= 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cut_floors', (t) => {
    t.dropColumn('min_fte');
  });
  await knex.schema.dropTableIfExists('scenario_adoption_positions');
  await knex.schema.dropTableIfExists('cut_scenario_positions');
}
