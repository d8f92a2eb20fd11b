import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDb, takeLock } from '@server/db/index';
import { migrateLatest } from '@server/db/migrate';
import { badRequest } from '@server/errors';
import { readFormat } from '@server/lib/backup-format';
import {
  PREVIOUS_PREFIX,
  refuseUnfinishedRestore,
  removeJournal,
  syncFolder,
  writeJournal,
} from '@server/lib/restore-journal';
import { accountsAndYears, installationId, migrationNames } from './queries/restore';
import {
  checkInstallation,
  finishRestored,
  refuseNewerSchema,
  type BackupContents,
  type RestoreOptions,
  type RestoreResult,
} from './restore';

/**
 * Restores an embedded backup: the restored copy is written and readied beside
 * the data folder, a journal is written, and only then are the folders swapped, so a restore
 * stopped at any point leaves the database from before in place, or the restored one, or a journal
 * that stops the next start with what to do (server/lib/restore-journal.ts). Never no database.
 */

const STAGING_PREFIX = 'restore-';

/** Reads what the backup holds from an in-memory copy, refusing one of a newer version. */
async function readContents(blob: Blob): Promise<BackupContents> {
  const probe = await openDb({ loadDataDir: blob });
  try {
    await refuseNewerSchema(await migrationNames(probe.knex));
    return { installationId: await installationId(probe.knex), ...(await accountsAndYears(probe.knex)) };
  } finally {
    await probe.close();
  }
}

/** Copies a restore stopped before its journal was written (never used, safe to remove). */
function removeStaleCopies(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const full = path.join(dataDir, name);
    if (name.startsWith(STAGING_PREFIX) && statSync(full).isDirectory()) {
      rmSync(full, { recursive: true, force: true });
    }
  }
}

/**
 * Replaces the embedded database in `dataDir` with the backup; the server must be stopped (the
 * folder's lock says so). The old folder is kept beside it as pgdata.before-restore-<time>.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if ((await readFormat(file)) !== 'embedded') {
    throw badRequest('This is a pg_dump backup of a PostgreSQL server: restore it with DATABASE_URL set');
  }
  const startedAt = new Date().toISOString();
  const blob = new Blob([await readFile(file)]);
  const contents = await readContents(blob);
  const pgdata = path.join(dataDir, 'pgdata');
  const hadDatabase = existsSync(pgdata);
  let ours: string | null = null;
  if (hadDatabase) {
    // Opening takes the folder's lock (a running server makes this refuse, clearly) and refuses a
    // folder a restore left unfinished.
    const current = await openDb({ dataDir });
    try {
      ours = await installationId(current.knex);
    } finally {
      await current.close();
    }
  } else {
    refuseUnfinishedRestore(dataDir);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  // Held to the end, so no server or CLI opens the folder mid-swap.
  const release = takeLock(dataDir);
  try {
    const foreign = checkInstallation(contents, ours, options);
    await options.onStep?.('checked');
    removeStaleCopies(dataDir);
    const stamp = startedAt.replace(/[:.]/g, '-');
    const staging = `${STAGING_PREFIX}${stamp}`;
    const previous = hadDatabase ? `${PREVIOUS_PREFIX}${stamp}` : null;
    const result = {
      file: path.resolve(file),
      format: 'embedded' as const,
      contents,
      foreign,
      keptAt: previous && path.join(dataDir, previous),
    };
    try {
      const copy = await openDb({ dataDir: path.join(dataDir, staging), loadDataDir: blob });
      try {
        await migrateLatest(copy.knex);
        await finishRestored(copy.knex, ours, result, options);
      } finally {
        await copy.close();
      }
    } catch (err) {
      // Before the journal: the database from before is untouched, and this copy is of no use.
      rmSync(path.join(dataDir, staging), { recursive: true, force: true });
      throw err;
    }
    await options.onStep?.('copy-written');

    const staged = path.join(staging, 'pgdata');
    writeJournal(dataDir, { startedAt, file: result.file, previous, staged });
    await options.onStep?.('journal-written');
    if (previous) {
      renameSync(pgdata, path.join(dataDir, previous));
      await options.onStep?.('old-moved');
    }
    renameSync(path.join(dataDir, staged), pgdata);
    syncFolder(dataDir);
    await options.onStep?.('new-moved');
    removeJournal(dataDir);
    rmSync(path.join(dataDir, staging), { recursive: true, force: true });
    return result;
  } finally {
    release();
  }
}
