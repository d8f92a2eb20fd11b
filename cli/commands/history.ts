import type { Command } from 'commander';
import { formatDateTime } from '@shared/day-words';
import { historyActionLabel, historyFieldLabel, historyValueText } from '@shared/history-words';
import { historyEntityNames, historyParams, historyQuery } from '@shared/schemas/history';
import { getHistory } from '@server/domains/admin';
import { withCli } from '../context';
import { parseFlags, printJson, printRows } from '../output';

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
              when: formatDateTime(e.createdAt),
              action: historyActionLabel(e.action),
              by: e.actor,
              // The History panel's words (shared/history-words.ts): fields by name, money as money.
              field: c.field && historyFieldLabel(c.field),
              before: c.field ? historyValueText(c.field, c.before) : '',
              after: c.field ? historyValueText(c.field, c.after) : '',
            })),
          ),
          false,
        );
      });
    });
}
