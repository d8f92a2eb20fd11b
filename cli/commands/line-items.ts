import type { Command } from 'commander';
import { z } from 'zod';
import { formatAmount as money, formatNumber } from '@shared/money';
import { fiscalYearInput } from '@shared/schemas/fiscal-year';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { findDuplicates } from '@server/domains/line-items';
import { lineItems as items } from '@server/domains/line-items';
import { withCli } from '../context';
import { budgetYearOrDefault, yearsToRead } from '../lookups';
import { parseFlags, printRows } from '../output';

const budgetYearFlag = z.string().trim().min(1, 'Give a budget year such as FY26').optional();
const listFlags = z.object({
  'budget-year': budgetYearFlag,
  'fiscal-year': fiscalYearInput.optional(),
  type: z.enum(['operating', 'proposed'], { message: 'Use operating or proposed' }),
});
const duplicateFlags = z.object({
  'budget-year': budgetYearFlag,
  'fiscal-year': fiscalYearInput.optional(),
});

/** Right-aligns a column of money so the cents line up. */
function alignRight(rows: Record<string, string | number>[], column: string): void {
  const width = Math.max(column.length, ...rows.map((r) => String(r[column]).length));
  for (const r of rows) {
    r[column] = String(r[column]).padStart(width);
  }
}

/** `line-items`: the budget grids and the duplicate checker from the command line. */
export function registerLineItemCommands(program: Command): void {
  const cmd = program.command('line-items').description('Line items of the operating and proposed budgets');

  cmd
    .command('list')
    .description('List the lines of one fiscal year of a budget, with the total')
    .option(
      '--budget-year <label>',
      "budget year, e.g. FY26 (default: --fiscal-year's home, else the one the web app opens on)",
    )
    .option('--fiscal-year <year>', 'fiscal year, e.g. 2026 or FY26 (default: the budget year’s current one)')
    .requiredOption('--type <type>', 'operating (employees) or proposed')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; type: string; json?: boolean }) => {
      const flags = parseFlags(listFlags, {
        'budget-year': opts.budgetYear,
        'fiscal-year': opts.fiscalYear,
        type: opts.type,
      });
      const isOperating = flags.type === 'operating';
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { year, fiscalYear } = await yearsToRead(
          app,
          actor,
          flags['budget-year'],
          flags['fiscal-year'],
          'lines',
        );
        const query = { budgetYearId: year.id, fiscalYear, isOperating };
        const text = (await items.listBudgetLineItemsJson(app, actor, query)).toString('utf8');
        if (opts.json) {
          process.stdout.write(`${text}\n`);
          return;
        }
        const { lineItems } = JSON.parse(text) as { lineItems: AnyLineItem[] };
        const totals = await items.budgetTotals(app, actor, query);
        const rows = lineItems.map((l): Record<string, string | number> =>
          l.isOperating
            ? {
                id: l.id,
                name: [l.lastName, l.firstName].filter(Boolean).join(', '),
                position: l.position ?? '',
                building: l.building?.name ?? 'District Wide',
                status: l.employeeStatus,
                salary: money(l.currentSalary),
              }
            : {
                id: l.id,
                description: l.accountDescription ?? l.name ?? '',
                category: l.category?.name ?? '',
                building: l.building?.name ?? 'District Wide',
                amount: money(l.amount),
              },
        );
        const column = isOperating ? 'salary' : 'amount';
        const total = isOperating ? totals.totalCurrentSalary : totals.totalAmount;
        if (rows.length) {
          rows.push(
            Object.fromEntries(
              Object.keys(rows[0]).map((k) => [k, k === 'id' ? 'Total' : k === column ? money(total) : '']),
            ),
          );
          alignRight(rows, column);
        }
        printRows(rows, false);
        process.stdout.write(
          `${formatNumber(totals.count)} ${isOperating ? 'employee' : 'proposed'} lines.\n`,
        );
      });
    });

  cmd
    .command('duplicates')
    .description('Groups of employee lines that look like the same person, with score and reasons')
    .option(
      '--budget-year <label>',
      "budget year, e.g. FY26 (default: --fiscal-year's home, else the one the web app opens on)",
    )
    .option('--fiscal-year <year>', 'only this fiscal year (default: each fiscal year separately)')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const flags = parseFlags(duplicateFlags, {
        'budget-year': opts.budgetYear,
        'fiscal-year': opts.fiscalYear,
      });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearOrDefault(app, actor, flags['budget-year'], flags['fiscal-year']);
        const { duplicateGroups } = await findDuplicates(app, actor, {
          budgetYearId: year.id,
          fiscalYear: flags['fiscal-year'],
        });
        if (opts.json) {
          printRows(duplicateGroups as unknown as Record<string, unknown>[], true);
          return;
        }
        const rows = duplicateGroups.flatMap((group, i) =>
          group.map((c) => ({
            group: i + 1,
            id: c.id,
            fy: c.fiscalYear,
            name: [c.lastName, c.firstName].filter(Boolean).join(', '),
            position: c.position ?? '',
            salary: money(c.currentSalary),
            score: c.similarityScore,
            why: c.similarityFactors.join('; '),
          })),
        );
        alignRight(rows, 'salary');
        printRows(rows, false);
        process.stdout.write(`${formatNumber(duplicateGroups.length)} possible duplicate group(s).\n`);
      });
    });
}
