import type { Knex } from 'knex';
import { TRIGGER_FN } from './20261127000500_closed_years';

/**
 * The write trigger of line_items and projected_lines asks the lock rule (budget_year_locked) once
 * for each budget year and fiscal year a statement wrote, as it was written to: PostgreSQL pushed
 * the rule's call below the DISTINCT of the written rows, once per row (about 0.2 ms each), as soon
 * as any year of the district was adopted or closed. A contract settled for 16,667 teachers beside
 * an adopted year spent 28 s of its 30 s there (65,332 projected lines rewritten, asked twice each).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(TRIGGER_FN(true, true, true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(TRIGGER_FN(true, true));
}
