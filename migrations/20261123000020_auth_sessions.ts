import type { Knex } from 'knex';

/**
 * sessions: one row per sign-in, so a session can be ended on the server. The token carries the
 * row's id; ending a session deletes its row, so the token stops working on its next request. A
 * user's rows go with the user (CASCADE). The security events index serves the admin's security log
 * and the Profile's list of failed sign-ins without scanning every budget edit in audit_log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    // Random (UUID v4), not serial: an id seen in one place says nothing about other sessions.
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The browser's User-Agent, cut short; shown to the user to tell their devices apart.
    t.string('device', 200).notNullable().defaultTo('');
    t.string('address', 64).notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id'], 'sessions_user_id_idx');
  });
  await knex.raw(
    `CREATE INDEX audit_log_security_idx ON audit_log (entity_id, created_at) WHERE entity = 'security'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS audit_log_security_idx');
  await knex.schema.dropTable('sessions');
}
