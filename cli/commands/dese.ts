import type { Command } from 'commander';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { formatMoneyCents as formatMoney, formatNumber } from '@shared/money';
import type { Actor } from '@server/policies/index';
import { amountOrWithheld, deseRowName, type DeseReport } from '@shared/schemas/dese-report';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { applyRulesBody, ruleBody, ruleParams, RULE_KINDS } from '@shared/schemas/function-codes';
import { percentOfRequiredText } from '@shared/schemas/nss';
import { listBudgetCategories } from '@server/domains/budgets';
import { deseReport } from '@server/domains/massachusetts';
import { deseReportWorkbook } from '@server/domains/massachusetts';
import { functionCodeRules as rules } from '@server/domains/massachusetts';
import { unmappedCodes } from '@server/domains/massachusetts';
import { withCli } from '../context';
import { registerDeseSetCode } from './dese-set-code';
import { budgetYearOrDefault, fundNamed, workGroupNamed } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';
import { writeExport } from '../write-export';

interface YearFlags {
  budgetYear?: string;
  fiscalYear?: string;
  json?: boolean;
}

const yearFlags = z.object({ fiscalYear: fiscalYearInput.optional() });

/**
 * A report of a fiscal year the budget year holds no lines for is all zeros: a typo in --fiscal-year
 * (FY2099), not a budget of $0, so it is refused (exit 1) instead of printed as one.
 */
function requireLines(r: DeseReport): void {
  if (r.totals.lineCount === 0) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `Budget year ${r.budgetYear} has no budget lines for ${fiscalYearLabel(r.fiscalYear)}: nothing to report (choose another --fiscal-year or --budget-year)`,
    );
  }
}

function printReport(r: DeseReport): void {
  process.stdout.write(
    `${fiscalYearLabel(r.fiscalYear)} budget by DESE function (Schedule 19 layout), budget year ${r.budgetYear}\n\n`,
  );
  const rows: Record<string, string>[] = [];
  const line = (code: string, name: string, f: DeseReport['totals']) => ({
    code,
    function: name,
    salaries: amountOrWithheld(f.salaries),
    other: formatMoney(f.otherExpenses),
    total: amountOrWithheld(f.total),
    lines: formatNumber(f.lineCount),
  });
  for (const s of r.series) {
    // The codes with lines; a retired code is listed only when lines carry it, employees' too.
    for (const row of s.rows.filter((x) => x.lineCount > 0 || !x.current)) {
      rows.push(line(row.code, deseRowName(row), row));
    }
    rows.push(line(s.code, `Total ${s.name}`, s));
  }
  rows.push(line('', 'No function code', r.unmapped));
  rows.push(line('', 'Total budget', r.totals));
  printRows(rows, false);
  process.stdout.write(
    `\nBudget Dashboard: ${formatMoney(r.dashboard.proposedBudget)} in ${formatNumber(r.dashboard.proposedCount)} lines\n`,
  );
  const m = r.nss;
  process.stdout.write(
    m.columns
      ? `Net school spending: ${formatMoney(m.columns.budgetedNss)} budgeted of ${formatMoney(m.columns.requiredWithCarry)} required (${percentOfRequiredText(m.columns)})\n${m.message}\n`
      : `Net school spending: ${m.message}\n`,
  );
}

/**
 * `dese report|unmapped|rules|rule-add|rule-delete|apply-rules`: the budget in DESE's shape and the
 * function codes behind it, through the services the web app uses.
 */
