import { open, readFile, stat } from 'node:fs/promises';
import type { SourceRow } from './cells';
import { openCsv } from './read-csv';
import { openXls } from './read-xls';
import { openXlsx } from './read-xlsx';
import { checkWorkbookZip, detectFormat, type FileFormat } from './sniff';

/** A file opened for import, whatever its format: rows stream in order, in batches, with their row numbers. */
export interface TableSource {
  format: FileFormat;
  /** Bytes on disk, for progress. */
  size: number;
  /** The worksheet read (null for CSV); known once batches() has started for .xlsx. */
  sheetName(): string | null;
  batches(onBytes?: (bytes: number) => void): AsyncGenerator<SourceRow[]>;
  /** Text files: the rows read so far as Windows-1252 because they are not UTF-8 (null: none). */
  legacyNotice(): string | null;
}

async function head(filePath: string, bytes = 64 * 1024): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Opens an import file by its contents (the name only has to end in .csv, .xlsx or .xls): checks
 * workbooks for damage and zip bombs first, then hands back a row stream. Throws 415 for content
 * that is no spreadsheet at all and 400 for an empty or unreadable file.
 */
export async function openTable(filePath: string, fileName: string): Promise<TableSource> {
  const { size } = await stat(filePath);
  const format = detectFormat(await head(filePath), fileName);
  if (format === 'xlsx') {
    await checkWorkbookZip(await readFile(filePath));
    const xlsx = openXlsx(filePath);
    return { format, size, sheetName: xlsx.sheetName, batches: xlsx.batches, legacyNotice: () => null };
  }
  if (format === 'xls' || format === 'html') {
    const xls = await openXls(filePath, format);
    return {
      format,
      size,
      sheetName: () => xls.sheetName,
      batches: xls.batches,
      legacyNotice: () => null,
    };
  }
  const csv = await openCsv(filePath);
  return { format, size, sheetName: () => null, batches: csv.batches, legacyNotice: csv.legacyNotice };
}
