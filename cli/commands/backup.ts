import type { Command } from 'commander';
import path from 'node:path';
import { loadConfig } from '@server/config';
import {
  backupToFile,
  openForBackup as open,
  restoreEmbedded,
  restorePostgres,
} from '@server/services/backup';

export function registerBackupCommands(program: Command): void {
  program
    .command('backup <file>')
    .description(
      'Back up the database to FILE (embedded: a copy of the data folder; PostgreSQL: pg_dump custom format)',
    )
    .action(async (file: string) => {
      const config = loadConfig();
      const handle = await open(config);
      try {
        const done = await backupToFile(handle, config.dataDir, file);
        process.stdout.write(
          `Backed up to ${done.where} (${done.bytes.toLocaleString('en-US')} bytes, ${done.format}).\n`,
        );
      } finally {
        await handle.close();
      }
    });

  program
    .command('restore <file>')
    .description(
      'Replace the database with a backup made by `backup` (refuses a backup from a newer version)',
    )
    .action(async (file: string) => {
      const config = loadConfig();
      let keptAt: string;
      if (config.databaseUrl) {
        const handle = await open(config);
        try {
          const safety = path.join(
            config.dataDir,
            `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`,
          );
          ({ keptAt } = await restorePostgres(handle, file, safety));
        } finally {
          await handle.close();
        }
      } else {
        try {
          ({ keptAt } = await restoreEmbedded(config.dataDir, file));
        } catch (err) {
          throw /in use by another process/.test(String(err))
            ? new Error('The server is running: stop it, restore, then start it again.')
            : err;
        }
      }
      process.stdout.write(`Restored ${file}. The contents from before are kept in ${keptAt}.\n`);
    });
}
