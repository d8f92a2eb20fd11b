import type { Command } from 'commander';
import { formatDateTime } from '@shared/day-words';
import { registerBody } from '@shared/schemas/auth';
import { users as users } from '@server/domains/admin';
import { withCli } from '../context';
import { parseFlags, printJson, printRows } from '../output';

export function registerUserCommands(program: Command): void {
  const cmd = program.command('users').description('User accounts');

  cmd
    .command('add')
    .description('Create a user (same rules as POST /api/auth/register)')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--email <email>', 'email used to sign in')
    .option('--role <role>', 'ADMIN, FINANCE or VIEW_ONLY', 'FINANCE')
    .requiredOption('--password <password>', 'at least 8 characters')
    .option('--json', 'print JSON')
    .action(async (opts: { name: string; email: string; role: string; password: string; json?: boolean }) => {
      const input = parseFlags(registerBody, {
        name: opts.name,
        email: opts.email,
        role: opts.role,
        password: opts.password,
      });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { user } = await users.registerUser(app, actor, input);
        if (opts.json) {
          printJson(user);
        } else {
          process.stdout.write(`Created ${user.role} user ${user.email} (id ${user.id}).\n`);
        }
      });
    });

  cmd
    .command('list')
    .description('List users')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { users: list } = await users.listUsers(app, actor);
        printRows(
          opts.json
            ? list
            : list.map((u) => ({
                id: u.id,
                name: u.name,
                email: u.email,
                role: u.role,
                status: u.isActive ? 'Active' : 'Inactive',
                lastLogin: formatDateTime(u.lastLogin, 'never'),
              })),
          Boolean(opts.json),
        );
      });
    });

  cmd
    .command('deactivate')
    .description('Deactivate a user: they cannot sign in and their sessions end at once')
    .argument('<email>', 'email of the user')
    .option('--json', 'print JSON')
    .action(async (email: string, opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { user } = await users.deactivateUserByEmail(app, actor, email);
        if (opts.json) {
          printJson(user);
          return;
        }
        process.stdout.write(`Deactivated ${user.email}.\n`);
      });
    });
}
