import type { Knex } from 'knex';

/**
 * line_items loses its indexes on building_id, category_id and work_group_id (docs/ARCHITECTURE.md,
 * Database, 'Indexes of line_items'). Their upkeep was 0.15 to 0.18 s of PostgreSQL CPU per 100,000
 * lines an import writes, and what they served reads the lines in one grouped count now: the
 * category and work-group lists and the salary schedules' placed counts. What still filters lines
 * by one of these columns alone is a rare admin write or a single count (a building's or
 * category's delete check, a work group's rename or delete, a schedule's detach, one building's
 * employee count), and reads the table once.
 */
const INDEXES = [
  ['line_items_building_id_idx', 'building_id'],
  ['line_items_category_id_idx', 'category_id'],
  ['line_items_work_group_id_idx', 'work_group_id'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) {
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, column] of INDEXES) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON line_items (${column})`);
  }
}
