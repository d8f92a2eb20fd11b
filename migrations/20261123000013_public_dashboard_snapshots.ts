import type { Knex } from 'knex';
import { addCheck, fiscalYearRange } from './helpers';

/**
 * Publishing is a snapshot: Publish stores the public figures of each published fiscal
 * year as they are at that moment, and residents read those rows until the next Publish, never the
 * work in progress. One row per dashboard and fiscal year, replaced as a whole by each Publish.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_dashboard_snapshots', (t) => {
    t.increments('id').primary();
    t.integer('config_id')
      .notNullable()
      .references('id')
      .inTable('public_dashboard_configs')
      .onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    // The budget year the figures came from; kept when that budget year is deleted later (the
    // residents' page still shows what was published).
    t.integer('budget_year_id').references('id').inTable('budget_years').onDelete('SET NULL');
    // The public figures of the year (shared/schemas/public-dashboard.ts publicYearDataSchema), or
    // null when the year had no data at Publish.
    t.jsonb('data');
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.unique(['config_id', 'fiscal_year'], { indexName: 'public_dashboard_snapshots_year_unique' });
  });
  await addCheck(
    knex,
    'public_dashboard_snapshots',
    'public_dashboard_snapshots_fiscal_year_check',
    fiscalYearRange('fiscal_year'),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('public_dashboard_snapshots');
}
