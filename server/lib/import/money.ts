import { parseWrittenMoney, roundMoney, type WrittenMoney } from '@shared/money';
import { cellText, numberText, type Cell } from './cells';

/**
 * A parsed value: `value` null with no `problem` means the cell was blank; null with a `problem`
 * means the cell held something that is not a value of the wanted kind.
 */
export interface Parsed<T> {
  value: T | null;
  problem?: string;
}

/** Money read from a cell: see WrittenMoney in shared/money.ts (`exact`: the file's own value when rounded). */
export type ParsedMoney = Parsed<string> & WrittenMoney;

/**
 * Money in a cell, by the one parser of written money (shared/money.ts): text as people write
 * it ('$1,234.50', '(1,234.00)', '1,234 CR', '$ -'); Excel numbers cleaned of float noise first
 * (426425.10000000003 -> '426425.10'). Booleans and dates are problems, not amounts.
 */
export function parseMoney(cell: Cell): ParsedMoney {
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? roundMoney(numberText(cell)) : { value: null, problem: 'is not a number' };
  }
  if (typeof cell === 'boolean' || cell instanceof Date) {
    return { value: null, problem: 'is not an amount' };
  }
  return parseWrittenMoney(cellText(cell));
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
