import type { Knex } from 'knex';

/**
 * The SHA-256 of an import's file on its run, in a column of its own: an execute refuses the same
 * bytes again into the same budget year and kind (the lines would be counted twice) unless asked,
 * and the analysis names the earlier runs. Runs before this migration kept it in their mapping's
 * JSON (fileSha256), copied here; the index serves the look-up each analysis and execute make.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.text('file_sha256');
  });
  await knex.raw(`UPDATE import_runs SET file_sha256 = column_mappings ->> 'fileSha256'`);
  await knex.schema.alterTable('import_runs', (t) => {
    t.index(['file_sha256', 'budget_year_id', 'import_type'], 'import_runs_file_sha256_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the column drops its index with it.
  await knex.schema.alterTable('import_runs', (t) => {
    t.dropColumn('file_sha256');
  });
}
