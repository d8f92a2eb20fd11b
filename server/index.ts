import { loadConfig } from './config';
import { openDb } from './db/index';
import { startMaintenance } from './db/maintenance';
import { createLogger } from './lib/log';
import { makeDataDirPrivate } from './lib/private-files';
import { createApp } from './app';
import { prepareDatabase } from '@server/domains/admin';

/** Starts the server: open the database, migrate, load the demo district if empty, listen. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  makeDataDirPrivate(config.dataDir, (message) => log.warn(message));
  // Embedded PGlite on a thread of its own: no statement holds the event loop.
  const handle = await openDb(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir, thread: 'worker' },
  );
  const app = { db: handle.knex, config, log };
  await prepareDatabase(app, (line) => process.stdout.write(`${line}\n`));
  // Vacuum after writes and every few hours (server/db/maintenance.ts): PGlite has no autovacuum.
  const maintenance = startMaintenance(handle.knex, {
    onVacuum: (tables) => log.info('vacuumed', { tables }),
    onError: (err) => log.warn('vacuum failed', { error: String(err) }),
  });
  const server = createApp(app).listen(config.port, config.host, () => {
    process.stdout.write(
      `Budget workbench on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
        `(${handle.kind === 'pg' ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`})\n`,
    );
  });
  // Idle keep-alive sockets outlive a client's reuse of them: at Node's 5 s default the server could
  // close a socket just as a client (a proxy, the browser tests' request context) sent on it, and
  // the request failed with ECONNRESET (one CI run's positions-funds.spec).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let closing = false;
  const shutdown = async () => {
    if (closing) {
      return;
    }
    closing = true;
    server.close();
    maintenance.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
