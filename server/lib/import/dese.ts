import { cellText, type Cell } from './cells';

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

/** A series header such as 2000 (Instruction) or 6000 (Community Services); not in the detail list. */
const isSeries = (code: string) => /^[1-9]000$/.test(code);
// Only DESE's chart: a cell such as '9999' or '2399 - Other' holds no function code.
const known = (code: string) => DESE_FUNCTION_CODES.has(code) || isSeries(code);

// '2305', '2305.0' (an Excel number), '2305 - H.S. Teachers', '2305: Teachers'
const WHOLE = /^(\d{4})(?:\.0+)?$/;
const HEADING = /^(\d{4})\s*[-\u2013\u2014:]\s*[A-Za-z]/;

/**
 * Finds the DESE function code in a cell: the cell itself ('2305'), a heading that starts with
 * one ('2305 - H.S. Teachers - General Education'), or a segment of a ledger account string
 * ('0100-3-300-2305-03-2-10-1-511001' -> '2305'). Inside account strings only codes DESE defines
 * count, so a fund ('0100') or object ('5110' inside '511001') is not mistaken for a function.
 */
export function extractDeseCode(cell: Cell): string | null {
  const text = cellText(cell);
  if (!text) {
    return null;
  }
  const whole = WHOLE.exec(text) ?? HEADING.exec(text);
  if (whole) {
    return known(whole[1]) ? whole[1] : null;
  }
  const segments = text.split(/[^0-9A-Za-z]+/);
  if (segments.length < 2) {
    return null;
  }
  return segments.find((s) => /^\d{4}$/.test(s) && known(s)) ?? null;
}

/** True when a cell looks like a ledger account string with a DESE code inside ('01-170-2305-51100'). */
export function isAccountString(cell: Cell): boolean {
  const text = cellText(cell);
  return /^[0-9A-Za-z]+(?:[-.\s][0-9A-Za-z]+){2,}$/.test(text) && extractDeseCode(text) !== null;
}

/** A heading row's DESE code ('2305 - H.S. Teachers'), used for the lines under the heading. */
export function headingDeseCode(cells: readonly Cell[]): string | null {
  for (const cell of cells) {
    const m = HEADING.exec(cellText(cell));
    if (m && known(m[1])) {
      return m[1];
    }
  }
  return null;
}