export function registerDeseCommands(program: Command): void {
  const cmd = program.command('dese').description('DESE function codes and the budget in DESE’s shape');
  const withYear = (c: Command) =>
    c
      .option('--budget-year <label>', 'budget year, e.g. FY27 (default: the one the web app opens on)')
      .option('--fiscal-year <year>', 'fiscal year, e.g. FY2027 (default: the budget year’s current one)')
      .option('--json', 'print JSON');

  withYear(
    cmd
      .command('report')
      .description('The budget by DESE function code, salaries and other expenses, with the NSS computation'),
  )
    .option('--xlsx <file>', 'write the report as an Excel workbook (every total a formula)')
    .action(async (opts: YearFlags & { xlsx?: string }) => {
      const { fiscalYear } = parseFlags(
        yearFlags,
        { fiscalYear: opts.fiscalYear },
        { fiscalYear: '--fiscal-year' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const by = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
        const input = { budgetYearId: by.id, fiscalYear };
        if (opts.xlsx) {
          const book = await deseReportWorkbook(app, actor, input);
          requireLines(book.report);
          await writeExport(app, actor, opts.xlsx, book.body, {
            what: 'budget-cli dese report --xlsx',
            budgetYearId: input.budgetYearId,
            fiscalYear: book.report.fiscalYear,
          });
          process.stderr.write(`Wrote ${opts.xlsx} (total ${formatMoney(book.report.totals.total)})\n`);
          if (opts.json) {
            printJson(book.report);
          }
          return;
        }
        const report = await deseReport(app, actor, input);
        requireLines(report);
        if (opts.json) {
          printJson(report);
          return;
        }
        printReport(report);
      });
    });

  withYear(
    cmd.command('unmapped').description('Lines of the year without a DESE function code, and their dollars'),
  ).action(async (opts: YearFlags) => {
    const { fiscalYear } = parseFlags(
      yearFlags,
      { fiscalYear: opts.fiscalYear },
      { fiscalYear: '--fiscal-year' },
    );
    await withCli(program.opts().as, async ({ app, actor }) => {
      const by = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
      const res = await unmappedCodes(app, actor, { budgetYearId: by.id, fiscalYear });
      if (opts.json) {
        printJson(res);
        return;
      }
      process.stdout.write(
        `${fiscalYearLabel(res.fiscalYear)}: ${res.message ?? 'every line has a function code'}\n`,
      );
    });
  });

  cmd
    .command('rules')
    .description('The function-code rules (ADMIN)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { rules: list } = await rules.listRules(app, actor);
        printRows(
          opts.json
            ? list
            : list.map((r) => ({
                id: r.id,
                rule: r.target,
                code: r.functionCode,
                function: r.functionName,
                lines: r.lineCount,
              })),
          Boolean(opts.json),
        );
      });
    });

  cmd
    .command('rule-add')
    .description(
      'Add a rule: a category or work group by name, or a position title or account (patterns take * and ?)',
    )
    .requiredOption('--kind <kind>', RULE_KINDS.join(', '))
    .requiredOption('--match <text>', 'the category or work group name, or the title, account or pattern')
    .requiredOption('--code <code>', 'the DESE function code, e.g. 2305')
    .option(
      '--fund <code>',
      'the fund that pays the budget lines it reaches on the general fund (its code or name)',
    )
    .option('--note <text>', 'why')
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        kind: string;
        match: string;
        code: string;
        fund?: string;
        note?: string;
        json?: boolean;
      }) => {
        await withCli(program.opts().as, async ({ app, actor }) => {
          const target = await targetOf(app, actor, opts.kind, opts.match);
          const fundId = opts.fund === undefined ? undefined : await fundNamed(app, actor, opts.fund);
          const body = parseFlags(
            ruleBody,
            { kind: opts.kind, ...target, functionCode: opts.code, fundId, note: opts.note },
            { functionCode: '--code', match: '--match', categoryId: '--match', workGroupId: '--match' },
          );
          const { rule } = await rules.createRule(app, actor, body);
          if (opts.json) {
            printJson(rule);
            return;
          }
          process.stdout.write(
            `Rule ${rule.id}: ${rule.target} → ${rule.functionCode} ${rule.functionName}${rule.fund ? `, paid by ${rule.fund}` : ''} (${formatNumber(rule.lineCount)} line${rule.lineCount === 1 ? '' : 's'})\n`,
          );
        });
      },
    );

  cmd
    .command('rule-delete')
    .description('Delete a rule (lines keep the codes it gave them)')
    .argument('<id>', 'rule id, from `dese rules`')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const ruleId = parseFlags(ruleParams, { id }, { id: '<id>' }).id;
      await withCli(program.opts().as, async ({ app, actor }) => {
        const result = await rules.deleteRule(app, actor, ruleId);
        if (opts.json) {
          printJson(result);
          return;
        }
        process.stdout.write(`${result.message}\n`);
      });
    });

  registerDeseSetCode(cmd, program);

  withYear(cmd.command('apply-rules').description('Apply the rules to the lines without a code (ADMIN)'))
    .option('--overwrite', 'give lines with a code of their own the rules’ code too')
    .option('--dry-run', 'show what would change, write nothing')
    .action(async (opts: YearFlags & { overwrite?: boolean; dryRun?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const by = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
        const body = parseFlags(
          applyRulesBody,
          {
            budgetYearId: by.id,
            fiscalYear: opts.fiscalYear,
            overwrite: opts.overwrite,
            dryRun: opts.dryRun,
          },
          { fiscalYear: '--fiscal-year' },
        );
        const res = await rules.applyRules(app, actor, body);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(
          `${res.dryRun ? 'Would give' : 'Gave'} ${formatNumber(res.updated)} lines a function code\n`,
        );
        if (res.funded) {
          process.stdout.write(
            `${res.dryRun ? 'Would give' : 'Gave'} ${formatNumber(res.funded)} lines on the general fund the fund a rule names\n`,
          );
        }
        printRows(
          res.byRule.map((r) => ({ rule: r.ruleId, target: r.target, lines: r.lines })),
          false,
        );
        if (res.lockedYears.length) {
          process.stdout.write(`Left alone (voted): ${res.lockedYears.map(fiscalYearLabel).join(', ')}\n`);
        }
      });
    });
}

/** A rule's target from the command line: a category or work group by name, else the text itself. */
async function targetOf(
  app: AppContext,
  actor: Actor,
  kind: string,
  match: string,
): Promise<Record<string, unknown>> {
  if (kind === 'category') {
    const { categories } = await listBudgetCategories(app, actor);
    const found = categories.find((c) => c.name.toLowerCase() === match.trim().toLowerCase());
    if (!found) {
      throw new AppError(
        404,
        'NOT_FOUND',
        `No budget category ${match} (there are: ${categories.map((c) => c.name).join(', ') || 'none'})`,
      );
    }
    return { categoryId: found.id };
  }
  if (kind === 'workGroup') {
    return { workGroupId: (await workGroupNamed(app, actor, match)).id };
  }
  return { match };
}
