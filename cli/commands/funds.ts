import type { Command } from 'commander';
import { withClearingFlags } from '../fund-refusals';
import { funds as service, fundsReport } from '@server/domains/funds';
import { formatMoneyCents } from '@shared/money';
import { amountOrWithheld } from '@shared/schemas/dese-report';
import { fundStaffingSentence } from '@shared/fund-staffing-words';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { idParams } from '@shared/schemas/common';
import {
  FUND_KINDS,
  FUND_KIND_LABELS,
  FUND_MESSAGES,
  fundsReportQuery,
  createFundBody,
  updateFundBody,
  type Fund,
  type FundsReport,
} from '@shared/schemas/funds';
import { withCli } from '../context';
import { budgetYearToRead } from '../lookups';
import { moneyFlag, parseFlags, printJson, printRows } from '../output';

const idOf = (rawId: string) => parseFlags(idParams, { id: rawId }).id;

/** Where the year before's actual comes from, and the spending no fund's row holds. */
function printLedgerNote(report: FundsReport, previousFy: string): void {
  const l = report.previousLedger;
  if (!l) {
    process.stdout.write(`${previousFy} actual: no ledger imported for ${previousFy}\n`);
    return;
  }
  process.stdout.write(
    `${previousFy} actual: expended by fund segment in the ${previousFy} ledger at period ${l.period} (${l.fileName})\n`,
  );
  if (l.unmatchedAccountCount) {
    process.stdout.write(
      `  ${formatMoneyCents(l.unmatchedExpended)} on ${l.unmatchedAccountCount} account(s) whose fund segment names no fund (budget-cli ledger report lists them)\n`,
    );
  }
}

/** Each fund that pays lines: its budget by DESE function, then by category. */
function printBreakdown(report: FundsReport, fy: string): void {
  for (const f of report.funds.filter((x) => x.lineCount > 0)) {
    process.stdout.write(`\n${f.name} (${f.code}), ${fy} budget ${amountOrWithheld(f.budget)}:\n`);
    printRows(
      [
        ...f.byFunction.map((r) => ({
          by: 'function',
          what: r.code === null ? 'No function code' : `${r.code} ${r.name ?? '(not in the chart)'}`,
          budget: amountOrWithheld(r.budget),
          lines: r.lineCount,
        })),
        ...f.byCategory.map((r) => ({
          by: 'category',
          what: r.name,
          budget: amountOrWithheld(r.budget),
          lines: r.lineCount,
        })),
      ],
      false,
    );
    // The staffing the year's salary lines follow (the roster before it, or its own payroll), in
    // the screen's words.
    const staffing = fundStaffingSentence(report, f);
    if (staffing) {
      process.stdout.write(`${staffing}\n`);
    }
  }
}

interface FundFlags {
  code?: string;
  kind?: string;
  countsNss?: string;
  award?: string;
  start?: string;
  end?: string;
  note?: string;
  residents?: string;
  json?: boolean;
}

/** The flag each body field is typed as, for the refusals that name a field. */
const FLAGS = {
  countsTowardNss: '--counts-nss',
  showToResidents: '--residents',
  awardAmount: '--award',
  periodStart: '--start',
  periodEnd: '--end',
};

/** yes/no (or true/false) as a boolean; anything else goes to the schema as typed, to be refused there. */
const yesNo = (v: string | undefined) =>
  v === undefined ? undefined : /^(yes|true)$/i.test(v) ? true : /^(no|false)$/i.test(v) ? false : v;
/** 'none' clears a grant's award or date (update only). */
const orNone = <T>(v: string | undefined, as: (s: string) => T) =>
  v === undefined ? undefined : v.toLowerCase() === 'none' ? null : as(v);

function body(opts: FundFlags) {
  return {
    code: opts.code,
    kind: opts.kind,
    countsTowardNss: yesNo(opts.countsNss),
    awardAmount: orNone(opts.award, moneyFlag),
    periodStart: orNone(opts.start, String),
    periodEnd: orNone(opts.end, String),
    note: opts.note,
    showToResidents: yesNo(opts.residents),
  };
}

/** The flags of `add` and `update`: a new fund must have a code and a kind (`required`). */
function withOptions(cmd: Command, required: boolean): Command {
  const fund = (flags: string, description: string) =>
    required ? cmd.requiredOption(flags, description) : cmd.option(flags, description);
  fund('--code <code>', "the account string's fund segment, e.g. 0100");
  fund('--kind <kind>', FUND_KINDS.join(', '));
  // 'none' clears a value the fund has: `update` only (a new fund has none to clear).
  const clears = required ? '' : " ('none' clears it)";
  return cmd
    .option('--counts-nss <yes|no>', "counts toward net school spending (default: the kind's rule)")
    .option('--award <dollars>', `a grant's award amount, e.g. 412345.67 or $412,345.67${clears}`)
    .option('--start <date>', `a grant period's first day, YYYY-MM-DD${clears}`)
    .option('--end <date>', `a grant period's last day, YYYY-MM-DD${clears}`)
    .option('--note <text>', 'a note')
    .option(
      '--residents <yes|no>',
      "named on the resident page's who-pays table (default: yes; no: 'Other funds')",
    )
    .option('--json', 'print JSON');
}

