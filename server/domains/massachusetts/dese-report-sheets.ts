import { divideRounded, fromCents, fromUnits } from '@shared/money';
import { countOf } from '@shared/count-words';
import type { SheetSpec, XCell } from '@shared/workbook';
import type { DeseReport } from '@shared/schemas/dese-report';
import { bold, cents, f, HEAD, money, payFormula, SCHEDULE, title, WITHHELD } from './dese-report-cells';

/**
 * The DESE report workbook's 'By function' sheet (the series totals, read from Schedule 19) and its
 * 'NSS' sheet (the net school spending computation); ./dese-report-workbook.ts puts them together.
 */

export function functionSheet(r: DeseReport, seriesRows: number[], u: number, t: number): SheetSpec {
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
      payFormula(ref('C', n), s.salaries),
      f(ref('D', n), s.otherExpenses),
      payFormula(`C${k}+D${k}`, s.total, s.salaries === null),
      s.total === null
        ? WITHHELD
        : f(`IF(E$TOTAL=0,"",ROUND(E${k}/E$TOTAL*100,2))`, share(s.total, r.totals.total ?? 0), 'percent'),
    ];
  };
  r.series.forEach((s, i) => rows.push(line(s.code, s.name, seriesRows[i], s)));
  rows.push(line(null, 'No function code (or not a DESE code)', u, r.unmapped));
  const k = rows.length + 1;
  rows.push([
    null,
    bold('Total budget'),
    payFormula(
      `SUM(C${HEAD + 1}:C${k - 1})`,
      r.totals.salaries,
      [...r.series, r.unmapped].some((x) => x.salaries === null),
    ),
    f(`SUM(D${HEAD + 1}:D${k - 1})`, r.totals.otherExpenses),
    payFormula(`C${k}+D${k}`, r.totals.total, r.totals.salaries === null),
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

export function nssSheet(r: DeseReport, t: number): SheetSpec {
  const m = r.nss;
  const rows: XCell[][] = [
    ...title(r, 'net school spending (Chapter 70)'),
    ['Figure', 'Amount', 'Note'].map(bold),
  ];
  const n = () => rows.length + 1;
  const budgetRow = n();
  rows.push([
    'School committee budget (this report)',
    payFormula(`'${SCHEDULE}'!E${t}`, r.totals.total),
    'Schedule 19 total',
  ]);
  const first = n();
  for (const x of m.school.excluded) {
    rows.push([`Not counted: ${x.code} ${x.name}`, money(x.amount), x.note]);
  }
  // What the funds that do not count pay (grants, revolving funds), whatever its function: without
  // these rows the formula below counted a grant's spending toward NSS.
  for (const x of m.school.byFund) {
    rows.push([
      `Not counted: fund ${x.code} ${x.name}`,
      money(x.amount),
      `${countOf(x.lineCount, 'line')}; the fund does not count toward NSS`,
    ]);
  }
  rows.push([
    'Not counted: no function code',
    money(m.school.unmapped.amount),
    `${countOf(m.school.unmapped.lineCount, 'line')} of funds that count toward NSS`,
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
