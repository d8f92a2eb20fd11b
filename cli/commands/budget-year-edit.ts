import type { Command } from 'commander';
import { z } from 'zod';
import { budgetYearEdit } from '@server/domains/budgets';
import { editBudgetYearBody, parseFiscalYearSpan } from '@shared/schemas/setup';
import { fiscalYearLabel, fiscalYearsText } from '@shared/schemas/fiscal-year';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { parseFlags, printJson } from '../output';

/** '--fiscal-years FY26-FY27' as the API's firstFiscalYear and lastFiscalYear, or its problem. */
const spanFlag = z.object({
  fiscalYears: z
    .string()
    .optional()
    .transform((text, ctx): { first?: number; last?: number } => {
      if (text === undefined) {
        return {};
      }
      const span = parseFiscalYearSpan(text);
      if ('problem' in span) {
        ctx.addIssue({ code: 'custom', message: span.problem });
        return z.NEVER;
      }
      return span;
    }),
});

/**
 * A budget year's fiscal years and current one in a sentence, as `budget-year create` and `edit`
 * say what they saved: 'fiscal year FY28, current FY28', 'fiscal years FY27 to FY32, current FY28'.
 */
export function fiscalYearsSpan(years: readonly number[], current: number | null): string {
  const span =
    years.length === 1
      ? `fiscal year ${fiscalYearLabel(years[0])}`
      : `fiscal years ${fiscalYearsText(years[0], years.at(-1)!)}`;
  return `${span}, ${current === null ? 'no current fiscal year' : `current ${fiscalYearLabel(current)}`}`;
}

/**
 * `budget-cli budget-year edit <label>` and `budget-year delete <label>`: the services PATCH and
 * DELETE /budget-years/:id call (ADMIN: --as EMAIL), the budget year found by its label.
 */
export function registerBudgetYearEdit(cmd: Command, program: Command): void {
  cmd
    .command('edit <label>')
    .description(
      'Rename a budget year, change its notes, or the fiscal years it plans (a dropped year must hold nothing)',
    )
    .option('--fiscal-years <span>', 'the fiscal years it plans, e.g. FY26-FY27')
    .option('--name <name>', 'its name')
    .option('--notes <text>', 'notes ("" clears them)')
    .option('--json', 'print JSON (as PATCH /api/budget-years/:id)')
    .action(
      async (
        label: string,
        opts: { fiscalYears?: string; name?: string; notes?: string; json?: boolean },
      ) => {
        const { fiscalYears: span } = parseFlags(
          spanFlag,
          { fiscalYears: opts.fiscalYears },
          { fiscalYears: '--fiscal-years' },
        );
        const input = parseFlags(
          editBudgetYearBody,
          {
            firstFiscalYear: span.first,
            lastFiscalYear: span.last,
            name: opts.name,
            notes: opts.notes === '' ? null : opts.notes,
          },
          { firstFiscalYear: '--fiscal-years', lastFiscalYear: '--fiscal-years' },
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          const year = await budgetYearNamed(app, actor, label);
          const res = await budgetYearEdit.editBudgetYear(app, actor, year.id, input);
          if (opts.json) {
            printJson(res);
            return;
          }
          const y = res.budgetYear;
          process.stdout.write(
            `Saved budget year ${y.fiscalYear} (${y.name ?? 'no name'}): ${fiscalYearsSpan(res.fiscalYears, y.currentFiscalYear)}.\n`,
          );
        });
      },
    );
  cmd
    .command('delete <label>')
    .description(
      'Delete a budget year that holds nothing (no lines, positions, scenarios, imports, stages...)',
    )
    .option('--json', 'print JSON (as DELETE /api/budget-years/:id)')
    .action(async (label: string, opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearNamed(app, actor, label);
        const res = await budgetYearEdit.deleteBudgetYear(app, actor, year.id);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(`Deleted budget year ${res.deleted.fiscalYear} (id ${res.deleted.id}).\n`);
      });
    });
}
