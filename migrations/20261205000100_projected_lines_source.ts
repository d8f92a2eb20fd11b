import type { Knex } from 'knex';

/**
 * Projected lines found by the line they were projected from: an edit of a person's line re-walks
 * that person's projected years (server/domains/line-items/queries/projected-walk.ts), and deleting
 * a line deletes its projected ones. Without this index each edit read all of projected_lines
 * twice (245,000 rows at 50,000 employees: 26 ms an edit became 64 ms).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX projected_lines_source_idx ON projected_lines (source_line_id, fiscal_year)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX projected_lines_source_idx');
}
