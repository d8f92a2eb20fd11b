import type { Knex } from 'knex';

/**
 * A stage's frozen lines keep the fund that paid each line when the stage was recorded (null, as on
 * line_items, is the general fund), so a comparison read for the general fund alone reads each side
 * as it stood: a line moved onto a grant after the vote is the general fund's in the voted stage.
 *
 * Stages frozen before this migration did not record it: their lines take the fund each line is on
 * now (a line deleted since stays the general fund's), the closest record there is. Snapshots are
 * otherwise immutable (migration 20261126000100); the guard is lifted for this one backfill only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE budget_stage_lines ADD COLUMN fund_id integer');
  await knex.raw('ALTER TABLE budget_stage_lines DISABLE TRIGGER budget_stage_lines_immutable');
  await knex.raw(
    `UPDATE budget_stage_lines s SET fund_id = li.fund_id
       FROM line_items_all li
      WHERE li.id = s.line_id AND li.fund_id IS NOT NULL`,
  );
  await knex.raw('ALTER TABLE budget_stage_lines ENABLE TRIGGER budget_stage_lines_immutable');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE budget_stage_lines DROP COLUMN fund_id');
}
