import { cellText, numberText, type Cell } from './cells';

/**
 * A parsed value: `value` null with no `problem` means the cell was blank; null with a `problem`
 * means the cell held something that is not a value of the wanted kind.
 */
export interface Parsed<T> {
  value: T | null;
  problem?: string;
}

/**
 * Money read from a cell: `value` to the cent; `exact` is the file's own value when it had more
 * than two decimals and rounding changed it ('1234.565' for a value of '1234.57'), so the caller
 * can warn and the reconciliation can list the difference.
 */
export type ParsedMoney = Parsed<string> & { exact?: string };

/** numeric(14,2) holds at most 12 digits before the point. */
const MAX_INTEGER_DIGITS = 12;

/**
 * Rounds a plain decimal string to `places` decimals, half away from zero, exactly (BigInt, no
 * floats): '1.005' -> '1.01', '-2.5' with 0 places -> '-3', '7' -> '7.00'.
 */
export function roundDecimal(text: string, places = 2): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) {
    throw new Error(`Not a decimal: ${text}`);
  }
  const [, sign, intPart, fracPart = ''] = m;
  const padded = fracPart.padEnd(places + 1, '0');
  const keep = BigInt(`${intPart || '0'}${padded.slice(0, places)}`);
  const roundUp = Number(padded[places]) >= 5;
  const units = keep + (roundUp ? 1n : 0n);
  const digits = units.toString().padStart(places + 1, '0');
  const whole = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return units === 0n ? (places ? `0.${'0'.repeat(places)}` : '0') : `${sign}${whole}`;
}

// Thousands groups must be groups of three, so '1,23' is refused rather than read as 123.
const PLAIN = /^\d+(?:\.\d*)?$|^\.\d+$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
// An accounting zero: '-', '$ -', '—'.
const DASH_ZERO = /^\$?\s*[-\u2013\u2014]+\s*\$?$/;

function tooLarge(decimal: string): boolean {
  const point = decimal.indexOf('.');
  const intLength = (point < 0 ? decimal.length : point) - (decimal.startsWith('-') ? 1 : 0);
  // Leading zeros only matter in the rare long case.
  return (
    intLength > MAX_INTEGER_DIGITS && decimal.replace(/^-?0+/, '').split('.')[0].length > MAX_INTEGER_DIGITS
  );
}

/** The value rounded to the cent, with the exact value beside it when rounding changed it. */
function toCents(decimal: string): ParsedMoney {
  const value = roundDecimal(decimal);
  if (tooLarge(value)) {
    return { value: null, problem: 'is too large' };
  }
  const point = decimal.indexOf('.');
  const changed = point >= 0 && /[1-9]/.test(decimal.slice(point + 3));
  if (!changed) {
    return { value };
  }
  return { value, exact: decimal.replace(/0+$/, '') };
}

/**
 * Money as people write it, to an exact decimal string with two places for numeric(14,2):
 * '$1,234.50' -> '1234.50'; '1,234' -> '1234.00'; '(1,234.00)', '-$500', '$-500', '1,234.00-' and
 * '1,234 CR' -> negative; '-' and '$ -' (accounting zeros) -> '0.00'; blank -> null. Excel numbers
 * are cleaned of float noise first (426425.10000000003 -> '426425.10'). More than two decimals
 * are rounded half away from zero, exactly, and the file's value is returned as `exact`
 * ('1,234.565' -> '1234.57', exact '1234.565'). Text, percentages and error values (#DIV/0!,
 * #Missing) are problems, not zeros.
 */
export function parseMoney(cell: Cell): ParsedMoney {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) {
      return { value: null, problem: 'is not a number' };
    }
    return toCents(numberText(cell).replace(/^(-?)\./, '$10.'));
  }
  if (typeof cell === 'boolean' || cell instanceof Date) {
    return { value: null, problem: 'is not an amount' };
  }
  const raw = cellText(cell);
  if (!raw) {
    return { value: null };
  }
  if (DASH_ZERO.test(raw)) {
    return { value: '0.00' };
  }
  let text = raw
    .replace(/\s+/g, '')
    .replace(/usd/i, '')
    .replace(/\u2212/g, '-');
  let negative = false;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) {
    negative = true;
    text = paren[1];
  }
  if (/cr$/i.test(text)) {
    negative = true;
    text = text.slice(0, -2);
  }
  if (/^.+-$/.test(text)) {
    negative = true;
    text = text.slice(0, -1);
  }
  const lead = /^\$?-\$?/.exec(text);
  if (lead) {
    negative = !negative;
    text = text.slice(lead[0].length);
  }
  text = text.replace(/^\$/, '');
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    return { value: null, problem: 'is not an amount' };
  }
  const plain = text.replace(/,/g, '').replace(/^\./, '0.');
  // roundDecimal gives '0.00', never '-0.00'.
  return toCents(negative ? `-${plain}` : plain);
}

/** A plain number (FTE, codes): '0.5', '1', 0.75. Null for blank; a problem for text. */
export function parseNumber(cell: Cell): Parsed<number> {
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? { value: cell } : { value: null, problem: 'is not a number' };
  }
  const text = cellText(cell).replace(/,/g, '');
  if (!text) {
    return { value: null };
  }
  return /^-?(?:\d+\.?\d*|\.\d+)$/.test(text)
    ? { value: Number(text) }
    : { value: null, problem: 'is not a number' };
}
