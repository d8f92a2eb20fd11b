import type { Knex } from 'knex';

/**
 * When an import run was undone and by whom (server/domains/imports/import-undo.ts), as
 * roll_forwards records its undo: the run stays listed in Import History, marked undone, and is no
 * longer an earlier run of its file (the repeat-import refusal) nor the latest import into its year.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.timestamp('undone_at', { useTz: true });
    t.integer('undone_by').references('id').inTable('users').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.dropColumn('undone_by');
    t.dropColumn('undone_at');
  });
}
