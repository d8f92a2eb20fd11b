/**
 * The detail-level DESE function codes of fixtures/dese_function_codes.csv (Massachusetts DESE,
 * "District Expenditures by Function Code"). Kept here as a constant so the server never reads
 * fixture files at run time; server/lib/import/dese.test.ts checks it against that file.
 */
export const DESE_FUNCTION_CODES: ReadonlySet<string> = new Set(
  (
    '1110 1210 1220 1230 1410 1420 1430 1435 1450 2110 2120 2130 2210 2220 2250 2305 2310 2315 2320 ' +
    '2324 2325 2330 2340 2345 2351 2352 2353 2354 2355 2356 2357 2358 2410 2415 2420 2430 2440 2451 ' +
    '2453 2455 2710 2720 2800 3100 3200 3300 3400 3510 3520 3600 4110 4120 4130 4210 4220 4225 4230 ' +
    '4300 4400 4450 5100 5150 5200 5250 5260 5300 5350 5400 5500 5550 9100 9110 9120 9125 9130 9200 ' +
    '9300 9400'
  ).split(' '),
);

/**
 * Which function code a line carries, one rule for the server's SQL (server/domains/massachusetts/queries/function-codes.ts
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
