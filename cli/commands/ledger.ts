import type { Command } from 'commander';
import { z } from 'zod';
import { fiscalYearLabel } from '@shared/budget-math';
import { requireFile } from '@server/lib/files';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { WITHHELD } from '@shared/schemas/dese-report';
import { LEDGER_GROUPINGS, percentUsedText, type LedgerReport } from '@shared/schemas/ledger';
import type { LedgerFundChoice } from '@shared/schemas/ledger-fund';
import {
  accountPatternInput,
  LEDGER_FIELDS,
  ledgerPeriodText,
  periodInput,
} from '@shared/schemas/ledger-import';
import { fiscalYearInput } from '@shared/schemas/fiscal-year';
import { SKIP } from '@shared/schemas/import';
import { importLedgerLocalFile } from '@server/domains/imports';
import { budgetVsActual } from '@server/domains/ledger';
import { writeBudgetVsActualWorkbook } from '@server/domains/ledger';
import { budgetYearNamed, yearsToRead } from '../lookups';
import { withCli } from '../context';
import { forTheMapFlag } from '../map-refusal';
import { ledgerSummary } from './ledger-summary';
import { parseFlags, printJson, printRows } from '../output';
import { recordWrittenExport } from '../write-export';

/** The command's help line (cli/program.ts shows the same without loading this module). */
const LEDGER_DESCRIPTION = 'General ledger: import a year-to-date ledger, budget vs actual';

const importFlags = z.object({
  fiscalYear: fiscalYearInput,
  period: periodInput.optional(),
  pattern: accountPatternInput.optional(),
  map: z
    .array(z.string().regex(/^[A-Za-z]+=/, "Use --map field=Column (e.g. --map expended='YTD EXPENDED')"))
    .default([]),
  replaceLaterPeriod: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  json: z.boolean().optional(),
});

const reportFlags = z.object({
  fiscalYear: fiscalYearInput.optional(),
  by: z
    .enum(LEDGER_GROUPINGS, { error: 'Use --by category, function, building or account' })
    .default('category'),
  budgetYear: z.string().trim().min(1).optional(),
  fund: z.string().trim().min(1, 'Name a fund: general, all or a fund code').optional(),
  json: z.boolean().optional(),
  xlsx: z.string().trim().min(1).optional(),
});

/** --fund as the report's choice: 'general', 'all' (any case), else a fund code the server looks up. */
const fundChoice = (flag: string | undefined): LedgerFundChoice | undefined => {
  const word = flag?.toLowerCase();
  return flag === undefined ? undefined : word === 'all' || word === 'general' ? word : { code: flag };
};

const FLAGS = {
  fiscalYear: '--fiscal-year',
  accountPattern: '--pattern',
  replaceLaterPeriod: '--replace-later-period',
  budgetYear: '--budget-year',
  columnMappings: '--map',
};
/** The fields `--map` takes, as its help and its refusals list them. */
const MAP_FIELDS = LEDGER_FIELDS.map((f) => f.field);
const collect = (value: string, previous: string[] = []) => [...previous, value];

function overrides(maps: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const m of maps) {
    const at = m.indexOf('=');
    const column = m.slice(at + 1);
    out[m.slice(0, at)] = column === '' || column === SKIP ? null : column;
  }
  return out;
}

