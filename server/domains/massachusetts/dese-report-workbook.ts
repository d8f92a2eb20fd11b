import type { AppContext } from '@server/context';
import { divideRounded, fromCents, fromUnits, toCents } from '@shared/money';
import { workbookBytes, type CellFormat, type SheetSpec, type XCell } from '@shared/workbook';
import type { Actor } from '@server/policies/index';
import type { DeseReport } from '@shared/schemas/dese-report';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { deseReport } from './dese-report';

/**
 * The DESE report as an Excel workbook: 'Schedule 19' (every function code's
 * salaries and other expenses, a total per series and for the budget), 'By function' (the series
 * totals, read from Schedule 19) and 'NSS' (the net school spending computation). Amounts of single
 * codes are values; every total, difference and percent is a formula whose cached result is the
 * server's figure, so the file shows the numbers before Excel recalculates and keeps them after.
 * US Letter, fitted to the page width, for the committee's packet.
 */

const HEAD = 4;
export const SCHEDULE = 'Schedule 19';

const cents = (dollars: number) => toCents(dollars) ?? 0n;
const money = (value: number): XCell => ({ value, fmt: 'money' });
const int = (value: number): XCell => ({ value, fmt: 'int' });
const bold = (value: string): XCell => ({ value, fmt: 'bold' });
/** Payroll the report withheld from its reader (server/lib/pay-groups.ts). */
const WITHHELD = 'Withheld';
const pay = (value: number | null): XCell => (value === null ? WITHHELD : money(value));
const f = (formula: string, result: number | string, fmt: CellFormat = 'money'): XCell => ({
  formula,
  result,
  fmt,
});

function title(r: DeseReport, what: string): XCell[][] {
  return [
    [bold(`${fiscalYearLabel(r.fiscalYear)} ${what}, budget year ${r.budgetYear}`)],
    [`Generated ${r.generatedAt.slice(0, 10)}. Totals equal the Budget Dashboard's proposed budget.`],
    [],
  ];
}

/** Schedule 19 and where each series' total row and the budget's total row landed. */
function scheduleSheet(r: DeseReport): {
  sheet: SheetSpec;
  seriesRows: number[];
  unmappedRow: number;
  totalRow: number;
} {
  const rows: XCell[][] = [
    ...title(r, 'school committee budget by DESE function (Schedule 19 layout)'),
    [
      'Code',
      'Function',
      'Salaries',
      'Other expenses',
      'Total',
      'Lines',
      'Employees',
      'Payroll (reference)',
    ].map(bold),
  ];
  const boldRows = new Set<number>([HEAD]);
  const seriesRows: number[] = [];
  // A series with no codes in the chart (6000, 7000, 8000 when no line carries its code) totals 0.
  const sum = (col: string, first: number, last: number) =>
    last < first ? '0' : `SUM(${col}${first}:${col}${last})`;
  // A payroll total over rows some of which are withheld is written as a value: their SUM is not it.
  const payTotal = (formula: string, value: number | null, partial: boolean): XCell =>
    value === null ? WITHHELD : partial ? money(value) : f(formula, value);
  const sumCols = (
    first: number,
    last: number,
    n: number,
    s: DeseReport['totals'],
    partial: boolean,
  ): XCell[] => [
    f(sum('C', first, last), s.salaries),
    f(sum('D', first, last), s.otherExpenses),
    f(`C${n}+D${n}`, s.total),
    f(sum('F', first, last), s.lineCount, 'int'),
    f(sum('G', first, last), s.employeeCount, 'int'),
    payTotal(sum('H', first, last), s.payroll, partial),
  ];
  for (const s of r.series) {
    rows.push([bold(s.code), bold(s.name)]);
    boldRows.add(rows.length);
    const first = rows.length + 1;
    for (const row of s.rows) {
      const n = rows.length + 1;
      rows.push([
        row.code,
        row.name,
        money(row.salaries),
        money(row.otherExpenses),
        f(`C${n}+D${n}`, row.total),
        int(row.lineCount),
        int(row.employeeCount),
        pay(row.payroll),
      ]);
    }
    const n = rows.length + 1;
    const partial = s.rows.some((row) => row.payroll === null);
    rows.push([null, bold(`Total ${s.code} ${s.name}`), ...sumCols(first, n - 1, n, s, partial)]);
    boldRows.add(n);
    seriesRows.push(n);
  }
  rows.push([]);
  const u = rows.length + 1;
  const un = r.unmapped;
  rows.push([
    null,
    'No function code (or not a DESE code)',
    money(un.salaries),
    money(un.otherExpenses),
    f(`C${u}+D${u}`, un.total),
    int(un.lineCount),
    int(un.employeeCount),
    pay(un.payroll),
  ]);
  const t = rows.length + 1;
  const plus = (col: string) => [...seriesRows, u].map((n) => `${col}${n}`).join('+');
  const tt = r.totals;
  rows.push([
    null,
    bold('Total budget'),
    f(plus('C'), tt.salaries),
    f(plus('D'), tt.otherExpenses),
    f(`C${t}+D${t}`, tt.total),
    f(plus('F'), tt.lineCount, 'int'),
    f(plus('G'), tt.employeeCount, 'int'),
    payTotal(
      plus('H'),
      tt.payroll,
      [...r.series, un].some((x) => x.payroll === null),
    ),
  ]);
  boldRows.add(t);
  rows.push([]);
  rows.push([
    null,
    'Budget Dashboard: proposed budget',
    null,
    null,
    money(r.dashboard.proposedBudget),
    int(r.dashboard.proposedCount),
    null,
    pay(r.dashboard.payroll),
  ]);
  const d = rows.length;
  const diff = (a: number, b: number) => fromCents(cents(a) - cents(b));
  rows.push([
    null,
    'Difference (0 when the report agrees)',
    null,
    null,
    f(`E${t}-E${d}`, diff(tt.total, r.dashboard.proposedBudget)),
    f(`F${t}-F${d}`, tt.lineCount - r.dashboard.proposedCount, 'int'),
    null,
    tt.payroll === null || r.dashboard.payroll === null
      ? null
      : f(`H${t}-H${d}`, diff(tt.payroll, r.dashboard.payroll)),
  ]);
  rows.push([]);
  for (const note of r.notes) {
    rows.push([null, note]);
  }
  return {
    sheet: { name: SCHEDULE, widths: [8, 58, 16, 16, 16, 8, 10, 18], rows, boldRows },
    seriesRows,
    unmappedRow: u,
    totalRow: t,
  };
}

