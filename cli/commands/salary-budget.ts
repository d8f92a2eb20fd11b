import type { Command } from 'commander';
import { reconciliation } from '@server/domains/line-items';
import { formatMoneyCents as money } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { salaryBudgetTotalText } from '@shared/salary-line-words';
import {
  updateSalaryBudgetBody,
  type SalaryLineChange,
  type UpdateSalaryBudgetResult,
} from '@shared/schemas/reconciliation';
import { withCli } from '../context';
import { budgetYearOrDefault } from '../lookups';
import { parseFlags, printJson } from '../output';

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/** 'Change Teachers at Curley K-8 (2305): $61,234.50 to $62,000.00', as the web's confirmation lists it. */
function changeLine(c: SalaryLineChange): string {
  const verb = c.action === 'create' ? 'Add' : c.action === 'update' ? 'Change' : 'Remove';
  const where = `${c.categoryName ?? 'Uncategorized'} at ${c.buildingName ?? 'District Wide'}${c.code ? ` (${c.code})` : ''}${c.fundName ? `, ${c.fundName}` : ''}`;
  const amount =
    c.action === 'create'
      ? money(c.to)
      : c.action === 'remove'
        ? money(c.from)
        : `${money(c.from)} to ${money(c.to)}`;
  return `  ${verb} ${where}: ${amount}`;
}

/** What the update did or, in a dry run or a locked year, would do: in plain words, one change a line. */
function describe(r: UpdateSalaryBudgetResult, fy: string): string {
  const counts = `${lines(r.updatedItems)} changed, ${lines(r.createdItems)} added and ${lines(r.removedItems)} removed`;
  const payroll = salaryBudgetTotalText(r, money);
  const listed = r.changes.map(changeLine);
  if (r.locked) {
    // A voted year keeps its lines: what is out of date is said, and nothing is written.
    return [`${r.locked.message} Nothing was saved.`, ...listed].join('\n');
  }
  if (!r.changes.length) {
    return `Nothing is out of date: every ${fy} salary line already holds what it should (${payroll}).`;
  }
  const head = r.dryRun
    ? `Dry run (nothing saved): updating the ${fy} salary budget would set ${counts}, putting ${payroll} in the proposed budget:`
    : `Updated the ${fy} salary budget: ${counts}; ${payroll} is now in the proposed budget:`;
  return [head, ...listed].join('\n');
}

/**
 * budget-cli salary-budget update: Update Salary Budget on Budget Comparison (POST
 * /api/reconciliation/update-salary-budget), the same service: a fiscal year's proposed personnel
 * lines set to its payroll, or for a year being planned to the positions' cost, by category,
 * building and function code. --dry-run says what it would change; a locked year is refused with
 * how far its lines are from what they should hold.
 */
export function registerSalaryBudgetCommands(program: Command): void {
  const cmd = program
    .command('salary-budget')
    .description("Salary lines of a year set to its payroll or positions' cost");

  cmd
    .command('update')
    .description(
      'Set a year’s proposed personnel lines to its payroll, or its positions’ cost (Update Salary Budget; as POST /api/reconciliation/update-salary-budget)',
    )
    .option('--budget-year <label>', 'budget year (default: the fiscal year’s home, else the web app’s)')
    .option('--fiscal-year <year>', 'fiscal year, e.g. FY2027 (default: the budget year’s current one)')
    .option('--dry-run', 'list what would change; nothing is written')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; dryRun?: boolean; json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        // A malformed year is refused by the API's own schema below, naming the flag.
        const year = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
        const body = parseFlags(
          updateSalaryBudgetBody,
          {
            budgetYearId: year.id,
            fiscalYear: opts.fiscalYear ?? year.currentFiscalYear ?? undefined,
            dryRun: opts.dryRun,
          },
          { budgetYearId: '--budget-year', fiscalYear: '--fiscal-year' },
        );
        const res = await reconciliation.updateSalaryBudget(app, actor, body);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(`${describe(res, fiscalYearLabel(body.fiscalYear))}\n`);
      });
    });
}
