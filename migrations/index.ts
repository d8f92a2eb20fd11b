import type { Knex } from 'knex';
import * as createUsers from './20261121000001_create_users';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Static imports, not a folder scan: knex's folder loader cannot load .ts files under vitest or tsx.
// Append new migrations here in order; names never change once released.
const migrations: Record<string, Migration> = {
  '20261121000001_create_users': createUsers,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
