import type { Knex } from 'knex';
import { migrationSource } from '@migrations/index';

const config = { migrationSource, tableName: 'knex_migrations' };

/** Applies every pending migration; returns the names applied. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = await knex.migrate.latest(config);
  return applied as string[];
}

/** Rolls back every migration, newest first. */
export async function migrateDownAll(knex: Knex): Promise<string[]> {
  const [, reverted] = await knex.migrate.rollback(config, true);
  return reverted as string[];
}

export async function pendingMigrations(knex: Knex): Promise<number> {
  const [, pending] = (await knex.migrate.list(config)) as [unknown[], unknown[]];
  return pending.length;
}
