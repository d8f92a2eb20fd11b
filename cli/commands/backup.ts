import type { Command } from 'commander';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { requireFile } from '@server/lib/files';
import {
  backupToFile,
  openForBackup as open,
  restoreEmbedded,
  restorePostgres,
  type RestoreResult,
} from '@server/domains/admin';
import { describeContents } from '@server/domains/admin';
import { printJson } from '../output';

function restoredText(done: RestoreResult): string {
  const from = done.foreign
    ? `another installation (${done.contents.installationId ?? 'unnamed'})`
    : 'this installation';
  return (
    `Restored ${done.file}, a backup of ${from}: ${describeContents(done.contents)}.\n` +
    'Every session was ended: everyone signs in again.\n' +
    (done.keptAt ? `The contents from before are kept in ${done.keptAt}.\n` : '')
  );
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description(
      'Back up the database to FILE (embedded: a copy of the data folder; PostgreSQL: pg_dump custom format)',
    )
    .argument('<file>', 'the backup file to write')
    .option('--force', 'replace FILE if it exists')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, opts: { force?: boolean; json?: boolean }) => {
      const config = loadConfig();
      const handle = await open(config);
      try {
        const done = await backupToFile(handle, config.dataDir, file, { force: opts.force });
        if (opts.json) {
          printJson(done);
        } else {
          process.stdout.write(
            `Backed up to ${done.where} (${done.bytes.toLocaleString('en-US')} bytes, ${done.format}; ` +
              `installation ${done.installationId ?? 'unnamed'}).\n`,
          );
        }
      } finally {
        await handle.close();
      }
    });

  program
    .command('restore')
    .description(
      'Replace the database with a backup made by `backup` (refuses a backup from a newer version)',
    )
    .argument('<file>', 'the backup to restore')
    .option('--foreign', "restore another installation's backup (its accounts replace this one's)")
    .option('--json', 'print the result as JSON')
    .action(async (file: string, opts: { foreign?: boolean; json?: boolean }) => {
      requireFile(file);
      const config = loadConfig();
      const options = { foreign: opts.foreign };
      let done: RestoreResult;
      if (config.databaseUrl) {
        const handle = await open(config);
        try {
          const safety = path.join(
            config.dataDir,
            `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`,
          );
          done = await restorePostgres(handle, file, safety, options);
        } finally {
          await handle.close();
        }
      } else {
        try {
          done = await restoreEmbedded(config.dataDir, file, options);
        } catch (err) {
          throw /in use by another process/.test(String(err))
            ? new Error('The server is running: stop it, restore, then start it again.')
            : err;
        }
      }
      if (opts.json) {
        printJson(done);
      } else {
        process.stdout.write(restoredText(done));
      }
    });
}
