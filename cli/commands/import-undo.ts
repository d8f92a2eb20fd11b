import type { Command } from 'commander';
import { z } from 'zod';
import { import as importService, importUndo } from '@server/domains/imports';
import { idParams } from '@shared/schemas/common';
import { fiscalYearLabel as fy } from '@shared/schemas/fiscal-year';
import { formatDateTime } from '@shared/day-words';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { parseFlags, printJson } from '../output';

const TYPE_WORDS: Record<string, string> = { operating: 'payroll', proposed: 'budget' };

const runsFlags = z.object({
  budgetYear: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  json: z.boolean().optional(),
});

/**
 * `budget-cli import runs [--budget-year FY26]` lists the recorded imports (GET /import/runs) and
 * `budget-cli import undo <run-id>` undoes one (POST /import/runs/:id/undo): the services the routes
 * call, ADMIN as import itself (--as EMAIL). `import` takes its own options too (--json, --budget-year):
 * commander gives them to it wherever they are typed, so each subcommand reads them from there as well.
 */
export function registerImportUndo(cmd: Command, program: Command): void {
  const both = (opts: Record<string, unknown>) => ({ ...cmd.opts(), ...opts });
  cmd
    .command('runs')
    .description('List the recorded payroll and budget imports, newest first, with their ids; ADMIN')
    .option('--budget-year <label>', 'only the imports into this budget year, e.g. FY26')
    .option('--limit <n>', 'how many (default 20)')
    .option('--json', 'print JSON')
    .action(async (raw: Record<string, unknown>) => {
      const all = both(raw);
      const opts = parseFlags(runsFlags, { budgetYear: all.budgetYear, limit: all.limit, json: all.json });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYear = opts.budgetYear ? await budgetYearNamed(app, actor, opts.budgetYear) : null;
        const { runs } = await importService.listImportRuns(app, actor, {
          budgetYearId: budgetYear?.id,
          limit: opts.limit,
        });
        if (opts.json) {
          printJson(runs);
          return;
        }
        const lines = runs.map(
          (r) =>
            `#${r.id}  ${formatDateTime(r.createdAt)}  ${TYPE_WORDS[r.importType] ?? r.importType}  ${r.fileName}  into ${r.budgetYear ?? '—'}: ${r.importedCount} lines${r.undoneAt ? `  (undone ${formatDateTime(r.undoneAt)})` : ''}`,
        );
        process.stdout.write(`${(lines.length ? lines : ['No imports recorded.']).join('\n')}\n`);
      });
    });
  cmd
    .command('undo')
    .description(
      'Undo a payroll or budget import: its lines and the positions it made, while its year takes edits, it is the latest into that year and nothing it added was edited; ADMIN',
    )
    .argument('<run-id>', 'the import run (budget-cli import runs lists them)')
    .option('--json', 'print JSON')
    .action(async (runId: string, raw: Record<string, unknown>) => {
      const { id } = parseFlags(idParams, { id: runId }, { id: '<run-id>' });
      const json = Boolean(both(raw).json);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await importUndo.undoImport(app, actor, id);
        if (json) {
          printJson(res);
          return;
        }
        const positions = res.positionsRemoved ? ` and ${res.positionsRemoved} positions` : '';
        const reopened = res.positionsReopened
          ? `; ${res.positionsReopened} positions it filled are open again`
          : '';
        process.stdout.write(
          `Undone: import #${res.importRunId}'s ${res.linesRemoved} lines${positions} removed from ${fy(res.fiscalYear)}${reopened}.\n`,
        );
      });
    });
}
