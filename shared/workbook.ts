import type ExcelJS from 'exceljs';

/**
 * The one writer of laid-out workbooks, for the browser's calculation exports (web/src/lib/workbook.ts)
 * and the server's reports (DESE report, stage comparison, budget vs actual): sheets given cell by
 * cell, where worked-out figures are FORMULAS over the input cells with the server's figure as the
 * cached result, so a file reproduces every number when opened. It also holds the one rule for text
 * a spreadsheet would run as a formula (CSV/formula injection), used by every CSV and Excel export.
 * Imports nothing at run time until a workbook is written (exceljs loads then), so screens may use it.
 */

export type CellFormat = 'money' | 'percent' | 'int' | 'bold';

/** A literal, or a formula (A1 references, no leading '=') with the figure it should produce. */
export type XCell =
  | null
  | string
  | number
  | boolean
  | { value: string | number | boolean | null; fmt?: CellFormat }
  | { formula: string; result: number | boolean | string; fmt?: CellFormat };

export interface SheetSpec {
  name: string;
  rows: XCell[][];
  /** Column widths in characters. */
  widths: number[];
  /** Rows kept in view when scrolling (and repeated on every printed page when printed). */
  headRows?: number;
  /** Printed on US Letter, fitted to the page width, in this orientation. */
  print?: 'portrait' | 'landscape';
  /** 1-based rows written bold (series headings, totals). */
  boldRows?: Iterable<number>;
}

/** Dollars to the cent, negatives in red: every export's money format. */
export const MONEY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';

/** Percent figures are written as numbers of percent (12.5 for 12.5%), to the server's precision. */
const FORMATS: Record<Exclude<CellFormat, 'bold'>, string> = {
  money: MONEY_FORMAT,
  percent: '0.00##',
  int: '#,##0',
};

/** OOXML paper size 1, US Letter (exceljs's PaperSize enum leaves it out). */
const LETTER = 1 as ExcelJS.PaperSize;

/** Characters that make Excel, LibreOffice or Google Sheets treat a cell as a formula or command. */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Prefixes a single quote to text starting with = + - @ tab or carriage return (OWASP's advice). */
export function neutralise(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]) ? `'${text}` : text;
}

/** The spreadsheet name of a 1-based column: 1 -> A, 28 -> AB. */
export function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) {
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  }
  return name;
}

function write(cell: ExcelJS.Cell, spec: XCell): void {
  if (spec === null) {
    return;
  }
  if (typeof spec !== 'object') {
    // Text from the database (names, notes, imported descriptions) must never run as a formula.
    cell.value = typeof spec === 'string' ? neutralise(spec) : spec;
    return;
  }
  if ('formula' in spec) {
    cell.value = { formula: spec.formula, result: spec.result } as ExcelJS.CellFormulaValue;
  } else {
    cell.value = typeof spec.value === 'string' ? neutralise(spec.value) : spec.value;
  }
  if (spec.fmt === 'bold') {
    cell.font = { bold: true };
  } else if (spec.fmt) {
    cell.numFmt = FORMATS[spec.fmt];
  }
}

/** exceljs, loaded when a workbook is written (its browser build may put the classes on `default`). */
export async function loadExcel(): Promise<typeof ExcelJS> {
  const mod = await import('exceljs');
  return (mod.default ?? mod) as typeof ExcelJS;
}

/** The workbook's bytes: exactly the file (a pooled Buffer may be a view on a larger block). */
export async function workbookBytes(sheets: readonly SheetSpec[]): Promise<Uint8Array> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  book.created = new Date();
  // Excel recalculates every formula when the file opens, whatever results it caches.
  book.calcProperties.fullCalcOnLoad = true;
  for (const spec of sheets) {
    const sheet = book.addWorksheet(spec.name.slice(0, 31), {
      pageSetup: spec.print
        ? { paperSize: LETTER, orientation: spec.print, fitToPage: true, fitToWidth: 1, fitToHeight: 0 }
        : undefined,
      views: spec.headRows ? [{ state: 'frozen', ySplit: spec.headRows }] : undefined,
    });
    spec.widths.forEach((w, i) => {
      sheet.getColumn(i + 1).width = w;
    });
    spec.rows.forEach((row, r) => row.forEach((cell, c) => write(sheet.getCell(r + 1, c + 1), cell)));
    for (const n of spec.boldRows ?? []) {
      sheet.getRow(n).font = { bold: true };
    }
    sheet.getRow(1).font = { bold: true, size: 13 };
    if (spec.print && spec.headRows) {
      sheet.pageSetup.printTitlesRow = `${spec.headRows}:${spec.headRows}`;
    }
  }
  const bytes = (await book.xlsx.writeBuffer()) as unknown as Uint8Array | ArrayBuffer;
  // new Uint8Array(view) copies the view's bytes (Buffer#slice would not).
  return new Uint8Array(bytes);
}
