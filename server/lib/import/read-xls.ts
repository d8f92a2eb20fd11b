import { readFile } from 'node:fs/promises';
import type * as XLSXTypes from '@e965/xlsx';
import { badRequest } from '@server/errors';
import type { Cell, SourceRow } from './cells';
import { excelSerialDay } from './dates';

interface SheetCell {
  t: string;
  v?: unknown;
  z?: string | number;
}

type Xlsx = typeof XLSXTypes;

function toCell(XLSX: Xlsx, cell: SheetCell | undefined): Cell {
  if (!cell || cell.v === undefined || cell.v === null) {
    return null;
  }
  switch (cell.t) {
    case 'n': {
      const v = cell.v as number;
      // Dates are numbers with a date format; read them by the serial so no time zone moves them.
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
        const day = excelSerialDay(v);
        return day ? new Date(`${day}T00:00:00Z`) : v;
      }
      return v;
    }
    case 'b':
      return Boolean(cell.v);
    case 'e':
      return String((cell as { w?: string }).w ?? '#ERROR');
    default:
      return String(cell.v);
  }
}

export interface XlsSource {
  sheetName: string | null;
  batches(onBytes?: (bytes: number) => void): AsyncGenerator<SourceRow[]>;
}

/**
 * Reads a legacy .xls (BIFF, through the maintained SheetJS 0.20 republish; never the registry's
 * vulnerable xlsx 0.18) or an HTML table saved as .xls. SheetJS reads the whole workbook at once,
 * which is fine for the 50 MB upload limit; the first sheet with data is used.
 */
export async function openXls(filePath: string, format: 'xls' | 'html'): Promise<XlsSource> {
  const data = await readFile(filePath);
  // Loaded on first use: SheetJS adds about 0.2 s to the start of every process that imports it.
  const XLSX: Xlsx = await import('@e965/xlsx');
  let book: XLSXTypes.WorkBook;
  try {
    book =
      format === 'html'
        ? XLSX.read(data.toString('utf8'), { type: 'string', dense: true, cellDates: false, raw: true })
        : XLSX.read(data, {
            type: 'buffer',
            dense: true,
            cellDates: false,
            cellFormula: false,
            cellHTML: false,
          });
  } catch (err) {
    throw badRequest(
      `The Excel file could not be read (${String((err as Error).message).split('\n')[0]}). It may be damaged or password-protected: open it in Excel and save it as .xlsx.`,
    );
  }
  const sheetName =
    book.SheetNames.find((name) => {
      const ws = book.Sheets[name];
      return Boolean(ws?.['!ref']) && ((ws['!data'] as unknown[] | undefined)?.length ?? 0) > 0;
    }) ?? null;
  const total = data.length;
  return {
    sheetName,
    async *batches(onBytes) {
      onBytes?.(total);
      if (!sheetName) {
        return;
      }
      const ws = book.Sheets[sheetName];
      const dense = (ws['!data'] ?? []) as (SheetCell[] | undefined)[];
      const range = XLSX.utils.decode_range(ws['!ref'] as string);
      let batch: SourceRow[] = [];
      for (let r = range.s.r; r <= range.e.r; r += 1) {
        const source = dense[r] ?? [];
        const cells: Cell[] = [];
        for (let c = 0; c <= range.e.c; c += 1) {
          cells.push(toCell(XLSX, source[c]));
        }
        batch.push({ n: r + 1, cells });
        if (batch.length >= 1000) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) {
        yield batch;
      }
    },
  };
}
