import type { Knex } from 'knex';

/**
 * audit_log: one row per write that changes budget data: who, when, what, and the
 * row before and after. bigIncrements because every edit of every line adds a row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    // Kept when the user is deleted (SET NULL): the history must outlive the account; actor_label
    // still says who it was.
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    // 'admin@example.org', or a system actor such as 'budget-cli' or 'seed-demo'.
    t.text('actor_label').notNullable();
    // create / update / delete / merge / import / publish / ...
    t.text('action').notNullable();
    t.text('entity').notNullable();
    // Text, not integer: some entities are keyed by something else (a fiscal year, a url path).
    t.text('entity_id');
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['entity', 'entity_id'], 'audit_log_entity_idx');
    t.index(['created_at'], 'audit_log_created_at_idx');
    // SET NULL on user delete would otherwise scan the whole log.
    t.index(['user_id'], 'audit_log_user_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
}
