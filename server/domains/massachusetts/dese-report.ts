import type { AppContext } from '@server/context';
import { PAY_WITHHELD_NOTE, seesIndividualPay, tooFewToShow, withheldRows } from '@server/lib/pay-groups';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/function-codes';
import { fromCents, toCents } from '@shared/schemas/common';
import {
  NOT_CURRENT_CODE,
  type DeseReport,
  type DeseReportRow,
  type DeseReportSeries,
} from '@shared/schemas/dese-report';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { countOf } from '@shared/count-words';
import { budgetStats, budgetSummary } from '@server/domains/budgets';
import { deseListYear, reportCodes } from './dese-codes';
import { requireBudgetYear } from '@server/domains/budgets';
import { deseSeries } from './function-codes';
import { yearMeter } from './nss-meter';

/**
 * The budget in DESE's shape. The budget is the dashboard's: the proposed lines
 * that count for the fiscal year, so the report's total is the dashboard's proposed budget to the
 * cent. Each line goes to its function code (its own, else its category's) and to salaries (a
 * personnel budget category: the salary lines the business office budgets) or other expenses;
 * lines with no code in DESE's chart are listed apart. Employees' current salaries by the same codes
 * are shown beside for reference, outside the totals (the salary budget is the proposed lines).
 * Sums come from SQL as numeric text and are added here as integer cents.
 */

interface Acc {
  salaries: bigint;
  other: bigint;
  lines: number;
  employees: number;
  payroll: bigint;
}

const empty = (): Acc => ({ salaries: 0n, other: 0n, lines: 0, employees: 0, payroll: 0n });
const cents = (text: string) => toCents(text) ?? 0n;

function add(into: Acc, from: Acc): void {
  into.salaries += from.salaries;
  into.other += from.other;
  into.lines += from.lines;
  into.employees += from.employees;
  into.payroll += from.payroll;
}

function figures(a: Acc) {
  return {
    salaries: fromCents(a.salaries),
    otherExpenses: fromCents(a.other),
    total: fromCents(a.salaries + a.other),
    lineCount: a.lines,
    employeeCount: a.employees,
    payroll: fromCents(a.payroll),
  };
}

/**
 * The sums by code folded into one accumulator per chart code, and one for the lines without a code
 * (the query's code is null for them: queries/function-codes.ts, chartCodeOrNull, the one rule).
 */
function accumulate(rows: q.CodeSumRow[]): { byCode: Map<string, Acc>; unmapped: Acc } {
  const byCode = new Map<string, Acc>();
  const unmapped = empty();
  for (const r of rows) {
    let acc = unmapped;
    if (r.code !== null) {
      acc = byCode.get(r.code) ?? empty();
      byCode.set(r.code, acc);
    }
    if (r.is_operating) {
      acc.employees += r.line_count;
      acc.payroll += cents(r.salary);
    } else {
      acc.lines += r.line_count;
      if (r.personnel) {
        acc.salaries += cents(r.amount);
      } else {
        acc.other += cents(r.amount);
      }
    }
  }
  return { byCode, unmapped };
}

/**
 * The nine series, each with its detail codes the year's report lists (./dese-codes.ts, reportCodes:
 * those in force, and retired ones lines carry), and its own code when lines carry it.
 */
function seriesOf(byCode: Map<string, Acc>, fiscalYear: number): { series: DeseReportSeries[]; total: Acc } {
  const total = empty();
  const details = reportCodes(fiscalYear, new Set(byCode.keys()));
  const series = [...deseSeries()].map(([code, name]) => {
    const sum = empty();
    const rows: DeseReportRow[] = [];
    const own = byCode.get(code);
    if (own) {
      rows.push({ code, name: `${name} (series code only)`, detail: false, current: true, ...figures(own) });
      add(sum, own);
    }
    for (const { code: d, current } of details.filter((c) => c.code.code[0] === code[0])) {
      const acc = byCode.get(d.code) ?? empty();
      rows.push({ code: d.code, name: d.name, detail: true, current, ...figures(acc) });
      add(sum, acc);
    }
    add(total, sum);
    return { code, name, rows, ...figures(sum) };
  });
  return { series, total };
}

type Pay = { salaries: number | null; total: number | null; payroll: number | null };
/**
 * A row's pay withheld: its payroll, and its salaries, which are its positions' next-year pay (the
 * salary lines follow the roster), with the total that would give them back beside other expenses.
 */
const noPay = <T extends Pay>(f: T): T => ({ ...f, salaries: null, total: null, payroll: null });

