import type { Knex } from 'knex';

/**
 * A function-code rule may name the fund that pays the proposed lines it reaches (issue 'Funds',
 * part 2: the function-code rules can set a line's fund): given to those left on the general fund
 * with no fund named for them. A fund a rule names cannot be deleted (RESTRICT; the funds service
 * refuses first, in words).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE function_code_rules ADD COLUMN fund_id integer REFERENCES funds(id) ON DELETE RESTRICT',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE function_code_rules DROP COLUMN fund_id');
}
