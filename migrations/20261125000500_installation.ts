import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * installation: the one row naming this installation of the app. Every backup
 * carries it (it is a table like any other), so a restore can tell this installation's backups
 * from another district's or another machine's, whose accounts it would bring in. A restore keeps
 * the row of the installation it runs on (server/domains/admin/restore.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('installation', (t) => {
    // Always true: the primary key and the check together allow one row.
    t.boolean('singleton').primary().defaultTo(true);
    t.uuid('id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE installation ADD CONSTRAINT installation_one_row CHECK (singleton)');
  await knex('installation').insert({ id: randomUUID() });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('installation');
}
