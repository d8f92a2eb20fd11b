import type { Command } from 'commander';
import { historyEntityNames, historyParams, historyQuery } from '@shared/schemas/history';
import { getHistory } from '@server/domains/admin';
import { withCli } from '../context';
import { parseFlags, printJson, printRows } from '../output';

const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * `history <entity> <id>`: the change history of one record, newest first, as GET
 * /api/history/:entity/:id gives it (the same service): who, when, and each changed field; a
 * stage's reopen shows its reason, state figures are asked for by fiscal year.
 */
export function registerHistoryCommands(program: Command): void {
  program
    .command('history')
    .description('Change history of a record, newest first (from the audit log)')
    .argument('<entity>', historyEntityNames.join(', '))
    .argument('<id>', "the record's id (for nss-state-figures, the fiscal year, e.g. 2029)")
    .option('--limit <n>', 'at most this many entries (1-500)', '100')
    .option('--json', 'print JSON')
    .action(async (entity: string, id: string, opts: { limit: string; json?: boolean }) => {
      const params = parseFlags(historyParams, { entity, id }, { entity: '<entity>', id: '<id>' });
      const { limit } = parseFlags(historyQuery, { limit: opts.limit }, { limit: '--limit' });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { entries } = await getHistory(app, actor, params.entity, params.id, limit);
        if (opts.json) {
          printJson({ entries });
          return;
        }
        // One row per changed field (a create or delete lists what was set or there).
        printRows(
          entries.flatMap((e) =>
            (e.changes.length ? e.changes : [{ field: '', before: null, after: null }]).map((c) => ({
              when: e.createdAt,
              action: e.action,
              by: e.actor,
              field: c.field,
              before: text(c.before),
              after: text(c.after),
            })),
          ),
          false,
        );
      });
    });
}
