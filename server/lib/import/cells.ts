/**
 * The one cell type every reader produces (CSV gives strings; Excel gives numbers, dates, booleans
 * and strings) and the small helpers every parser shares.
 */
export type Cell = string | number | boolean | Date | null;

/** A row of a source file: its spreadsheet row number (1-based, as Excel shows it) and its cells. */
export interface SourceRow {
  n: number;
  cells: Cell[];
}

/** 'YYYY-MM-DD' of a Date read in UTC (readers hand dates over as UTC midnight). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A float as a person would write it: 426425.10000000003 (a cached Excel formula result) becomes
 * '426425.1'. Fifteen significant digits is what Excel itself keeps.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) {
    return String(value);
  }
  const cleaned = Number(value.toPrecision(15));
  const text = String(cleaned);
  // String() switches to exponent form below 1e-6 and above 1e21; money never needs those.
  return /e/i.test(text) ? cleaned.toFixed(10).replace(/\.?0+$/, '') : text;
}

// PostgreSQL text cannot hold NUL, and control characters only hide data from the people reading it.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// One test before two replaces: almost every cell has neither, and imports read millions of cells.
const UNUSUAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00a0]/;

/** The text of a cell: trimmed, control characters removed, non-breaking spaces as spaces. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) {
    return '';
  }
  if (typeof cell === 'string') {
    return UNUSUAL.test(cell)
      ? cell
          .replace(CONTROL, '')
          .replace(/\u00a0/g, ' ')
          .trim()
      : cell.trim();
  }
  if (typeof cell === 'number') {
    return numberText(cell);
  }
  if (typeof cell === 'boolean') {
    return cell ? 'TRUE' : 'FALSE';
  }
  return Number.isNaN(cell.getTime()) ? '' : isoDay(cell);
}

export function isBlankCell(cell: Cell | undefined): boolean {
  return cellText(cell) === '';
}

export function isBlankRow(cells: readonly Cell[]): boolean {
  return cells.every((c) => isBlankCell(c));
}

/** Column letters as a spreadsheet shows them: 0 -> 'A', 25 -> 'Z', 26 -> 'AA'. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Lower case, punctuation to spaces, single spaces: 'TOTAL_GROSS ' -> 'total gross'. */
export function normalizeLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9%#]+/g, ' ')
    .trim();
}
