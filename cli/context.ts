import { loadConfig } from '@server/config';
import type { AppContext } from '@server/context';
import { openDb, type DbHandle } from '@server/db/index';
import { createLogger } from '@server/lib/log';
import { makeDataDirPrivate } from '@server/lib/private-files';
import { systemActor, type Actor } from '@server/policies/index';
import { actorForEmail } from '@server/domains/admin';

export interface CliRun {
  app: AppContext;
  actor: Actor;
  handle: DbHandle;
}

/**
 * Opens the database the server would use (DATABASE_URL, else PGlite in DATA_DIR; the embedded one
 * refuses clearly while a server holds it), and resolves the actor: the named system actor
 * 'budget-cli', or a real active ADMIN/FINANCE user with --as, so audit rows say who acted.
 */
export async function withCli<T>(as: string | undefined, work: (run: CliRun) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // Backups and dumps the CLI writes, and the embedded database it opens, are owner-only.
  makeDataDirPrivate(config.dataDir, (message) => process.stderr.write(`Warning: ${message}\n`));
  const handle = await openDb(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const app: AppContext = {
      db: handle.knex,
      config,
      log: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel),
    };
    const actor: Actor = as ? await actorForEmail(app, as) : systemActor();
    return await work({ app, actor, handle });
  } finally {
    await handle.close();
  }
}
