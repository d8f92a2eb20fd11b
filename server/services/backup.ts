import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import type { AppConfig } from '@server/config';
import type { AppContext } from '@server/context';
import { openDb, type DbHandle } from '@server/db/index';
import { databaseBytes } from '@server/db/maintenance';
import { migrateLatest } from '@server/db/migrate';
import { dbKind, queueFor } from '@server/db/queue';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { migrationSource } from '@migrations/index';

/**
 * Backup and restore (issue 15, item 11). Embedded: a gzipped copy of PGlite's data folder, taken
 * in the queue's exclusive turn so no write is half in it. PostgreSQL: pg_dump's custom format,
 * restored with pg_restore. A restore reads the backup's migration list first and refuses one
 * made by a newer version of the app. The last backup is remembered in DATA_DIR/last-backup.json
 * (outside the database, so a restore does not roll it back).
 */

const run = promisify(execFile);
export type BackupFormat = 'embedded' | 'pg_dump';

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

/** Recognises a backup by its first bytes: pg_dump custom format or a gzipped tar. */
export function formatOf(head: Buffer): BackupFormat | null {
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') {
    return 'pg_dump';
  }
  return head[0] === 0x1f && head[1] === 0x8b ? 'embedded' : null;
}

/** Refuses a backup whose schema has migrations this version does not know. */
export async function refuseNewerSchema(names: string[]): Promise<void> {
  const known = new Set(await migrationSource.getMigrations([]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw badRequest(
      `This backup was made by a newer version of the app (schema ${unknown.join(', ')}); ` +
        'upgrade the app first, then restore it. Nothing was changed.',
    );
  }
}

/** A consistent dump of the embedded database, or of a PostgreSQL server through pg_dump. */
export async function dumpEmbedded(knex: Knex): Promise<Buffer> {
  // knex-pglite keeps the PGlite instance it was handed on its client.
  const pglite = (knex.client as { pglite: PGlite }).pglite;
  const dump = await queueFor(knex).exclusive(() => pglite.dumpDataDir('gzip'));
  return Buffer.from(await dump.arrayBuffer());
}

/**
 * The connection of a PostgreSQL handle as libpq variables for pg_dump and pg_restore: the
 * password goes in the environment, never on a command line others can read with `ps`.
 */
function pgEnv(knex: Knex): NodeJS.ProcessEnv {
  const c = knex.client.config.connection as {
    host?: string;
    port?: number;
    user?: string;
    password?: string;
    database?: string;
  };
  const env: NodeJS.ProcessEnv = { ...process.env };
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') {
      env[key] = String(value);
    }
  };
  set('PGHOST', c.host);
  set('PGPORT', c.port);
  set('PGUSER', c.user);
  set('PGPASSWORD', c.password);
  set('PGDATABASE', c.database);
  return env;
}

const DUMP_ARGS = ['--format=custom', '--no-owner', '--no-privileges'];

/** pg_dump's custom format on stdout (the admin screen's download streams it). */
export function pgDumpStream(knex: Knex): Readable {
  const child = spawn('pg_dump', DUMP_ARGS, { stdio: ['ignore', 'pipe', 'pipe'], env: pgEnv(knex) });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.on('close', (code) => {
    if (code !== 0) {
      child.stdout.destroy(new Error(`pg_dump failed: ${stderr.trim()}`));
    }
  });
  return child.stdout;
}

export function recordBackup(dataDir: string, backup: LastBackup): void {
  writeFileSync(path.join(dataDir, 'last-backup.json'), JSON.stringify(backup, null, 2));
}