function functionSheet(r: DeseReport, seriesRows: number[], u: number, t: number): SheetSpec {
  const ref = (col: string, n: number) => `'${SCHEDULE}'!${col}${n}`;
  const rows: XCell[][] = [
    ...title(r, 'expenditure by function'),
    ['Series', 'Function', 'Salaries', 'Other expenses', 'Total', 'Share of budget (%)'].map(bold),
  ];
  const line = (code: string | null, name: string, n: number, s: DeseReport['totals']): XCell[] => {
    const k = rows.length + 1;
    return [
      code,
      name,
      f(ref('C', n), s.salaries),
      f(ref('D', n), s.otherExpenses),
      f(`C${k}+D${k}`, s.total),
      f(`IF(E$TOTAL=0,"",ROUND(E${k}/E$TOTAL*100,2))`, share(s.total, r.totals.total), 'percent'),
    ];
  };
  r.series.forEach((s, i) => rows.push(line(s.code, s.name, seriesRows[i], s)));
  rows.push(line(null, 'No function code (or not a DESE code)', u, r.unmapped));
  const k = rows.length + 1;
  rows.push([
    null,
    bold('Total budget'),
    f(`SUM(C${HEAD + 1}:C${k - 1})`, r.totals.salaries),
    f(`SUM(D${HEAD + 1}:D${k - 1})`, r.totals.otherExpenses),
    f(`C${k}+D${k}`, r.totals.total),
    f(`IF(E${k}=0,"",ROUND(E${k}/E${k}*100,2))`, r.totals.total === 0 ? '' : 100, 'percent'),
  ]);
  rows.push([null, `Check: equals ${SCHEDULE}'s total`, null, null, f(`E${k}-${ref('E', t)}`, 0)]);
  // The share's divisor is the total row, known only now.
  for (const row of rows) {
    const c = row[5];
    if (c && typeof c === 'object' && 'formula' in c) {
      c.formula = c.formula.replace(/\$TOTAL/g, `$${k}`);
    }
  }
  return { name: 'By function', widths: [8, 58, 16, 16, 16, 14], rows, boldRows: new Set([HEAD, k]) };
}

