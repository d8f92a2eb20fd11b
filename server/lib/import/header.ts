import { createHash } from 'node:crypto';
import { cellText, columnLetters, isBlankRow, type Cell, type SourceRow } from './cells';
import { parseDate } from './dates';
import { parseMoney } from './money';

/** Where the column names are, and what they are called. */
export interface HeaderInfo {
  /** Spreadsheet row number of the last header row; data starts below it. */
  headerRow: number;
  /** Spreadsheet row numbers whose text makes up the names (usually one). */
  headerRows: number[];
  /** Unique, non-empty names, one per column from column A. */
  columns: string[];
}

/** Rows looked at to find the header: title blocks above a header are rarely longer. */
export const HEADER_SCAN_ROWS = 30;
const MAX_HEADER_DEPTH = 3;

type Kind = 'text' | 'number' | 'empty';

function kindOf(cell: Cell): Kind {
  const text = cellText(cell);
  if (!text) {
    return 'empty';
  }
  // A year ('2024', 'FY24' is text anyway) is a common column name, so it counts as text here.
  if (/^(19|20)\d{2}$/.test(text)) {
    return 'text';
  }
  if (typeof cell === 'number' || cell instanceof Date || typeof cell === 'boolean') {
    return 'number';
  }
  if (parseMoney(cell).value !== null || parseDate(cell).value !== null || /^-?\d+(\.\d+)?%$/.test(text)) {
    return 'number';
  }
  return 'text';
}

interface RowShape {
  row: SourceRow;
  text: number;
  number: number;
  filled: number;
}

function shape(row: SourceRow): RowShape {
  let text = 0;
  let number = 0;
  for (const cell of row.cells) {
    const k = kindOf(cell);
    if (k === 'text') {
      text += 1;
    } else if (k === 'number') {
      number += 1;
    }
  }
  return { row, text, number, filled: text + number };
}

/** Two or more text cells and no numbers: what a header row looks like. */
const headerLike = (s: RowShape) => s.text >= 2 && s.number === 0;

const clean = (cell: Cell) => cellText(cell).replace(/\s+/g, ' ');

/**
 * Finds the header row even below title rows: the first row of text cells that is at least half as
 * wide as the widest row near the top. A second (or third) header row directly under it joins in
 * when it names columns the first left blank or repeats a word across columns, as in
 * 'FY23 / ACTUALS', 'FY24 / ACTUALS' (names become 'FY23 ACTUALS'). Blank names become
 * 'Column C'; repeated names get ' (2)'. `sample` must include the rows below, to size the table.
 */
export function detectHeader(sample: readonly SourceRow[]): HeaderInfo | null {
  const rows = sample.filter((r) => !isBlankRow(r.cells)).slice(0, HEADER_SCAN_ROWS);
  if (!rows.length) {
    return null;
  }
  const shapes = rows.map(shape);
  const widest = Math.max(...shapes.map((s) => s.filled));
  const need = Math.max(2, Math.ceil(widest / 2));
  const firstIndex = Math.max(
    0,
    shapes.findIndex((s) => headerLike(s) && s.filled >= need) >= 0
      ? shapes.findIndex((s) => headerLike(s) && s.filled >= need)
      : shapes.findIndex(headerLike),
  );
  const block = [shapes[firstIndex]];
  for (let i = firstIndex + 1; i < shapes.length && block.length < MAX_HEADER_DEPTH; i += 1) {
    const next = shapes[i];
    if (next.row.n !== block[block.length - 1].row.n + 1 || !headerLike(next)) {
      break;
    }
    const named = (col: number) => block.some((b) => clean(b.row.cells[col] ?? null) !== '');
    const fillsGap = next.row.cells.some((c, col) => clean(c) !== '' && !named(col));
    const values = next.row.cells.map(clean).filter(Boolean);
    const repeats = new Set(values).size < values.length;
    if (!fillsGap && !repeats) {
      break;
    }
    block.push(next);
  }
  const lastHeader = block[block.length - 1].row.n;
  let width = 0;
  for (const r of sample) {
    if (r.n >= block[0].row.n) {
      width = Math.max(width, lastFilled(r.cells) + 1);
    }
  }
  const names: string[] = [];
  for (let col = 0; col < width; col += 1) {
    const parts = block.map((b) => clean(b.row.cells[col] ?? null)).filter(Boolean);
    names.push(parts.join(' ') || `Column ${columnLetters(col)}`);
  }
  return { headerRow: lastHeader, headerRows: block.map((b) => b.row.n), columns: uniqueNames(names) };
}

function lastFilled(cells: readonly Cell[]): number {
  for (let i = cells.length - 1; i >= 0; i -= 1) {
    if (clean(cells[i]) !== '') {
      return i;
    }
  }
  return -1;
}

/** 'Amount', 'Amount' -> 'Amount', 'Amount (2)'; comparison ignores case. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/**
 * The layout of a file as saved mappings know it: a hash of its column names, normalised and
 * sorted, so the same export arriving again (columns in any order, any case) finds its mapping.
 */
export function headerSignature(columns: readonly string[]): string {
  const names = columns.map((c) => c.trim().toLowerCase().replace(/\s+/g, ' ')).sort();
  return createHash('sha256').update(names.join('\n')).digest('hex');
}
