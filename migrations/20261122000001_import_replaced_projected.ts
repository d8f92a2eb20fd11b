import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * Actuals supersede projections: an import deletes the projected lines of the fiscal years and kind
 * it imports, and its run records how many, for Import History and the audit trail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.integer('replaced_projected_count').notNullable().defaultTo(0);
  });
  await addCheck(
    knex,
    'import_runs',
    'import_runs_replaced_projected_check',
    'replaced_projected_count >= 0',
  );
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the column drops its CHECK with it.
  await knex.schema.alterTable('import_runs', (t) => {
    t.dropColumn('replaced_projected_count');
  });
}
