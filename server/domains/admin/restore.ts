import { hostname, userInfo } from 'node:os';
import type { Knex } from 'knex';
import type { AppContext } from '@server/context';
import { AppError, badRequest } from '@server/errors';
import type { BackupFormat } from '@server/lib/backup-format';
import { createLogger, type Logger } from '@server/lib/log';
import { systemActor, type Actor } from '@server/policies/index';
import { endAllSessions, setInstallationId } from './queries/restore';
import { migrationSource } from '@migrations/index';
import { recordSecurityEvent } from './security-log';

/**
 * What both restores share: the steps a test may stop them at, the check
 * that a backup is this installation's, and what is done to the restored database before anyone
 * uses it (sessions ended, the installation kept, the restore in the security log).
 */

export const EMBEDDED_STEPS = [
  'checked',
  'copy-written',
  'journal-written',
  'old-moved',
  'new-moved',
] as const;
export const POSTGRES_STEPS = [
  'checked',
  'safety-dump-written',
  'script-written',
  'old-schema-dropped',
  'committed',
  'migrated',
] as const;
export type RestoreStep = (typeof EMBEDDED_STEPS)[number] | (typeof POSTGRES_STEPS)[number];

export interface RestoreOptions {
  /** Restore a backup of another installation, or one that names none (made before ids). */
  foreign?: boolean;
  /** Who restores, for the security log: budget-cli's system actor unless given. */
  actor?: Actor;
  log?: Logger;
  /** Tests only: called as each step is done, so a test can stop the restore there as a kill would. */
  onStep?: (step: RestoreStep) => void | Promise<void>;
}

/** What a backup holds: whose it is and the accounts and years it brings. */
export interface BackupContents {
  installationId: string | null;
  users: number;
  budgetYears: string[];
}

export interface RestoreResult {
  file: string;
  format: BackupFormat;
  contents: BackupContents;
  /** The backup came from another installation (restored with `foreign`). */
  foreign: boolean;
  /** Where the database from before is kept (a folder, or a pg_dump file). */
  keptAt: string | null;
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

/** '3 user accounts and 2 budget years (FY26, FY27)'. */
export function describeContents(c: BackupContents): string {
  const years = c.budgetYears.length;
  return (
    `${c.users} user account${c.users === 1 ? '' : 's'} and ${years} budget year${years === 1 ? '' : 's'}` +
    (years ? ` (${c.budgetYears.join(', ')})` : '')
  );
}

/**
 * Whether the backup is another installation's; refuses one unless `foreign` is set, saying what it
 * would bring. With no installation here yet (no database, or one from before ids) there is nothing
 * to mistake, and the restored database keeps the backup's id.
 */
export function checkInstallation(
  contents: BackupContents,
  ours: string | null,
  options: RestoreOptions,
): boolean {
  if (ours === null || contents.installationId === ours) {
    return false;
  }
  if (!options.foreign) {
    const whose = contents.installationId
      ? `another installation of the app (${contents.installationId}; this one is ${ours})`
      : 'an unknown installation (it was made before backups named their installation)';
    throw new AppError(
      409,
      'FOREIGN_BACKUP',
      `This backup is from ${whose}. It brings ${describeContents(contents)}, which would replace ` +
        "this installation's data and sign-in accounts. If that is what you mean (moving a district to " +
        'a new machine, say), restore it again with --foreign. Nothing was changed.',
    );
  }
  return true;
}

/** The operating-system account that ran the command, for the security log. */
export function osAccount(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return hostname();
  }
}

/**
 * Readies a restored database (already migrated to this version) before anyone uses it: every
 * session ended (sessions ended after the backup must not come back with it), named as this
 * installation, and the restore recorded in its security log, in one transaction.
 */
export async function finishRestored(
  knex: Knex,
  ours: string | null,
  result: RestoreResult,
  options: RestoreOptions,
): Promise<void> {
  const log = options.log ?? createLogger('warn');
  // recordSecurityEvent reads only the logger of the context; this database is not the app's yet.
  const app = { db: knex, log } as unknown as AppContext;
  await knex.transaction(async (trx) => {
    await endAllSessions(trx);
    if (ours) {
      await setInstallationId(trx, ours);
    }
    await recordSecurityEvent(app, trx, 'database-restored', {
      actor: options.actor ?? systemActor(),
      subjectId: null,
      detail: {
        file: result.file,
        format: result.format,
        foreign: result.foreign,
        fromInstallation: result.contents.installationId,
        users: result.contents.users,
        budgetYears: result.contents.budgetYears.join(', '),
        keptAt: result.keptAt,
        by: osAccount(),
      },
    });
  });
}
