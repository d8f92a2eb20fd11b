import type { Knex } from 'knex';

/**
 * line_items loses its index on version_id (docs/ARCHITECTURE.md, Database, 'Indexes of
 * line_items'). No statement finds lines by their version: the screens and reports that name a
 * version (town goals, cut scenarios) read one budget year's fiscal year by
 * line_items_budget_year_fy_kind_idx and only keep the version's lines among them
 * (`version_id = ? OR version_id IS NULL`), and a deleted version clears its lines' column once per
 * statement (the reference trigger of 20261127000100), where one scan is cheaper than the index's
 * upkeep on every line written. That upkeep was 0.08 s of PostgreSQL CPU per 100,000 lines an
 * import writes (1.27 s instead of 1.35 s for the INSERT, median of 3).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS line_items_version_id_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS line_items_version_id_idx ON line_items (version_id)');
}
