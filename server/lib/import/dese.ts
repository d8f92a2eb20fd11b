import { DESE_FUNCTION_CODES } from '@shared/function-code';
import { cellText, type Cell } from './cells';

export { DESE_FUNCTION_CODES };

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
