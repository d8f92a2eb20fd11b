import type ExcelJS from 'exceljs';
import { download, neutralise } from '@web/lib/export';

/**
 * A small writer for the calculation exports (COLA, Salary Progression, Scenario Builder): sheets laid out cell by cell, where figures that are worked
 * out are FORMULAS over the input cells (with the server's figure as the cached result), so the
 * workbook reproduces every number when opened and anyone can change an input and see the effect.
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
}

const FORMATS: Record<Exclude<CellFormat, 'bold'>, string> = {
  money: '"$"#,##0.00;[Red]-"$"#,##0.00',
  percent: '0.00##',
  int: '#,##0',
};

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
    // Text from the database (names, notes) must never run as a formula.
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

/** The workbook's bytes; exceljs loads only when someone exports. */
export async function buildWorkbook(sheets: readonly SheetSpec[]): Promise<ArrayBuffer> {
  const mod = await import('exceljs');
  // The browser build is a CommonJS bundle: depending on the bundler the classes sit on `default`.
  const Excel = (mod.default ?? mod) as typeof mod.default;
  const workbook = new Excel.Workbook();
  workbook.created = new Date();
  // Excel recalculates every formula when the file opens, whatever results it caches.
  workbook.calcProperties.fullCalcOnLoad = true;
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name.slice(0, 31));
    spec.widths.forEach((w, i) => {
      sheet.getColumn(i + 1).width = w;
    });
    spec.rows.forEach((row, r) => {
      row.forEach((cell, c) => write(sheet.getCell(r + 1, c + 1), cell));
    });
    sheet.getRow(1).font = { bold: true, size: 13 };
  }
  const bytes = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array | ArrayBuffer;
  if (bytes instanceof ArrayBuffer) {
    return bytes;
  }
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Builds and downloads the workbook. */
export async function saveWorkbook(sheets: readonly SheetSpec[], fileName: string): Promise<void> {
  const bytes = await buildWorkbook(sheets);
  download(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
}

/** A bold header row. */
export const header = (...titles: string[]): XCell[] => titles.map((t) => ({ value: t, fmt: 'bold' }));
export const money = (value: number): XCell => ({ value, fmt: 'money' });
export const moneyFormula = (formula: string, result: number): XCell => ({ formula, result, fmt: 'money' });
