import { workbookBytes, type SheetSpec, type XCell } from '@shared/workbook';
import { download } from '@web/lib/export';

/**
 * The calculation exports (COLA, Salary Progression, Scenario Builder, Budget vs Actual): sheets
 * laid out cell by cell and written by the one workbook writer the server's reports use
 * (shared/workbook.ts), where worked-out figures are formulas over the input cells.
 */

export { columnName, type CellFormat, type SheetSpec, type XCell } from '@shared/workbook';

/** The workbook's bytes; exceljs loads only when someone exports. */
export async function buildWorkbook(sheets: readonly SheetSpec[]): Promise<ArrayBuffer> {
  const bytes = await workbookBytes(sheets);
  return bytes.buffer as ArrayBuffer;
}

/** Builds and downloads the workbook. */
export async function saveWorkbook(sheets: readonly SheetSpec[], fileName: string): Promise<void> {
  const bytes = await workbookBytes(sheets);
  download(
    new Blob([bytes as Uint8Array<ArrayBuffer>], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    fileName,
  );
}

/** A bold header row. */
export const header = (...titles: string[]): XCell[] => titles.map((t) => ({ value: t, fmt: 'bold' }));
export const money = (value: number): XCell => ({ value, fmt: 'money' });
export const moneyFormula = (formula: string, result: number): XCell => ({ formula, result, fmt: 'money' });

/**
 * Where a sheet's rows of data sit under its header row: rows 2..last (at least row 2, so the SUM
 * ranges over them stay valid with none), the totals on the row after.
 */
export function dataRows(count: number): { first: number; last: number; total: number } {
  const last = Math.max(2, count + 1);
  return { first: 2, last, total: last + 1 };
}
