import type { Knex } from 'knex';

/**
 * Whether the resident page names the fund when it says who pays for the district's positions
 * (issue 'Funds', part 5). Shown by default: which fund pays is public information (the budget of
 * all funds is presented to the school committee); an ADMIN may leave a fund out, its FTE then
 * shown as 'Other funds'.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE funds ADD COLUMN show_to_residents boolean NOT NULL DEFAULT true');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE funds DROP COLUMN show_to_residents');
}
