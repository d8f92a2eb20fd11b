import type { Knex } from 'knex';

/**
 * A vacancy a district's own roster lists with its budgeted salary (a payroll or roster row with an
 * amount and no name: rosters list open positions that way) keeps that salary as a full-time rate
 * (vacancy_rate: the row's amount / its FTE, to the millionth, so rate x FTE gives the amount back
 * to the cent), and is priced at it (server/sql/position-cost.ts) when it has no step and lane of
 * its own. Before, such a row became an employee line named 'Vacant' holding a filled position:
 * the Chicago roster's 1,306 open positions read as 1,306 people and 0 vacancies. Null for every
 * other position (priced by the schedule, or unpriced with a reason).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `ALTER TABLE positions ADD COLUMN vacancy_rate numeric(14,6) CHECK (vacancy_rate >= 0 AND vacancy_rate < 1000000000000)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('positions', (t) => {
    t.dropColumn('vacancy_rate');
  });
}