/** Percent of a total to 2 decimals, rounded half away from zero as Excel's ROUND does. */
function share(part: number, total: number): number | string {
  const t = cents(total);
  return t === 0n ? '' : fromUnits(divideRounded(cents(part) * 10000n, t), 2);
}

function nssSheet(r: DeseReport, t: number): SheetSpec {
  const m = r.nss;
  const rows: XCell[][] = [
    ...title(r, 'net school spending (Chapter 70)'),
    ['Figure', 'Amount', 'Note'].map(bold),
  ];
  const n = () => rows.length + 1;
  const budgetRow = n();
  rows.push([
    'School committee budget (this report)',
    f(`'${SCHEDULE}'!E${t}`, r.totals.total),
    'Schedule 19 total',
  ]);
  const first = n();
  for (const x of m.school.excluded) {
    rows.push([`Not counted: ${x.code} ${x.name}`, money(x.amount), x.note]);
  }
  rows.push([
    'Not counted: no function code',
    money(m.school.unmapped.amount),
    `${m.school.unmapped.lineCount} lines`,
  ]);
  const last = n() - 1;
  const counted = n();
  rows.push([
    'School committee spending that counts',
    f(`B${budgetRow}-SUM(B${first}:B${last})`, m.school.counted),
    'by the inclusion rules in force for the year',
  ]);
  const muni = n();
  rows.push([
    "Town's spending on the schools' behalf that counts",
    money(m.municipal.counted),
    'municipal End-of-Year-Report lines',
  ]);
  const budgeted = n();
  const budgetedNss =
    m.columns?.budgetedNss ?? fromCents(cents(m.school.counted) + cents(m.municipal.counted));
  rows.push([bold('Budgeted net school spending'), f(`B${counted}+B${muni}`, budgetedNss), null]);
  const c = m.columns;
  if (!c) {
    rows.push(['Required net school spending', null, m.message]);
  } else {
    const req = n();
    rows.push(['Required net school spending', money(c.requiredNss), 'DESE']);
    const carry = n();
    rows.push(['Shortfall carried in from the prior year', money(c.carriedIn), null]);
    const withCarry = n();
    rows.push(['Required, with the carry-forward', f(`B${req}+B${carry}`, c.requiredWithCarry), null]);
    rows.push([bold('Over (under) the requirement'), f(`B${budgeted}-B${withCarry}`, c.overUnder), null]);
    rows.push([
      'Percent of required',
      // Rounded down, as the meter does: a shortfall never reads as 100%.
      f(`ROUNDDOWN(B${budgeted}/B${withCarry}*100,2)`, c.percentOfRequired, 'percent'),
      null,
    ]);
    const fb = n();
    rows.push(['Foundation budget', money(c.foundationBudget), 'DESE']);
    rows.push([
      'Percent of foundation',
      f(`ROUND(B${budgeted}/B${fb}*100,2)`, c.percentOfFoundation, 'percent'),
      null,
    ]);
    rows.push([]);
    rows.push([m.message]);
  }
  if (m.school.budgetTotal !== r.totals.total) {
    rows.push([
      `The meter's budget (${m.school.budgetTotal}) differs from this report's total: see its warnings.`,
    ]);
  }
  for (const w of m.warnings) {
    rows.push([w]);
  }
  return { name: 'NSS', widths: [52, 18, 70], rows, boldRows: new Set([HEAD]) };
}

/** The workbook of a report, as bytes: portrait US Letter, the heading row on every page. */
export async function reportWorkbook(r: DeseReport): Promise<Buffer> {
  const schedule = scheduleSheet(r);
  const sheets = [
    schedule.sheet,
    functionSheet(r, schedule.seriesRows, schedule.unmappedRow, schedule.totalRow),
    nssSheet(r, schedule.totalRow),
  ];
  return Buffer.from(
    await workbookBytes(sheets.map((sheet) => ({ ...sheet, headRows: HEAD, print: 'portrait' as const }))),
  );
}

/** The report and its workbook, named like 'DESE-report-FY2027.xlsx'. */
export async function deseReportWorkbook(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number },
) {
  const report = await deseReport(app, actor, input);
  return { report, fileName: `DESE-report-FY${report.fiscalYear}.xlsx`, body: await reportWorkbook(report) };
}
