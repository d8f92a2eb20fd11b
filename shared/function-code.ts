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
  const order = ALPHANUMERIC.test(a) && ALPHANUMERIC.test(b) ? alphanumericOrder(a, b) : 0;
  if (order !== 0 || a === b) {
    return order;
  }
  // Anything else (punctuation, accents, or a tie only case or leading zeros break) as the
  // collator orders it, made on first use: a browser loads ICU's collation data for it.
  numeric ??= new Intl.Collator('en', { numeric: true });
  return numeric.compare(a, b);
}
let numeric: Intl.Collator | undefined;

const ALPHANUMERIC = /^[0-9A-Za-z]*$/;

/**
 * The collator's numeric order for letters and digits, without ICU (a picker of 150 codes sorted
 * with it took 30 ms of a screen's first rows): runs of digits by their value, before letters;
 * letters whatever their case. 0 where only case or leading zeros differ.
 */
function alphanumericOrder(a: string, b: string): number {
  const x = a.match(/\d+|\D+/g) ?? [];
  const y = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const order = runOrder(x[i], y[i]);
    if (order !== 0) {
      return order;
    }
  }
  return Math.sign(x.length - y.length);
}

function runOrder(p: string, q: string): number {
  const digits = (run: string) => run.charCodeAt(0) <= 57;
  if (digits(p) !== digits(q)) {
    return digits(p) ? -1 : 1;
  }
  if (digits(p)) {
    const m = p.replace(/^0+(?=\d)/, '');
    const n = q.replace(/^0+(?=\d)/, '');
    return m.length !== n.length ? Math.sign(m.length - n.length) : m < n ? -1 : m > n ? 1 : 0;
  }
  const m = p.toLowerCase();
  const n = q.toLowerCase();
  return m < n ? -1 : m > n ? 1 : 0;
}

/** Every code of the chart, in order (sorted on first use, not as the module loads). */
export function chartCodes(): readonly string[] {
  sorted ??= [...CHART].sort(compareFunctionCodes);
  return sorted;
}
let sorted: readonly string[] | undefined;

export const isChartCode = (code: string): boolean => CHART.has(code);

/** A line's function code (its own, else its category's), or null when that is none or not in the chart. */
export function lineFunctionCode(
  own: string | null | undefined,
  categoryCode: string | null | undefined,
): string | null {
  const code = own?.trim() || categoryCode?.trim() || '';
  return CHART.has(code) ? code : null;
}