function printReport(r: LedgerReport): void {
  const ledger = r.ledger
    ? `ledger at ${ledgerPeriodText(r.ledger.period)} (${r.ledger.fileName})`
    : 'no ledger imported';
  const budget = r.budgetSource
    ? `budget ${r.budgetSource.budgetYear}, ${formatNumber(r.budgetSource.lineCount)} lines`
    : 'no budget lines';
  process.stdout.write(
    `Budget vs actual ${fiscalYearLabel(r.fiscalYear)}, ${r.fund.label}, by ${r.by}: ${ledger}; ${budget}\n`,
  );
  process.stdout.write(`${r.projectionRule}\n\n`);
  // A figure withheld from a reader who may not see individual pay reads 'Withheld'.
  const cell = (v: number | null) => (v === null ? WITHHELD : money(v));
  const row = (label: string, x: LedgerReport['rows'][number] | LedgerReport['totals']) => ({
    [r.by]: label,
    budget: cell(x.budget),
    revised: cell(x.revisedBudget),
    expended: cell(x.expended),
    encumbered: cell(x.encumbered),
    available: cell(x.available),
    used: x.percentUsed === null ? '' : percentUsedText(x.percentUsed),
    projected: cell(x.projectedYearEnd),
    flag: x.overBudget ? 'OVER BUDGET' : x.projectedOver ? 'PROJECTED OVER' : '',
  });
  printRows([...r.rows.map((g) => row(g.label, g)), row('Total', r.totals)], false);
  const more = r.rowsPage.total - r.rows.length;
  if (more > 0) {
    process.stdout.write(
      `(the first ${formatNumber(r.rows.length)} of ${formatNumber(r.rowsPage.total)} rows; --xlsx writes every one)\n`,
    );
  }
  process.stdout.write(
    `\n${r.unmatchedAccountCount} ledger account(s) no proposed line names; ${r.linesWithoutAccount.length} budget line(s) with no ledger account; ${r.setAsideCount} row(s) set aside at import (--xlsx lists them).\n`,
  );
  if (r.payWithheld) {
    process.stdout.write(`${r.payWithheld}\n`);
  }
  printFunds(r);
}

/** An amount, or 'Withheld' where the report withheld it from its reader (its payWithheld). */
const orWithheld = (v: number | null) => (v === null ? WITHHELD : money(v));

/** Every fund's totals (whatever --fund read), then the accounts whose fund segment names no fund. */
function printFunds(r: LedgerReport): void {
  const u = r.unmatchedFund;
  const row = (
    code: string,
    name: string,
    x: Omit<LedgerReport['unmatchedFund'], 'segments' | 'accounts' | 'accountCount'>,
    budget?: number | null,
  ) => ({
    code,
    fund: name,
    budget: budget === undefined ? '' : orWithheld(budget),
    revised: orWithheld(x.revisedBudget),
    expended: orWithheld(x.expended),
    encumbered: orWithheld(x.encumbered),
    available: orWithheld(x.available),
  });
  process.stdout.write('\nBy fund (every fund, whatever --fund reads):\n');
  printRows(
    [
      ...r.fundTotals.map((f) => row(f.code, f.name, f, f.budget)),
      ...(u.accountCount ? [row('?', 'Unmatched fund segment', u)] : []),
    ],
    false,
  );
  if (!u.accountCount) {
    return;
  }
  const segments = u.segments
    .map((g) => `${g.fundCode ?? '(none)'} (${formatNumber(g.accountCount)})`)
    .join(', ');
  process.stdout.write(
    `\nUnmatched fund segment: ${u.accountCount} ledger account(s) whose fund segment names no fund, counted in all funds: ${segments}\n`,
  );
  for (const a of u.accounts) {
    process.stdout.write(
      `  Row ${a.row} ${a.account} ${a.description ?? ''}: revised ${money(a.revisedBudget)}, expended ${money(a.expended)}, encumbered ${money(a.encumbered)}\n`,
    );
  }
  if (u.accountCount > u.accounts.length) {
    process.stdout.write(
      `  (the first ${formatNumber(u.accounts.length)} of ${formatNumber(u.accountCount)})\n`,
    );
  }
}

/**
 * `ledger import|report`: the imported general ledger and budget vs actual. `actuals`, its name
 * before the ledger was called 'ledger' everywhere, still answers (scripts written against it).
 */
