import type { Knex } from 'knex';

/**
 * The Positions manager's first page is a roster's positions in title order (then id): with an index
 * in that order PostgreSQL reads the first 200 entries instead of sorting the whole roster (18 ms at
 * 50,000 positions, on every read after an edit). It leads with the roster's columns, so it also
 * serves every lookup the (budget year, fiscal year) index served, which it replaces: a payroll
 * import writes no more index entries than before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS positions_year_title_idx ON positions (budget_year_id, fiscal_year, title, id)',
  );
  await knex.raw('DROP INDEX IF EXISTS positions_year_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS positions_year_idx ON positions (budget_year_id, fiscal_year)');
  await knex.raw('DROP INDEX IF EXISTS positions_year_title_idx');
}
