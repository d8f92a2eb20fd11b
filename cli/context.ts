import type { Knex } from 'knex';
import { migrationSource } from '@migrations/index';
import { loadConfig } from '@server/config';
import type { AppContext } from '@server/context';
import { openDb, type DbHandle } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
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
 * Whether every migration this build knows has run, in two small queries: knex's own check, which
 * migrateLatest makes even with nothing pending, reads PostgreSQL's catalog views and takes its
 * lock, 0.2-0.7 s a run on the embedded database.
 */
async function schemaIsCurrent(knex: Knex): Promise<boolean> {
  const found = await knex.raw<{ rows: { present: boolean }[] }>(
    "SELECT to_regclass('knex_migrations') IS NOT NULL AS present",
  );
  if (!found.rows[0]?.present) {
    return false;
  }
  const done = new Set((await knex('knex_migrations').select<{ name: string }[]>('name')).map((r) => r.name));
  return (await migrationSource.getMigrations([])).every((name) => done.has(name));
}

/**
 * Opens the database the server would use (DATABASE_URL, else PGlite in DATA_DIR; the embedded one
 * refuses clearly while a server holds it), brings its schema up to date unless `migrate` is false
 * (`db migrate`, which reports what it applies), and resolves the actor: the named system actor
 * 'budget-cli', or a real active ADMIN/FINANCE user with --as, so audit rows say who acted.
 */
export async function withCli<T>(
  as: string | undefined,
  work: (run: CliRun) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
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
    if (options.migrate !== false) {
      // The server migrates on every start, and a new install's first command is often `budget-cli
      // setup` (README, Starting your own district), so the CLI does the same rather than fail on a
      // missing table: the migration step of prepareDatabase (the same migrateLatest) and only that,
      // never the demo district, a first admin or the sweep of an import the server may be running.
      // With nothing pending it costs two small queries. An embedded database the server holds open
      // is refused by openDb above, before this runs.
      if (!(await schemaIsCurrent(handle.knex))) {
        const applied = await migrateLatest(handle.knex);
        if (applied.length) {
          process.stderr.write(`Applied ${applied.length} migration(s) to bring the database up to date.\n`);
        }
      }
    }
    const actor: Actor = as ? await actorForEmail(app, as) : systemActor();
    return await work({ app, actor, handle });
  } finally {
    await handle.close();
  }
}
