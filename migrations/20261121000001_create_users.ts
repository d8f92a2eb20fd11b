import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('name', 200).notNullable();
    t.string('email', 320).notNullable();
    t.text('password_hash').notNullable();
    t.string('role', 20).notNullable().defaultTo('FINANCE');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('last_login', { useTz: true });
    // Bumped on logout, password change, deactivation: tokens carrying an older version stop working.
    t.integer('token_version').notNullable().defaultTo(0);
    // AES-256-GCM ciphertext (iv:tag:data, base64); never returned by the API.
    t.text('claude_api_key_enc');
    t.timestamps(true, true);
  });
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('ADMIN','FINANCE','VIEW_ONLY'))`,
  );
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