function printFund(fund: Fund, verb: string, json: boolean | undefined) {
  if (json) {
    printJson(fund);
    return;
  }
  process.stdout.write(
    `${verb} fund ${fund.name} (${fund.code}, ${FUND_KIND_LABELS[fund.kind]}), id ${fund.id}: ` +
      `${fund.countsTowardNss ? 'counts' : 'does not count'} toward net school spending.\n`,
  );
}

/** budget-cli funds: the district's funds, as the Funds screen keeps them (ADMIN to change). */
export function registerFundCommands(program: Command): void {
  const cmd = program
    .command('funds')
    .description('Funds: general fund, grants, revolving funds, Circuit Breaker');

  cmd
    .command('list')
    .description('List the funds, the general fund first')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { funds } = await service.listFunds(app, actor);
        printRows(
          opts.json
            ? funds
            : funds.map((f) => ({
                id: f.id,
                code: f.code,
                name: f.name,
                kind: FUND_KIND_LABELS[f.kind],
                nss: `${f.countsTowardNss ? 'counts' : 'left out'}${f.nssDefault ? '' : ' (set for this fund)'}`,
                award: f.awardAmount === null ? '' : formatMoneyCents(f.awardAmount),
                period: f.periodStart || f.periodEnd ? `${f.periodStart ?? ''} to ${f.periodEnd ?? ''}` : '',
                residents: f.showToResidents ? 'named' : 'other funds',
              })),
          Boolean(opts.json),
        );
      });
    });

  withOptions(cmd.command('add <name>'), true)
    .description('Add a fund (same rules as POST /api/funds)')
    .action(async (name: string, opts: FundFlags) => {
      const input = parseFlags(createFundBody, { name, ...body(opts) }, FLAGS);
      await withCli(program.opts().as, async ({ app, actor }) => {
        printFund((await service.createFund(app, actor, input)).fund, 'Added', opts.json);
      });
    });

  withOptions(cmd.command('update <id>'), false)
    .description('Change a fund (same rules as PUT /api/funds/:id)')
    .option('--name <name>', 'a new name')
    .action(async (id: string, opts: FundFlags & { name?: string }) => {
      const fundId = idOf(id);
      const input = parseFlags(updateFundBody, { name: opts.name, ...body(opts) }, FLAGS);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const updated = await service.updateFund(app, actor, fundId, input).catch((err: unknown) => {
          throw withClearingFlags(err);
        });
        printFund(updated.fund, 'Updated', opts.json);
      });
    });

  cmd
    .command('report')
    .description(
      "The budget of all funds for a fiscal year: each fund's budget, the year before's budget and actual, the change, and each fund by DESE function and category",
    )
    .option('--budget-year <label>', "budget year, e.g. FY26 (default: the fiscal year's home)")
    .option('--fiscal-year <year>', "fiscal year, e.g. FY2027 (default: the budget year's current one)")
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const { fiscalYear } = parseFlags(
        fundsReportQuery.pick({ fiscalYear: true }),
        { fiscalYear: opts.fiscalYear },
        { fiscalYear: '--fiscal-year' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearToRead(app, actor, opts.budgetYear, fiscalYear);
        const query = parseFlags(fundsReportQuery, { budgetYearId: String(year.id), fiscalYear });
        const report = await fundsReport(app, actor, query);
        if (opts.json) {
          printJson(report);
          return;
        }
        const money = formatMoneyCents;
        const fy = fiscalYearLabel(report.fiscalYear);
        const previousFy = fiscalYearLabel(report.fiscalYear - 1);
        const actual = (n: number | null) => (n === null ? 'no ledger' : money(n));
        process.stdout.write(`Budget of all funds, ${fy} (budget year ${year.fiscalYear})\n`);
        printRows(
          [
            ...report.funds.map((f) => ({
              code: f.code,
              fund: f.name,
              kind: FUND_KIND_LABELS[f.kind],
              nss: f.countsTowardNss ? 'counts' : 'left out',
              [fy]: amountOrWithheld(f.budget),
              [fiscalYearLabel(report.fiscalYear - 1)]: amountOrWithheld(f.previousBudget),
              change: amountOrWithheld(f.change),
              lines: f.lineCount,
              // A withheld fund's actual is withheld with its budget.
              [`${previousFy} actual`]: f.budget === null ? amountOrWithheld(null) : actual(f.previousActual),
            })),
            {
              code: '',
              fund: 'All funds',
              kind: '',
              nss: '',
              [fy]: money(report.allFunds.budget),
              [fiscalYearLabel(report.fiscalYear - 1)]: money(report.allFunds.previousBudget),
              change: money(report.allFunds.change),
              lines: report.allFunds.lineCount,
              [`${previousFy} actual`]: actual(report.allFunds.previousActual),
            },
          ],
          false,
        );
        process.stdout.write(`General fund appropriation: ${amountOrWithheld(report.generalFund.budget)}\n`);
        printLedgerNote(report, previousFy);
        printBreakdown(report, fy);
        for (const n of report.notes) {
          process.stdout.write(`Note: ${n}\n`);
        }
        for (const f of report.funds.filter((x) => x.overAward)) {
          process.stdout.write(
            `Note: ${FUND_MESSAGES.overAward(f.name, amountOrWithheld(f.budget), money(f.awardAmount!))}\n`,
          );
        }
      });
    });

  cmd
    .command('delete <id>')
    .description('Delete a fund (never the general fund)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const fundId = idOf(id);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const result = await service.deleteFund(app, actor, fundId);
        if (opts.json) {
          printJson(result);
          return;
        }
        process.stdout.write(`${result.message}.\n`);
      });
    });
}
