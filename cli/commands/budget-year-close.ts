import type { Command } from 'commander';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { closeYearBody, reopenStageBody, type StagesResponse } from '@shared/schemas/budget-stages';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { closeYear, reopenClosedYear } from '@server/domains/stages';
import { withCli } from '../context';
import { homeBudgetYearId } from '../lookups';
import { parseFlags, printJson } from '../output';

/** What close and reopen share: the year argument, its home, the service's body, the output. */
interface YearAction<B> {
  body: z.ZodType<B>;
  /** The command's own option, by the body's field name, and the flag that sets it. */
  option: { field: 'note' | 'reason'; flag: string; value: string | undefined };
  service: (app: AppContext, actor: Actor, body: B) => Promise<StagesResponse>;
  done: string;
}

/**
 * Parses `<fiscalYear>` (refused naming FISCAL_YEAR before the database opens), finds its one home
 * budget year, parses the body as the API route would (refused naming the flag) and prints the
 * fiscal year's stage after the service ran.
 */
async function onFiscalYear<B>(
  program: Command,
  fiscalYear: string,
  json: boolean | undefined,
  action: YearAction<B>,
): Promise<void> {
  const year = parseFlags(
    z.object({ fiscalYear: fiscalYearInput }),
    { fiscalYear },
    { fiscalYear: 'FISCAL_YEAR' },
  );
  await withCli(program.opts().as, async ({ app, actor }) => {
    const budgetYearId = await homeBudgetYearId(app, year.fiscalYear);
    const { field, flag, value } = action.option;
    const body = parseFlags(
      action.body,
      { budgetYearId, fiscalYear: year.fiscalYear, [field]: value },
      { [field]: flag },
    );
    const res = await action.service(app, actor, body);
    if (json) {
      printJson(res);
    } else {
      process.stdout.write(`${action.done} ${fiscalYearLabel(res.fiscalYear)}: ${res.current.caption}\n`);
    }
  });
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
    .action((fiscalYear: string, opts: { note?: string; json?: boolean }) =>
      onFiscalYear(program, fiscalYear, opts.json, {
        body: closeYearBody,
        option: { field: 'note', flag: '--note', value: opts.note },
        service: closeYear,
        done: 'Closed',
      }),
    );
  cmd
    .command('reopen <fiscalYear>')
    .description('Reopen a closed fiscal year, with a reason (audit and security logs); ADMIN')
    .requiredOption('--reason <text>', 'why it must change again')
    .option('--json', 'print JSON')
    .action((fiscalYear: string, opts: { reason: string; json?: boolean }) =>
      onFiscalYear(program, fiscalYear, opts.json, {
        body: reopenStageBody,
        option: { field: 'reason', flag: '--reason', value: opts.reason },
        service: reopenClosedYear,
        done: 'Reopened',
      }),
    );
}
