import type { Knex } from 'knex';

/**
 * The fiscal year an import run added its lines to (its version's, or the budget year's current
 * one): a repeat of the same file is the same kind into the same budget year AND fiscal year. A
 * budget year FY26 that plans FY26-FY28 takes the same payroll into its FY28 as new lines of
 * another year, not a second count of its FY26 import. Runs before this migration get their
 * version's fiscal year, else the year most of their lines are in, else their budget year's
 * current one; a run with none of these keeps null and is no one's repeat.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.integer('fiscal_year');
  });
  await knex.raw(`
    UPDATE import_runs r SET fiscal_year = coalesce(
      (SELECT v.fiscal_year FROM budget_versions v WHERE v.id = r.version_id),
      (SELECT mode() WITHIN GROUP (ORDER BY li.fiscal_year) FROM line_items li WHERE li.import_run_id = r.id),
      (SELECT b.current_fiscal_year FROM budget_years b WHERE b.id = r.budget_year_id))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.dropColumn('fiscal_year');
  });
}
