import type { Command } from 'commander';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { updateApiKeyBody } from '@shared/schemas/auth';
import { auth } from '@server/domains/admin';
import { withCli } from '../context';
import { parseFlags, printJson } from '../output';

/**
 * Where `ai key set` reads the key: the Anthropic SDK's own variable. Never a flag, which would
 * leave the key in the shell's history and in the process list other users of the machine see.
 */
export const KEY_VARIABLE = 'ANTHROPIC_API_KEY';

/** Where the change came from, as the security log shows it (the web records the browser's). */
const CLIENT = { address: 'local', device: 'budget-cli' };

/** The key is a person's own (the Profile's Claude API Key): the system actor has none. */
function requireUser(actor: Actor, verb: string): asserts actor is Extract<Actor, { kind: 'user' }> {
  if (actor.kind !== 'user') {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `A Claude API key is a person's own: name whose with --as, e.g. \`budget-cli --as you@district.org ai key ${verb}\``,
    );
  }
}

/**
 * `ai key set|remove|status`: the --as user's own Claude API key, stored encrypted through the
 * service of the web's Profile → Claude API Key (audited in the security log, never the key).
 */
export function registerAiKeyCommands(ai: Command, program: Command): void {
  const key = ai
    .command('key')
    .description('Your own Claude API key for `ai cuts` (--as EMAIL), as Profile → Claude API Key keeps it');

  key
    .command('set')
    .description(`Store the key in ${KEY_VARIABLE} as the --as user's own (encrypted; replaces theirs)`)
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const value = process.env[KEY_VARIABLE]?.trim();
      if (!value) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          `${KEY_VARIABLE} is not set: put your Claude API key in it first (e.g. \`read -rs ${KEY_VARIABLE} && export ${KEY_VARIABLE}\`). ` +
            'It is read from there, never from the command line.',
        );
      }
      const body = parseFlags(updateApiKeyBody, { claudeApiKey: value }, { claudeApiKey: KEY_VARIABLE });
      await withCli(program.opts().as, async ({ app, actor }) => {
        requireUser(actor, 'set');
        const res = await auth.updateApiKey(app, actor, body, CLIENT);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(
          `Stored ${actor.email}'s Claude API key (encrypted); \`ai cuts\` run as them uses it.\n`,
        );
      });
    });

  key
    .command('remove')
    .description("Remove the --as user's stored key")
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        requireUser(actor, 'remove');
        const res = await auth.updateApiKey(app, actor, { claudeApiKey: null }, CLIENT);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(`Removed ${actor.email}'s Claude API key.\n`);
      });
    });

  key
    .command('status')
    .description('Whether the --as user has a key stored (never the key)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        requireUser(actor, 'status');
        const res = await auth.hasApiKey(app, actor);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(
          res.hasApiKey
            ? `${actor.email} has a Claude API key stored.\n`
            : `${actor.email} has no Claude API key stored (\`ai key set\` stores one).\n`,
        );
      });
    });
}
