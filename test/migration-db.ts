import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { openDb, type DbHandle } from '@server/db/index';
import { createTestDb } from './db';
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

/**
 * This test file's own migrated database (createTestDb) with one migration taken down by its own
 * `down`, for the data the migration was written for; closed after the file. Its `knex` is set
 * once the file's beforeAll has run.
 */
export function databaseBefore(down: (knex: Knex) => Promise<void>): { readonly knex: Knex } {
  let db: DbHandle | undefined;
  beforeAll(async () => {
    db = await createTestDb();
    await down(db.knex);
  });
  afterAll(() => db?.close());
  return {
    get knex() {
      return db!.knex;
    },
  };
}
