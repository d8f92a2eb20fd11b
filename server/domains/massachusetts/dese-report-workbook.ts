import type { AppContext } from '@server/context';
import { fromCents } from '@shared/money';
import { workbookBytes, type SheetSpec, type XCell } from '@shared/workbook';
import type { Actor } from '@server/policies/index';
import { deseRowName, type DeseReport } from '@shared/schemas/dese-report';
import { deseReport } from './dese-report';
import { bold, cents, f, HEAD, int, money, pay, payFormula, SCHEDULE, title } from './dese-report-cells';
import { functionSheet, nssSheet } from './dese-report-sheets';

/**
 * The DESE report as an Excel workbook: 'Schedule 19' (every function code's
 * salaries and other expenses, a total per series and for the budget), 'By function' (the series
 * totals, read from Schedule 19) and 'NSS' (the net school spending computation). Amounts of single
 * codes are values; every total, difference and percent is a formula whose cached result is the
 * server's figure, so the file shows the numbers before Excel recalculates and keeps them after.
 * US Letter, fitted to the page width, for the committee's packet.
 */

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
  // A salary or payroll total over rows some of which are withheld is written as a value: their
  // SUM is not it.
  const withheldIn = (parts: readonly DeseReport['totals'][], key: 'salaries' | 'payroll') =>
    parts.some((p) => p[key] === null);
  const sumCols = (
    first: number,
    last: number,
    n: number,
    s: DeseReport['totals'],
    parts: readonly DeseReport['totals'][],
  ): XCell[] => [
    payFormula(sum('C', first, last), s.salaries, withheldIn(parts, 'salaries')),
    f(sum('D', first, last), s.otherExpenses),
    payFormula(`C${n}+D${n}`, s.total, s.salaries === null),
    f(sum('F', first, last), s.lineCount, 'int'),
    f(sum('G', first, last), s.employeeCount, 'int'),
    payFormula(sum('H', first, last), s.payroll, withheldIn(parts, 'payroll')),
  ];
  for (const s of r.series) {
    rows.push([bold(s.code), bold(s.name)]);
    boldRows.add(rows.length);
    const first = rows.length + 1;
    for (const row of s.rows) {
      const n = rows.length + 1;
      rows.push([
        row.code,
        deseRowName(row),
        pay(row.salaries),
        money(row.otherExpenses),
        payFormula(`C${n}+D${n}`, row.total),
        int(row.lineCount),
        int(row.employeeCount),
        pay(row.payroll),
      ]);
    }
    const n = rows.length + 1;
    rows.push([null, bold(`Total ${s.code} ${s.name}`), ...sumCols(first, n - 1, n, s, s.rows)]);
    boldRows.add(n);
    seriesRows.push(n);
  }
  rows.push([]);
  const u = rows.length + 1;
  const un = r.unmapped;
  rows.push([
    null,
    'No function code (or not a DESE code)',
    pay(un.salaries),
    money(un.otherExpenses),
    payFormula(`C${u}+D${u}`, un.total),
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
    payFormula(plus('C'), tt.salaries, withheldIn([...r.series, un], 'salaries')),
    f(plus('D'), tt.otherExpenses),
    payFormula(`C${t}+D${t}`, tt.total, tt.salaries === null),
    f(plus('F'), tt.lineCount, 'int'),
    f(plus('G'), tt.employeeCount, 'int'),
    payFormula(plus('H'), tt.payroll, withheldIn([...r.series, un], 'payroll')),
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
    tt.total === null ? null : f(`E${t}-E${d}`, diff(tt.total, r.dashboard.proposedBudget)),
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
