import { DESE_FUNCTION_CODES } from './import/dese';

/**
 * Which function code a line carries, one rule for the server's SQL (server/queries/function-codes.ts
 * writes the same in SQL) and the web app's grid filter: its own code, else its budget category's
 * (blank is none), and it counts only when DESE's chart has it: a detail code of
 * fixtures/dese_function_codes.csv or one of the nine series codes (1000 ... 9000).
 */

export const DESE_SERIES_CODES: readonly string[] = [
  '1000',
  '2000',
  '3000',
  '4000',
  '5000',
  '6000',
  '7000',
  '8000',
  '9000',
];

const CHART: ReadonlySet<string> = new Set([...DESE_FUNCTION_CODES, ...DESE_SERIES_CODES]);

/**
 * The one order of function codes in every list (pickers, reports, the chart): by their number,
 * 2305 before 2315 whatever their spending category, a code with letters after the same number.
 */
export function compareFunctionCodes(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Every code of the chart, in order. */
export const CHART_CODES: readonly string[] = [...CHART].sort(compareFunctionCodes);

export const isChartCode = (code: string): boolean => CHART.has(code);

/** A line's function code (its own, else its category's), or null when that is none or not in the chart. */
export function lineFunctionCode(
  own: string | null | undefined,
  categoryCode: string | null | undefined,
): string | null {
  const code = own?.trim() || categoryCode?.trim() || '';
  return CHART.has(code) ? code : null;
}