export function lastBackup(dataDir: string): LastBackup | null {
  const file = path.join(dataDir, 'last-backup.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LastBackup) : null;
}

/** `budget-cli backup FILE`: writes the backup and records it. */
export async function backupToFile(handle: DbHandle, dataDir: string, file: string): Promise<LastBackup> {
  let format: BackupFormat;
  if (handle.kind === 'pglite') {
    await writeFile(file, await dumpEmbedded(handle.knex));
    format = 'embedded';
  } else {
    await run('pg_dump', [...DUMP_ARGS, `--file=${file}`], { env: pgEnv(handle.knex) });
    format = 'pg_dump';
  }
  const backup = {
    at: new Date().toISOString(),
    format,
    bytes: statSync(file).size,
    where: path.resolve(file),
  };
  recordBackup(dataDir, backup);
  return backup;
}

async function readFormat(file: string): Promise<BackupFormat> {
  const fh = await open(file, 'r');
  const head = Buffer.alloc(8);
  await fh.read(head, 0, 8, 0);
  await fh.close();
  const format = formatOf(head);
  if (!format) {
    throw badRequest(`${file} is not a backup of this app (neither an embedded backup nor a pg_dump file)`);
  }
  return format;
}

async function migrationNames(knex: DbHandle['knex']): Promise<string[]> {
  return (await knex('knex_migrations').orderBy('id').pluck('name')) as string[];
}

/**
 * Replaces the embedded database in `dataDir` with the backup; the server must be stopped (the
 * folder's lock says so). The old folder is kept beside it as pgdata.before-restore-<time>.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<{ keptAt: string }> {
  if ((await readFormat(file)) !== 'embedded') {
    throw badRequest('This is a pg_dump backup of a PostgreSQL server: restore it with DATABASE_URL set');
  }
  // Opening takes the folder's lock: a running server makes this refuse, clearly.
  await (await openDb({ dataDir })).close();
  const blob = new Blob([await readFile(file)]);
  const probe = await openDb({ loadDataDir: blob });
  try {
    await refuseNewerSchema(await migrationNames(probe.knex));
  } finally {
    await probe.close();
  }
  const current = path.join(dataDir, 'pgdata');
  const keptAt = `${current}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  if (existsSync(current)) {
    renameSync(current, keptAt);
  }
  const restored = await openDb({ dataDir, loadDataDir: blob });
  try {
    await migrateLatest(restored.knex);
  } finally {
    await restored.close();
  }
  return { keptAt };
}

/**
 * Replaces the PostgreSQL database's contents with a pg_dump backup: a safety dump of the current
 * contents first (its path is returned), then the schema emptied and the backup loaded in one
 * transaction, then any migrations newer than the backup applied.
 */
export async function restorePostgres(handle: DbHandle, file: string, safetyFile: string) {
  if ((await readFormat(file)) !== 'pg_dump') {
    throw badRequest('This is a backup of the embedded database: restore it without DATABASE_URL');
  }
  const { stdout } = await run('pg_restore', ['--data-only', '--table=knex_migrations', '--file=-', file], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const names = stdout
    .split('\n')
    .filter((line) => /^\d+\t/.test(line))
    .map((line) => line.split('\t')[1]);
  await refuseNewerSchema(names);
  await run('pg_dump', [...DUMP_ARGS, `--file=${safetyFile}`], { env: pgEnv(handle.knex) });
  await handle.knex.raw('DROP SCHEMA public CASCADE');
  await handle.knex.raw('CREATE SCHEMA public');
  try {
    const env = pgEnv(handle.knex);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${env.PGDATABASE}`,
        file,
      ],
      { env },
    );
  } catch (err) {
    throw new Error(
      `The restore failed and the database is empty; the contents from before are in ${safetyFile} ` +
        `(restore that file). ${(err as { stderr?: string }).stderr ?? String(err)}`,
    );
  }
  await migrateLatest(handle.knex);
  return { keptAt: safetyFile };
}

/** The admin screen's database card: which database, its size, the last backup. */
/** GET /admin/database/backup: the backup as a download; the admin screen records it. */
export async function downloadBackup(app: AppContext, actor: Actor) {
  authorize(actor, 'database.manage');
  const at = new Date().toISOString();
  const stamp = at.slice(0, 19).replace(/[:T]/g, '-');
  if (dbKind(app.db) === 'pglite') {
    const body = await dumpEmbedded(app.db);
    recordBackup(app.config.dataDir, {
      at,
      format: 'embedded',
      bytes: body.length,
      where: `downloaded by ${actor.email ?? 'an admin'}`,
    });
    return { fileName: `budget-backup-${stamp}.tar.gz`, type: 'application/gzip', body };
  }
  recordBackup(app.config.dataDir, {
    at,
    format: 'pg_dump',
    bytes: 0,
    where: `downloaded by ${actor.email ?? 'an admin'}`,
  });
  return {
    fileName: `budget-backup-${stamp}.dump`,
    type: 'application/octet-stream',
    body: pgDumpStream(app.db),
  };
}

export async function databaseStatus(app: AppContext, actor: Actor) {
  authorize(actor, 'database.manage');
  return {
    kind: dbKind(app.db),
    bytes: await databaseBytes(app.db),
    lastBackup: lastBackup(app.config.dataDir),
  };
}
