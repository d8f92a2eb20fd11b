import type { Knex } from 'knex';

/**
 * Projected years someone edited, or a year's whole projection stored when it was adopted (in
 * line_items), found by budget year and the line they were projected from: the salary walk reads
 * them (server/domains/line-items/queries/projected-walk.ts, `edits`), for an edited person
 * through the source, for a whole run through the budget year, without reading the year's other
 * lines. Partial: only projected lines are stored with a source, a few in an ordinary year.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX line_items_projected_source_idx ON line_items (budget_year_id, (metadata ->> 'sourceLineId'))
    WHERE is_projected AND is_operating`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX line_items_projected_source_idx');
}
