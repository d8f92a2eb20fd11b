import type { AppContext } from '@server/context';
import { migrateDownAll, migrateLatest } from '@server/db/migrate';

/**
 * Schema maintenance for `budget-cli db ...`: whoever can run the CLI on the server's machine owns
 * its database, so these take no actor. Each returns the migration names it applied or undid.
 */
export function applyMigrations(app: AppContext): Promise<string[]> {
  return migrateLatest(app.db);
}

export function rollBackAllMigrations(app: AppContext): Promise<string[]> {
  return migrateDownAll(app.db);
}
