import type { Knex } from 'knex';
import { VIEW_WITH_FUND } from './20261202000200_line_items_fund';

/**
 * An employee line's FTE to the thousandth, as a position's (numeric(5,3)): a 0.875 FTE teacher was
 * stored as 0.88, so the schedule paid the cell x 0.88 ($70,400.00 on an $80,000 cell instead of
 * $70,000.00) and the position made from the line was 0.880. line_items.current_fte and its frozen
 * copy in budget_stage_lines (a stage compares the two as text) become numeric(5,3); every value
 * stored to the hundredth fits unchanged, and the 0..1.5 check (line_items_current_fte_check) is
 * kept as it is. line_items_all reads the column, so the view is dropped and made again around it.
 * Going down rounds a third decimal to the hundredth again.
 */
async function retype(knex: Knex, type: string): Promise<void> {
  await knex.raw('DROP VIEW line_items_all');
  await knex.raw(`ALTER TABLE line_items ALTER COLUMN current_fte TYPE ${type}`);
  await knex.raw(VIEW_WITH_FUND);
  await knex.raw(`ALTER TABLE budget_stage_lines ALTER COLUMN current_fte TYPE ${type}`);
}

export async function up(knex: Knex): Promise<void> {
  await retype(knex, 'numeric(5,3)');
}

export async function down(knex: Knex): Promise<void> {
  await retype(knex, 'numeric(4,2)');
}