/**
 * The report as a reader who may not see individual pay reads it: salaries and payroll summed over
 * 1 to 4 people are withheld (server/lib/pay-groups.ts), among the series and the lines without a
 * code (whose sum is the total's) and among each series' codes (whose sum is the series'). A
 * series withheld withholds its codes, which would add up to it. The budget's total stays (it is
 * the dashboard's); its salaries are withheld with its payroll.
 */
function withholdPay(series: DeseReportSeries[], unmapped: Acc, total: Acc) {
  const top = withheldRows([...series.map((s) => s.employeeCount), unmapped.employees]);
  const out = series.map((s, i) => {
    if (top.has(i)) {
      return { ...noPay(s), rows: s.rows.map(noPay) };
    }
    const rows = withheldRows(s.rows.map((r) => r.employeeCount));
    return { ...s, rows: s.rows.map((r, j) => (rows.has(j) ? noPay(r) : r)) };
  });
  const any = top.size > 0 || out.some((s) => s.rows.some((r) => r.payroll === null));
  return {
    any,
    series: out,
    unmapped: top.has(series.length) ? noPay(figures(unmapped)) : figures(unmapped),
    totals: tooFewToShow(total.employees)
      ? { ...figures(total), salaries: null, payroll: null }
      : figures(total),
  };
}

/**
 * Which lines without a code the report counts: its row lists the proposed lines (the budget); the
 * employee lines without one are payroll, outside the totals, and named here so the sum is the
 * Budget Dashboard's figure and the School Committee Adopted check's (./function-codes.ts).
 */
function unmappedNote(u: Acc): string[] {
  if (!u.lines && !u.employees) {
    return [];
  }
  const both = countOf(u.lines + u.employees, 'line');
  return [
    `Without a function code: ${countOf(u.lines, 'proposed line')} (the row 'No function code') and ` +
      `${countOf(u.employees, 'employee line')} (payroll, outside the totals), the ${both} the Budget Dashboard counts.`,
  ];
}

/** GET /dese-report: the report of a budget year's fiscal year (default: its current one). */
export async function deseReport(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number },
): Promise<DeseReport> {
  authorize(actor, 'deseReport.read');
  const by = await requireBudgetYear(app.db, input.budgetYearId);
  const fiscalYear = input.fiscalYear ?? by.current_fiscal_year;
  const scope = { budgetYearId: by.id, fiscalYear };
  const { byCode, unmapped } = accumulate(await q.sumsByFunctionCode(app.db, by.id, fiscalYear));
  const { series, total } = seriesOf(byCode, fiscalYear);
  add(total, unmapped);
  const withheld = seesIndividualPay(actor) ? false : withholdPay(series, unmapped, total);
  const dashboard = await budgetSummary(app, actor, scope);
  // The lines' payroll, as the report's own payroll column by code: the workbook's difference row
  // sets one against the other, so a planned year's roster cost (the dashboard's) would not agree.
  const staff = await budgetStats(app, actor, scope, { linesOnly: true });
  const fy = fiscalYearLabel(fiscalYear);
  return {
    budgetYearId: by.id,
    budgetYear: by.fiscal_year,
    fiscalYear,
    generatedAt: new Date().toISOString(),
    series: withheld ? withheld.series : series,
    unmapped: withheld ? withheld.unmapped : figures(unmapped),
    totals: withheld ? withheld.totals : figures(total),
    dashboard: {
      proposedBudget: dashboard.proposedBudget,
      proposedCount: dashboard.proposedCount,
      // The dashboard's payroll is the year's: withheld with the year's total.
      payroll: withheld && withheld.totals.payroll === null ? null : staff.totalSalary,
    },
    nss: await yearMeter(app, actor, scope),
    notes: [
      `The budget is ${fy}'s proposed budget as the Budget Dashboard counts it (the active budgets' lines, projected ones included): ${dashboard.proposedCount.toLocaleString('en-US')} lines.`,
      'Salaries are the proposed lines of personnel budget categories; other expenses are every other proposed line.',
      `The function codes listed are those in force in ${fy}, DESE's FY${deseListYear(fiscalYear)} list, and any code the year's lines carry that it does not name, marked '${NOT_CURRENT_CODE}'.`,
      "A line's function code is its own, else its budget category's. Lines with neither, or with a code that is not in DESE's chart, are listed as without a function code.",
      ...unmappedNote(unmapped),
      "Payroll is the employee lines' current salaries by the same codes, for reference: the salary budget is the proposed lines, so payroll is not added to the totals.",
      ...(withheld && withheld.any ? [PAY_WITHHELD_NOTE] : []),
      "Function codes: DESE, District Expenditures by Function Code; series names: DESE's guide, Appendix 4. Layout: the End-of-Year Report's Schedule 19 (next year's school committee budget) and its expenditure-by-function summary.",
    ],
  };
}
