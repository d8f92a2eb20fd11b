import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * A ledger import's rows are written in short transactions (the embedded database has one
 * connection, which one long write would hold from every other request), under an import whose
 * status is 'pending'. Nothing reads a pending import or its rows; one short transaction at the end
 * makes it 'complete' and current. A pending import left by a failure or a restart is deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_imports', (t) => {
    t.text('status').notNullable().defaultTo('complete');
  });
  await addCheck(knex, 'ledger_imports', 'ledger_imports_status_check', `status IN ('pending', 'complete')`);
  await addCheck(
    knex,
    'ledger_imports',
    'ledger_imports_pending_not_current_check',
    `status = 'complete' OR NOT is_current`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('ledger_imports').where({ status: 'pending' }).del();
  await knex.schema.alterTable('ledger_imports', (t) => {
    t.dropColumn('status');
  });
}