export function registerLedgerCommands(program: Command): void {
  const cmd = program.command('ledger').alias('actuals').description(LEDGER_DESCRIPTION);
  cmd
    .command('import')
    .description(
      "Import a MUNIS-style year-to-date ledger export into a fiscal year (replaces the year's earlier period)",
    )
    .argument('<file>', 'the ledger export: .csv, .xlsx or .xls')
    .requiredOption('--fiscal-year <FY>', 'the fiscal year of the ledger, e.g. FY2023')
    .option('--period <n>', "the report's period, 1 to 13 (default: the file's Period column)")
    .option(
      '--pattern <pattern>',
      "account pattern for this import, saved as the district's (e.g. FUND-x-xxx-FUNC-...-OBJECT)",
    )
    .option(
      '--map <field=Column>',
      `override a suggested mapping; repeatable; 'field=' skips a field. Fields: ${MAP_FIELDS.join(', ')}`,
      collect,
    )
    .option('--replace-later-period', 'import an earlier period over a later one')
    .option('--dry-run', 'check every row and report, then roll back')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, raw: Record<string, unknown>) => {
      const opts = parseFlags(importFlags, raw, FLAGS);
      requireFile(file);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { analysis, columnMappings, result } = await importLedgerLocalFile(app, actor, file, {
          fiscalYear: opts.fiscalYear,
          period: opts.period,
          accountPattern: opts.pattern,
          replaceLaterPeriod: opts.replaceLaterPeriod,
          dryRun: opts.dryRun,
          overrides: overrides(opts.map),
        }).catch((err: unknown) => {
          throw forTheMapFlag(err, MAP_FIELDS);
        });
        const { previousImports } = analysis;
        if (opts.json) {
          printJson({ ...result, columnMappings, previousImports });
          return;
        }
        process.stdout.write(`${ledgerSummary(result, columnMappings, previousImports).join('\n')}\n`);
      });
    });
  cmd
    .command('report')
    .description('Budget vs actual for a fiscal year, by category, DESE function, building or account')
    .option(
      '--fiscal-year <FY>',
      'fiscal year, e.g. FY2023 (default: the current one of --budget-year, else of the budget year the web app opens on)',
    )
    .option('--by <grouping>', 'category, function, building or account', 'category')
    .option(
      '--budget-year <label>',
      "whose proposed lines are the budget (default: the fiscal year's home, else the one centred on it)",
    )
    .option(
      '--fund <fund>',
      "general (the general fund), all (every account and line: the default) or a fund's code, e.g. 2401",
    )
    .option('--json', 'print the report as JSON')
    .option('--xlsx <file>', 'write the report as an Excel workbook (derived figures as formulas)')
    .action(async (raw: Record<string, unknown>) => {
      const opts = parseFlags(reportFlags, raw, FLAGS);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYearId = opts.budgetYear
          ? (await budgetYearNamed(app, actor, opts.budgetYear)).id
          : undefined;
        // Without --fiscal-year, the year Budget vs Actual opens on; the server still finds whose
        // lines are its budget unless --budget-year names them, as it does for a named year.
        const fiscalYear =
          opts.fiscalYear ?? (await yearsToRead(app, actor, opts.budgetYear, undefined)).fiscalYear;
        const query = { fiscalYear, by: opts.by, budgetYearId, fund: fundChoice(opts.fund) };
        if (opts.xlsx) {
          // Streamed to the file: every group, account and row set aside, whatever the ledger's size.
          const book = await writeBudgetVsActualWorkbook(app, actor, query, opts.xlsx);
          await recordWrittenExport(app, actor, opts.xlsx, {
            what: 'budget-cli ledger report --xlsx',
            fiscalYear,
            budgetYearId: budgetYearId ?? null,
            rows: book.groupCount,
          });
          process.stderr.write(
            `Wrote ${opts.xlsx} (${formatNumber(book.groupCount)} rows, ${formatNumber(book.accountCount)} accounts)\n`,
          );
          if (opts.json) {
            printJson(await budgetVsActual(app, actor, query));
          }
          return;
        }
        const report = await budgetVsActual(app, actor, query);
        if (opts.json) {
          printJson(report);
          return;
        }
        printReport(report);
      });
    });
}
