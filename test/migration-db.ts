import { openDb, type DbHandle } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { migrationSource } from '@migrations/index';

/**
 * An in-memory PGlite database migrated to the latest, then with the migration `name` taken down
 * again: the schema an old database had before `name` ran.
 */
export async function openBefore(name: string): Promise<DbHandle> {
  const db = await openDb({});
  await migrateLatest(db.knex);
  await db.knex.migrate.down(migrationConfig(name));
  return db;
}

/** Knex's config to run the one migration `name` up or down. */
export const migrationConfig = (name: string) => ({ migrationSource, tableName: 'knex_migrations', name });
