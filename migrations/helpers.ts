import type { Knex } from 'knex';

/**
 * Small SQL helpers shared by the migrations. Keep them stable: an old migration must produce the
 * same schema forever, so change behaviour here only by adding a new helper.
 */

/** A SQL list of string literals for IN (...): ['a', "b'c"] -> 'a', 'b''c'. */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}

/**
 * Adds a named CHECK constraint. Named, so error translation and tests can match on the name.
 * One statement per raw call: PGlite rejects several statements in one knex.raw.
 */
export async function addCheck(knex: Knex, table: string, name: string, expression: string): Promise<void> {
  await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (${expression})`, [table, name]);
}

/** The #RRGGBB colour rule used by buildings, categories and work-group categories. */
export const HEX_COLOUR = `'^#[0-9A-Fa-f]{6}$'`;

/** Fiscal years are integers named for the year they end in; FY50..FY99 are the earliest spellable. */
export function fiscalYearRange(column: string): string {
  return `${column} BETWEEN 1950 AND 2149`;
}
