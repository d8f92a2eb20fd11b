import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import type ExcelJS from 'exceljs';
import { badRequest } from '@server/errors';
import type { Cell, SourceRow } from './cells';

/** Excel's own sheet limits; a file claiming more is refused rather than read forever. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

interface RichText {
  richText: { text: string }[];
}

/**
 * One exceljs cell value as a plain Cell: formulas give their cached result, rich text its text,
 * hyperlinks their text, error values (#DIV/0!) their code as text so the parsers can name them.
 */
export function plainCell(value: ExcelJS.CellValue | undefined): Cell {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) {
    return value;
  }
  if (typeof value === 'object') {
    if ('richText' in value) {
      return (value as RichText).richText.map((r) => r.text).join('');
    }
    if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result && typeof result === 'object' && 'error' in result) {
        return String((result as { error: unknown }).error);
      }
      return plainCell(result as ExcelJS.CellValue);
    }
    if ('error' in value) {
      return String((value as { error: unknown }).error);
    }
    if ('text' in value) {
      return plainCell((value as { text: ExcelJS.CellValue }).text);
    }
    if ('sharedString' in value) {
      // The text table was not read before the sheet: importing would store nulls for every text
      // cell. patches/exceljs+4.4.0.patch fixes the known cause; this refuses any other.
      throw badRequest(
        'The Excel file could not be read (its text table was missing). Please upload it again.',
      );
    }
  }
  return null;
}

const unreadable = (err: unknown) =>
  badRequest(
    `The Excel file could not be read (${String((err as Error)?.message ?? err).split('\n')[0]}). It may be damaged: open it in Excel and save it again.`,
  );

const BATCH = 1000;

export interface XlsxSource {
  /** Rows of the first worksheet that has any, in batches. */
  batches(onBytes?: (bytes: number) => void): AsyncGenerator<SourceRow[]>;
  /** Set once batches() has reached the worksheet. */
  sheetName(): string | null;
}

/**
 * Streams the first non-empty worksheet of an .xlsx with exceljs's streaming reader: shared strings
 * and styles are cached (styles tell dates from numbers), rows are never all held at once, so a
 * 100,000-row sheet reads in well under the memory of the whole workbook.
 */
export function openXlsx(filePath: string): XlsxSource {
  let name: string | null = null;
  return {
    sheetName: () => name,
    async *batches(onBytes) {
      // Loaded on first use: exceljs adds about 0.3 s to the start of every process that imports it.
      const { default: Excel } = await import('exceljs');
      const input = createReadStream(filePath, { highWaterMark: 256 * 1024 });
      // Bytes are counted by a pass-through, not a 'data' listener: a listener would start the file
      // flowing before exceljs reads it, and the chunks it missed would be lost.
      const counted = input.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            onBytes?.(chunk.length);
            done(null, chunk);
          },
        }),
      );
      input.on('error', (err) => counted.destroy(err));
      const reader = new Excel.stream.xlsx.WorkbookReader(counted, {
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
        entries: 'ignore',
      });
      // exceljs's streaming reader can reach a worksheet before workbook.xml has set `model`, and then
      // reads `model.sheets` of undefined (seen on a real Excel-written file, depending on timing).
      // An empty model avoids the crash; workbook.xml replaces it when parsed (only the sheet name
      // can be missing then).
      const withModel = reader as unknown as { model?: { sheets?: unknown[] } };
      withModel.model ??= { sheets: [] };
      let seen = 0;
      let batch: SourceRow[] = [];
      try {
        for await (const worksheet of reader) {
          const ws = worksheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string };
          let any = false;
          for await (const row of ws) {
            if (!any) {
              any = true;
              name = ws.name ?? null;
            }
            seen += 1;
            if (seen > MAX_ROWS) {
              throw badRequest('The worksheet has more rows than Excel allows');
            }
            const values = row.values as ExcelJS.CellValue[];
            const width = Math.min(values.length - 1, MAX_COLUMNS);
            const cells: Cell[] = new Array(Math.max(width, 0));
            for (let i = 1; i <= width; i += 1) {
              cells[i - 1] = plainCell(values[i]);
            }
            batch.push({ n: row.number, cells });
            if (batch.length >= BATCH) {
              yield batch;
              batch = [];
            }
          }
          if (any) {
            break;
          }
        }
        if (batch.length) {
          yield batch;
        }
      } catch (err) {
        if ((err as { status?: number }).status) {
          throw err;
        }
        throw unreadable(err);
      } finally {
        input.destroy();
        counted.destroy();
      }
    },
  };
}
