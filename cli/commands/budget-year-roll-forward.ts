import type { Command } from 'commander';
import {
  positionsLine,
  rollForwardBody,
  rollForwardUndoBody,
  type RollForwardResponse,
} from '@shared/schemas/roll-forward';
import { rollForward, undoRollForward } from '@server/domains/roll-forward';
import { fiscalYearLabel as fy } from '@shared/schemas/fiscal-year';
import { formatMoneyCents, formatNumber } from '@shared/money';
import { AppError } from '@server/errors';
import { withCli } from '../context';
import { parseFlags, printJson } from '../output';

/** What a roll forward carries (or would), in the words the screen uses. */
function printResult(res: RollForwardResponse): void {
  const t = res.totals;
  const lines = [
    `${res.dryRun ? 'Dry run (nothing written): would roll' : 'Rolled'} ${fy(res.from.fiscalYear)} (budget year ${res.from.budgetYear}, ${res.from.stageLabel}) forward into ${fy(res.to.fiscalYear)} (budget year ${res.to.budgetYear}${res.to.createsBudgetYear ? ', new' : ''})`,
    `  Employees carried: ${formatNumber(t.employeesCarried, 0)}, salaries ${formatMoneyCents(t.operatingTotal)} (next-year salaries ${formatMoneyCents(t.nextYearSalaryTotal)})`,
    `  Employees left out (retiring or inactive): ${formatNumber(t.employeesLeftOut, 0)}`,
    `  Proposed lines carried: ${formatNumber(t.proposedCarried, 0)}, ${formatMoneyCents(t.proposedTotal)}`,
    `  One-time lines left out: ${formatNumber(t.oneTimeLeftOut, 0)}, ${formatMoneyCents(t.oneTimeTotal)}`,
    ...(t.proposedToGeneralFund
      ? [
          `  Moved to the general fund (their grant ends before ${fy(res.to.fiscalYear)}): ${formatNumber(t.proposedToGeneralFund, 0)} proposed lines, ${formatMoneyCents(t.proposedToGeneralFundTotal)}`,
        ]
      : []),
    `  ${positionsLine(res)}`,
    ...res.carried.map((c) => `  Also carried: ${c}`),
    ...(res.warning
      ? [`  Warning: ${res.warning}${res.dryRun ? ' (run with --confirm to go on)' : ''}`]
      : []),
    ...(res.undoable
      ? [
          `  Undo while ${fy(res.to.fiscalYear)} is Draft and unedited: budget-cli budget-year roll-forward --undo ${fy(res.to.fiscalYear)}`,
        ]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

interface RollOptions {
  from?: string;
  dryRun?: boolean;
  confirm?: boolean;
  undo?: string;
  json?: boolean;
}

/**
 * `budget-cli budget-year roll-forward --from FY27 [--dry-run] [--confirm] [--json]` and
 * `--undo FY28`: the services POST /roll-forward and /roll-forward/undo call (ADMIN: --as EMAIL).
 * A malformed year is refused naming the flag (exit 2) before the database is opened.
 */
export function registerBudgetYearRollForward(cmd: Command, program: Command): void {
  cmd
    .command('roll-forward')
    .description(
      "Start the next fiscal year's budget from a year: employees at their next-year salaries, departures and one-time lines left out; ADMIN",
    )
    .option('--from <year>', 'the fiscal year to roll forward from, e.g. FY27 (required unless --undo)')
    .option('--dry-run', 'show the totals; write nothing')
    .option('--confirm', 'roll forward a year that is not yet Town Appropriated')
    .option('--undo <year>', 'undo the roll forward that started this fiscal year (still Draft and unedited)')
    .option('--json', 'print JSON')
    .action(async (opts: RollOptions) => {
      if (opts.undo !== undefined) {
        const body = parseFlags(rollForwardUndoBody, { toFiscalYear: opts.undo }, { toFiscalYear: '--undo' });
        await withCli(program.opts().as, async ({ app, actor }) => {
          const res = await undoRollForward(app, actor, body);
          if (opts.json) {
            printJson(res);
            return;
          }
          process.stdout.write(
            `Undid the roll forward into ${fy(res.toFiscalYear)}: ${formatNumber(res.linesRemoved)} lines${res.positionsRemoved ? ` and ${formatNumber(res.positionsRemoved)} positions` : ''} removed${res.budgetYearRemoved ? `, budget year ${res.budgetYearRemoved} removed` : ''}\n`,
          );
        });
        return;
      }
      if (opts.from === undefined) {
        const message = 'Name the fiscal year to roll forward from, e.g. --from FY27';
        throw new AppError(400, 'VALIDATION_FAILED', `Invalid input:\n  --from: ${message}`, [
          { path: '--from', message },
        ]);
      }
      const body = parseFlags(
        rollForwardBody,
        { fromFiscalYear: opts.from, dryRun: opts.dryRun ?? false, confirm: opts.confirm ?? false },
        { fromFiscalYear: '--from', confirm: '--confirm' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await rollForward(app, actor, body);
        if (opts.json) {
          printJson(res);
          return;
        }
        printResult(res);
      });
    });
}
