import { existsSync, linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import type { AppConfig } from '@server/config';
import type { AppContext } from '@server/context';
import { openDb, type DbHandle } from '@server/db/index';
import { databaseBytes } from '@server/db/maintenance';
import { dbKind, queueFor } from '@server/db/queue';
import { conflict } from '@server/errors';
import type { BackupFormat } from '@server/lib/backup-format';
import { createLogger, type Logger } from '@server/lib/log';
import { DUMP_ARGS, pgDumpStream, pgEnv, runTool } from '@server/lib/pg-tools';
import { authorize, systemActor, type Actor } from '@server/policies/index';
import { installationId } from './queries/restore';
import { osAccount } from './restore';
import { recordSecurityEvent, type ClientInfo } from './security-log';

export { formatOf, type BackupFormat } from '@server/lib/backup-format';
export { refuseNewerSchema, type RestoreResult } from './restore';
export { restoreEmbedded } from './restore-embedded';
export { restorePostgres } from './restore-postgres';

/**
 * Backup and restore. Embedded: a gzipped copy of PGlite's data folder, taken
 * in the queue's exclusive turn so no write is half in it. PostgreSQL: pg_dump's custom format,
 * restored with psql in one transaction (restore-postgres.ts). Every backup names its installation
 * (the installation table is in it) and is recorded in the security log. The last
 * backup is remembered in DATA_DIR/last-backup.json (outside the database, so a restore does not
 * roll it back).
 */

export interface LastBackup {
  at: string;
  format: BackupFormat;
  bytes: number;
  /** The file written, or who downloaded it from the admin screen. */
  where: string;
}

const RUNNING =
  'The server is running and holds the embedded database, so the CLI cannot read it consistently. ' +
  'Download a backup from Admin → Database (GET /api/admin/database/backup with an admin token), ' +
  'or stop the server first.';

/** Opens the configured database, turning the embedded folder's lock into advice. */
export async function openForBackup(config: AppConfig): Promise<DbHandle> {
  try {
    return await openDb(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  } catch (err) {
    throw /in use by another process/.test(String(err)) ? new Error(RUNNING) : err;
  }
}

/** A consistent dump of the embedded database, or of a PostgreSQL server through pg_dump. */
export async function dumpEmbedded(knex: Knex): Promise<Buffer> {
  // knex-pglite keeps the PGlite instance it was handed on its client.
  const pglite = (knex.client as { pglite: PGlite }).pglite;
  const dump = await queueFor(knex).exclusive(() => pglite.dumpDataDir('gzip'));
  return Buffer.from(await dump.arrayBuffer());
}

export function recordBackup(dataDir: string, backup: LastBackup): void {
  writeFileSync(path.join(dataDir, 'last-backup.json'), JSON.stringify(backup, null, 2));
}

export function lastBackup(dataDir: string): LastBackup | null {
  const file = path.join(dataDir, 'last-backup.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LastBackup) : null;
}

export interface BackupOptions {
  /** Replace an existing file (otherwise refused). */
  force?: boolean;
  actor?: Actor;
  log?: Logger;
}

/**
 * `budget-cli backup FILE`: writes the backup beside FILE and moves it into place once whole (a
 * stopped backup leaves no truncated FILE), records it and logs it in the security log.
 */
export async function backupToFile(
  handle: DbHandle,
  dataDir: string,
  file: string,
  options: BackupOptions = {},
): Promise<LastBackup & { installationId: string | null }> {
  const target = path.resolve(file);
  const refuse = () => conflict(`${target} already exists; pass --force to replace it`);
  if (!options.force && existsSync(target)) {
    throw refuse();
  }
  const partial = `${target}.partial-${process.pid}`;
  let format: BackupFormat;
  try {
    if (handle.kind === 'pglite') {
      await writeFile(partial, await dumpEmbedded(handle.knex), { mode: 0o600, flag: 'wx' });
      format = 'embedded';
    } else {
      writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
      await runTool('pg_dump', [...DUMP_ARGS, `--file=${partial}`], { env: pgEnv(handle.knex) });
      format = 'pg_dump';
    }
    if (options.force) {
      renameSync(partial, target);
    } else {
      try {
        linkSync(partial, target); // fails rather than replace a file that appeared meanwhile
      } catch (err) {
        throw (err as NodeJS.ErrnoException).code === 'EEXIST' ? refuse() : err;
      }
    }
  } finally {
    rmSync(partial, { force: true });
  }
  const backup = { at: new Date().toISOString(), format, bytes: statSync(target).size, where: target };
  const installation = await installationId(handle.knex);
  const app = { db: handle.knex, log: options.log ?? createLogger('warn') } as unknown as AppContext;
  await recordSecurityEvent(app, handle.knex, 'backup-made', {
    actor: options.actor ?? systemActor(),
    subjectId: null,
    detail: { file: target, format, bytes: backup.bytes, installation, by: osAccount() },
  });
  recordBackup(dataDir, backup);
  return { ...backup, installationId: installation };
}

/** GET /admin/database/backup: the backup as a download; the admin screen records it. */
export async function downloadBackup(app: AppContext, actor: Actor, client: ClientInfo) {
  authorize(actor, 'database.manage');
  const at = new Date().toISOString();
  const stamp = at.slice(0, 19).replace(/[:T]/g, '-');
  const where = `downloaded by ${actor.email ?? 'an admin'}`;
  const embedded = dbKind(app.db) === 'pglite';
  const fileName = `budget-backup-${stamp}.${embedded ? 'tar.gz' : 'dump'}`;
  const body = embedded ? await dumpEmbedded(app.db) : pgDumpStream(app.db);
  // A streamed pg_dump's size is known only once sent.
  const bytes = Buffer.isBuffer(body) ? body.length : 0;
  const format = embedded ? 'embedded' : 'pg_dump';
  await recordSecurityEvent(app, app.db, 'backup-made', {
    actor,
    subjectId: actor.kind === 'user' ? actor.id : null,
    client,
    detail: { file: fileName, format, bytes, installation: await installationId(app.db) },
  });
  recordBackup(app.config.dataDir, { at, format, bytes, where });
  return embedded
    ? { fileName, type: 'application/gzip', body }
    : { fileName, type: 'application/octet-stream', body };
}

/** The admin screen's database card: which database, its size, the last backup. */
export async function databaseStatus(app: AppContext, actor: Actor) {
  authorize(actor, 'database.manage');
  return {
    kind: dbKind(app.db),
    bytes: await databaseBytes(app.db),
    lastBackup: lastBackup(app.config.dataDir),
  };
}
