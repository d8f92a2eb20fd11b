import { parseFiscalYear, fiscalYearFromDate } from '@shared/schemas/fiscal-year';
import { cellText, type Cell } from './cells';
import { parseDate } from './dates';
import { decimalText, roundDecimal } from '@shared/money';
import { parseNumber, type Parsed } from './money';

/** Longest text we store from one cell; longer values are cut with a warning. */
export const MAX_TEXT = 500;

/** Trimmed text, or null when blank; `truncated` when it was longer than MAX_TEXT. */
export function parseText(cell: Cell): { value: string | null; truncated: boolean } {
  const raw = cellText(cell);
  const text = /\s\s|[\t\n\r\f\v]/.test(raw) ? raw.replace(/\s+/g, ' ') : raw;
  if (!text) {
    return { value: null, truncated: false };
  }
  return text.length > MAX_TEXT
    ? { value: text.slice(0, MAX_TEXT), truncated: true }
    : { value: text, truncated: false };
}

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv', 'v']);

/**
 * A person's name as payroll files write it: 'Last, First M' (also 'Last,First' with no space, as
 * Boston's export does) or 'First M Last' (a suffix such as Jr. stays with the last name). One
 * word is a last name alone.
 */
export function splitName(raw: string): { first: string | null; last: string | null } {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text) {
    return { first: null, last: null };
  }
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = text.slice(0, comma).trim();
    const first = text.slice(comma + 1).trim();
    return { first: first || null, last: last || null };
  }
  const words = text.split(' ');
  if (words.length === 1) {
    return { first: null, last: words[0] };
  }
  const take = words.length >= 3 && SUFFIXES.has(words[words.length - 1].toLowerCase()) ? 2 : 1;
  return { first: words.slice(0, -take).join(' '), last: words.slice(-take).join(' ') };
}

/** FTE bounds of line_items (numeric(5,3), CHECK 0..1.5); the app takes above 0 to 1.5. */
export const MAX_FTE = 1.5;
// A line at 0 FTE has no full-time salary (salary / FTE) and a schedule would pay it nothing.
const ZERO_FTE = { value: null, problem: 'is 0: an FTE must be above 0', outOfRange: true } as const;

/** A bare number at least this large is read as a percent (100 = full time); below, as an FTE. */
const PERCENT_FROM = 10;
/** Decimal places an FTE keeps: the thousandth, as line_items.current_fte and positions hold it. */
const FTE_PLACES = 3;

/** An FTE value in 0..1.5, to the thousandth: above 0 after rounding, else refused. */
const fteValue = (value: string) => (Number(value) === 0 ? ZERO_FTE : { value });
/**
 * Decimal text of an FTE rounded (half up) to the thousandth, with a third decimal only when it is
 * not 0 (as the preview shows it): 0.875 -> '0.875', 0.5 -> '0.50', 1 -> '1.00'.
 */
const fteText = (value: number) =>
  roundDecimal(decimalText(Number(value.toPrecision(12))) ?? '0', FTE_PLACES).replace(/(\.\d\d)0$/, '$1');

/**
 * FTE as a decimal string to the thousandth, as a position's: 1 -> '1.00', '0.5' and '50%' ->
 * '0.50', 0.875 and '87.5%' -> '0.875' (never 0.88: a schedule pays the cell times it). A bare
 * number from 10 to 150 is read as a percent (some systems write 100 for full time), with a note
 * saying so; one above 1.5 and under 10 (1.6) is no FTE and no percent anyone writes, and is
 * refused like 0 (or anything that rounds to 0.000), a negative or more than 150 (outOfRange: the
 * import stops).
 */
export function parseFte(cell: Cell): Parsed<string> & { note?: string; outOfRange?: boolean } {
  const text = cellText(cell);
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (percent) {
    const value = Number(percent[1]) / 100;
    return value <= MAX_FTE
      ? fteValue(fteText(value))
      : { value: null, problem: 'is above 1.5', outOfRange: true };
  }
  const parsed = parseNumber(cell);
  if (parsed.value === null) {
    return parsed.problem ? { value: null, problem: 'is not a number' } : { value: null };
  }
  const n = parsed.value;
  if (n < 0) {
    return { value: null, problem: 'is negative', outOfRange: true };
  }
  if (n <= MAX_FTE) {
    return fteValue(fteText(n));
  }
  if (n >= PERCENT_FROM && n <= 150) {
    return { value: fteText(n / 100), note: `FTE ${text} read as ${n}%` };
  }
  return { value: null, problem: 'is above 1.5', outOfRange: true };
}

const STATUS_WORDS: Record<string, 'Active' | 'Retiring' | 'Inactive'> = {
  active: 'Active',
  a: 'Active',
  employed: 'Active',
  current: 'Active',
  retiring: 'Retiring',
  retire: 'Retiring',
  retired: 'Retiring',
  retirement: 'Retiring',
  r: 'Retiring',
  inactive: 'Inactive',
  i: 'Inactive',
  terminated: 'Inactive',
  term: 'Inactive',
  t: 'Inactive',
  resigned: 'Inactive',
  separated: 'Inactive',
  leave: 'Inactive',
  'on leave': 'Inactive',
};

/** Employee status words to Active, Retiring or Inactive; blank is null; anything else a problem. */
export function parseStatus(cell: Cell): Parsed<'Active' | 'Retiring' | 'Inactive'> {
  const text = cellText(cell).toLowerCase().replace(/\s+/g, ' ');
  if (!text) {
    return { value: null };
  }
  const status = STATUS_WORDS[text];
  return status ? { value: status } : { value: null, problem: 'is not Active, Retiring or Inactive' };
}

/**
 * A fiscal year cell: 'FY26', '2025-2026', 2026, or a date (July onward counts as the next year).
 * Labels go through the one fiscal-year parser.
 */
export function parseFiscalYearCell(cell: Cell): Parsed<number> {
  const text = cellText(cell);
  if (!text) {
    return { value: null };
  }
  const label = parseFiscalYear(/^\d{4}\.0+$/.test(text) ? text.split('.')[0] : text);
  if (label !== null) {
    return { value: label };
  }
  const date = parseDate(cell);
  const year = date.value ? fiscalYearFromDate(date.value) : null;
  return year !== null ? { value: year } : { value: null, problem: 'is not a fiscal year' };
}
