import type { Command } from 'commander';
import { z } from 'zod';
import { closeYearBody, reopenStageBody, type StagesResponse } from '@shared/schemas/budget-stages';
import { fiscalYearInput } from '@shared/schemas/fiscal-year';
import { closeYear, reopenClosedYear } from '@server/domains/stages';
import { withCli } from '../context';
import { homeBudgetYearId } from '../lookups';
import { parseFlags, printJson } from '../output';

function print(res: StagesResponse, json: boolean | undefined, done: string): void {
  if (json) {
    printJson(res);
    return;
  }
  process.stdout.write(`${done} FY${res.fiscalYear}: ${res.current.caption}\n`);
}

/**
 * `budget-cli budget-year close FY2025 [--note ...]` and `budget-year reopen FY2025 --reason ...`:
 * a past fiscal year as read-only history, through the service POST /budget-stages/close uses
 * (ADMIN: --as EMAIL). The fiscal year is found in its one home budget year.
 */
export function registerBudgetYearClose(cmd: Command, program: Command): void {
  cmd
    .command('close <fiscalYear>')
    .description('Close a past fiscal year: read-only history (reports still read it); ADMIN')
    .option('--note <text>', 'why, for the history')
    .option('--json', 'print JSON')
    .action(async (fiscalYear: string, opts: { note?: string; json?: boolean }) => {
      const year = parseFlags(
        z.object({ fiscalYear: fiscalYearInput }),
        { fiscalYear },
        { fiscalYear: 'FISCAL_YEAR' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYearId = await homeBudgetYearId(app, year.fiscalYear);
        const body = parseFlags(
          closeYearBody,
          { budgetYearId, fiscalYear: year.fiscalYear, note: opts.note },
          { note: '--note' },
        );
        print(await closeYear(app, actor, body), opts.json, 'Closed');
      });
    });
  cmd
    .command('reopen <fiscalYear>')
    .description('Reopen a closed fiscal year, with a reason (audit and security logs); ADMIN')
    .requiredOption('--reason <text>', 'why it must change again')
    .option('--json', 'print JSON')
    .action(async (fiscalYear: string, opts: { reason: string; json?: boolean }) => {
      const year = parseFlags(
        z.object({ fiscalYear: fiscalYearInput }),
        { fiscalYear },
        { fiscalYear: 'FISCAL_YEAR' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYearId = await homeBudgetYearId(app, year.fiscalYear);
        const body = parseFlags(
          reopenStageBody,
          { budgetYearId, fiscalYear: year.fiscalYear, reason: opts.reason },
          { reason: '--reason' },
        );
        print(await reopenClosedYear(app, actor, body), opts.json, 'Reopened');
      });
    });
}
