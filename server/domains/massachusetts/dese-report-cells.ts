import { toCents } from '@shared/money';
import type { CellFormat, XCell } from '@shared/workbook';
import { WITHHELD, type DeseReport } from '@shared/schemas/dese-report';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/** The cells every sheet of the DESE report workbook (./dese-report-workbook.ts) is written with. */

export const HEAD = 4;
export const SCHEDULE = 'Schedule 19';

export const cents = (dollars: number) => toCents(dollars) ?? 0n;
export const money = (value: number): XCell => ({ value, fmt: 'money' });
export const int = (value: number): XCell => ({ value, fmt: 'int' });
export const bold = (value: string): XCell => ({ value, fmt: 'bold' });
export { WITHHELD };
export const pay = (value: number | null): XCell => (value === null ? WITHHELD : money(value));
export const f = (formula: string, result: number | string, fmt: CellFormat = 'money'): XCell => ({
  formula,
  result,
  fmt,
});
/**
 * A money formula whose figure the report may have withheld: 'Withheld' then; a value when
 * `partial` (a cell it reads is withheld, so the formula would not give the figure).
 */
export const payFormula = (formula: string, value: number | null, partial = false): XCell =>
  value === null ? WITHHELD : partial ? money(value) : f(formula, value);

export function title(r: DeseReport, what: string): XCell[][] {
  return [
    [bold(`${fiscalYearLabel(r.fiscalYear)} ${what}, budget year ${r.budgetYear}`)],
    [`Generated ${r.generatedAt.slice(0, 10)}. Totals equal the Budget Dashboard's proposed budget.`],
    [],
  ];
}
