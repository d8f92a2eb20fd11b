import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { badRequest } from '@server/errors';
import { readFormat } from '@server/lib/backup-format';
import { DUMP_ARGS, dumpedTables, pgEnv, runTool, type DumpedTable } from '@server/lib/pg-tools';
import { installationId } from './queries/restore';
import {
  checkInstallation,
  finishRestored,
  refuseNewerSchema,
  type BackupContents,
  type RestoreOptions,
  type RestoreResult,
} from './restore';

/**
 * Restores a pg_dump backup into the PostgreSQL database in one transaction:
 * psql drops the schema, loads the backup's script and ends the sessions, and commits only at the
 * end. Stopped anywhere before the commit, the server rolls it all back and the database from
 * before is untouched; after it, the restored database is complete (a start migrates it if the
 * migrations after the commit did not run). A pg_dump of the database from before is kept too.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCRIPT = /^restore-.*\.sql$/;
const DROPPED = 'budget-restore:old-schema-dropped';

const column = (table: DumpedTable | undefined, name: string): (string | null)[] =>
  table ? table.rows.map((r) => r[table.columns.indexOf(name)]) : [];

/** What the backup holds, read from the file alone; refuses one of a newer version. */
async function readContents(file: string): Promise<BackupContents> {
  const tables = await dumpedTables(file, ['knex_migrations', 'installation', 'users', 'budget_years']);
  await refuseNewerSchema(column(tables.get('knex_migrations'), 'name') as string[]);
  return {
    installationId: column(tables.get('installation'), 'id')[0] ?? null,
    users: tables.get('users')?.rows.length ?? 0,
    budgetYears: (column(tables.get('budget_years'), 'fiscal_year') as string[]).sort(),
  };
}

/** The backup as a SQL script (owner-only: it holds every salary), checked to be whole. */
async function writeScript(file: string, script: string): Promise<void> {
  closeSync(openSync(script, 'wx', 0o600));
  await runTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, file]);
  const size = statSync(script).size;
  const tail = Buffer.alloc(Math.min(size, 200));
  const fd = openSync(script, 'r');
  try {
    readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(fd);
  }
  if (!tail.toString('latin1').includes('PostgreSQL database dump complete')) {
    throw new Error(`pg_restore wrote an incomplete script from ${file}`);
  }
}

/**
 * Runs drop, script and session cleanup in psql's single transaction. With a step hook (tests),
 * psql announces the dropped schema on stderr and is paused while the hook runs, inside the open
 * transaction.
 */
function runInOneTransaction(
  env: NodeJS.ProcessEnv,
  script: string,
  ours: string | null,
  onDropped?: () => Promise<void>,
): Promise<void> {
  const keepOurs =
    ours && UUID.test(ours)
      ? `IF to_regclass('public.installation') IS NOT NULL THEN UPDATE public.installation SET id = '${ours}'; END IF;`
      : '';
  const after =
    "DO $$ BEGIN IF to_regclass('public.sessions') IS NOT NULL THEN DELETE FROM public.sessions; END IF; " +
    `${keepOurs} END $$`;
  const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction'];
  args.push('-c', 'DROP SCHEMA public CASCADE', '-c', 'CREATE SCHEMA public');
  if (onDropped) {
    args.push('-c', `\\warn ${DROPPED}`);
  }
  args.push('-f', script, '-c', after);
  const child = spawn('psql', args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...env, PGAPPNAME: 'budget-restore', PGOPTIONS: '-c client_min_messages=warning' },
  });
  let stderr = '';
  let hook: Promise<void> | null = null;
  child.stderr.on('data', (chunk: Buffer) => {
    // Accumulated: psql may write one line in several pieces.
    stderr += chunk.toString();
    if (onDropped && !hook && stderr.includes(DROPPED)) {
      child.kill('SIGSTOP');
      hook = onDropped().finally(() => child.kill('SIGCONT'));
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('psql was not found: install postgresql-client') : err),
    );
    child.on('close', (code) => {
      const said = stderr.replace(`${DROPPED}\n`, '').trim();
      void (hook ?? Promise.resolve()).then(() =>
        code === 0 ? resolve() : reject(new Error(said || `psql exited with ${code}`)),
      );
    });
  });
}

/**
 * Replaces the PostgreSQL database's contents with a pg_dump backup: a safety dump of the current
 * contents first (its path is returned as keptAt), then one transaction, then any migrations newer
 * than the backup.
 */
export async function restorePostgres(
  handle: DbHandle,
  file: string,
  safetyFile: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if ((await readFormat(file)) !== 'pg_dump') {
    throw badRequest('This is a backup of the embedded database: restore it without DATABASE_URL');
  }
  const contents = await readContents(file);
  const ours = await installationId(handle.knex);
  const foreign = checkInstallation(contents, ours, options);
  await options.onStep?.('checked');
  const env = pgEnv(handle.knex);
  const folder = path.dirname(safetyFile);
  // Scripts of restores stopped before they were removed: never used again.
  for (const name of readdirSync(folder).filter((n) => SCRIPT.test(n))) {
    rmSync(path.join(folder, name), { force: true });
  }
  await runTool('pg_dump', [...DUMP_ARGS, `--file=${safetyFile}`], { env });
  await options.onStep?.('safety-dump-written');
  const script = path.join(folder, `restore-${new Date().toISOString().replace(/[:.]/g, '-')}.sql`);
  try {
    await writeScript(file, script);
    await options.onStep?.('script-written');
    const onStep = options.onStep;
    await runInOneTransaction(env, script, ours, onStep && (async () => onStep('old-schema-dropped')));
  } catch (err) {
    throw new Error(
      `The restore failed and nothing was changed: the database is as it was before. ` +
        `${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`,
    );
  } finally {
    rmSync(script, { force: true });
  }
  await options.onStep?.('committed');
  await migrateLatest(handle.knex);
  await options.onStep?.('migrated');
  const result = {
    file: path.resolve(file),
    format: 'pg_dump' as const,
    contents,
    foreign,
    keptAt: safetyFile,
  };
  // Again after the migrations: a backup older than installation ids gets its row only now.
  await finishRestored(handle.knex, ours, result, options);
  return result;
}
