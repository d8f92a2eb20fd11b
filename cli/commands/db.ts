import type { Command } from 'commander';
import { formatNumber } from '@shared/money';
import { applyMigrations, rollBackAllMigrations } from '@server/domains/admin';
import { loadDemo } from '@server/domains/admin';
import { withCli } from '../context';
import { printJson } from '../output';

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('Database: migrations and the demo district');

  db.command('migrate')
    .description('Apply every pending migration')
    .option('--down', 'roll back every migration instead (destroys all data)')
    .option('--json', 'print JSON')
    .action(async (opts: { down?: boolean; json?: boolean }) => {
      await withCli(
        undefined,
        async ({ app }) => {
          const names = opts.down ? await rollBackAllMigrations(app) : await applyMigrations(app);
          if (opts.json) {
            printJson(opts.down ? { rolledBack: names } : { applied: names });
            return;
          }
          process.stdout.write(
            names.length
              ? `${opts.down ? 'Rolled back' : 'Applied'} ${names.length} migration(s):\n${names.map((n) => `  ${n}`).join('\n')}\n`
              : 'Already up to date.\n',
          );
        },
        { migrate: false },
      );
    });

  db.command('seed')
    .description('Load seed data into an empty database')
    .requiredOption('--demo', 'load the demo district (8 schools, several hundred employees, FY25-FY27)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        await applyMigrations(app);
        const result = await loadDemo(app, actor);
        if (opts.json) {
          printJson(result);
          return;
        }
        process.stdout.write(
          `Loaded the demo district: ${formatNumber(result.employees)} employees, ${formatNumber(result.proposedLines)} proposed lines.\n` +
            `Demo users finance@example.org and viewer@example.org, password: ${result.password}\n`,
        );
      });
    });
}
