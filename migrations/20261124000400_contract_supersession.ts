import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * Contracts that supersede others. Two SETTLED contracts of one work group may
 * not cover the same fiscal year unless the newer one explicitly supersedes the older: the older is
 * then kept (the history of what was agreed) and marked here with the contract that replaced it,
 * and it promises no COLA in any year (server/sql/salary-rule.ts, CONTRACT_COLA).
 *
 * The mark sits on the superseded contract, so the salary rule reads one column of the row it
 * already has. Deleting the superseding contract clears the mark (SET NULL): the older contract is
 * in force again, as it was before.
 *
 * Rows already stored are left as they are; the overlap check runs on each later write that touches
 * a settled contract (server/domains/planning/contracts.ts), not here, because which of two overlapping
 * contracts the district meant is for a person to say.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contracts', (t) => {
    t.integer('superseded_by_id').nullable().references('id').inTable('contracts').onDelete('SET NULL');
    t.index(['superseded_by_id'], 'contracts_superseded_by_id_idx');
  });
  await addCheck(knex, 'contracts', 'contracts_superseded_by_other_check', 'superseded_by_id <> id');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE contracts DROP CONSTRAINT contracts_superseded_by_other_check');
  await knex.schema.alterTable('contracts', (t) => {
    t.dropIndex(['superseded_by_id'], 'contracts_superseded_by_id_idx');
    t.dropColumn('superseded_by_id');
  });
}
