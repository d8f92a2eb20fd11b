/**
 * Exports of what a grid shows, to CSV and to Excel (.xlsx). Both neutralise text that a
 * spreadsheet would run as a formula (CSV/formula injection): an imported description such as
 * `=HYPERLINK("http://evil","click")` must arrive as text, never as a live formula.
 */

import { loadExcel, MONEY_FORMAT, neutralise } from '@shared/workbook';
import { api, ApiError } from '@web/api/client';
import { readToken } from '@web/auth/session-storage';

/**
 * How a column is written: money and numbers stay numbers in .xlsx (money with a currency format);
 * dates (YYYY-MM-DD values) are Excel dates there and MM/DD/YYYY in CSV.
 */
export type ExportKind = 'text' | 'money' | 'number' | 'date';

export type ExportValue = string | number | boolean | null | undefined;

export interface ExportColumn<T> {
  header: string;
  kind: ExportKind;
  value(row: T): ExportValue;
}

// The one rule for text a spreadsheet would run as a formula, shared with the server's exports.
export { neutralise } from '@shared/workbook';

/** A YYYY-MM-DD day as the Date of its UTC midnight (what Excel's serial day numbers count). */
function utcDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) {
    return null;
  }
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCDate() === Number(m[3]) ? date : null;
}

/** The cell as it is written: numbers for numeric columns, dates for date columns, neutralised text otherwise. */
export function exportCell<T>(column: ExportColumn<T>, row: T): string | number | Date | null {
  const raw = column.value(row);
  if (raw === null || raw === undefined || raw === '') {
    return null;
  }
  if (column.kind === 'date') {
    return utcDay(String(raw)) ?? neutralise(String(raw));
  }
  if (column.kind !== 'text') {
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (Number.isFinite(n)) {
      return n;
    }
  }
  return neutralise(String(raw));
}

function csvField(value: string | number | Date | null): string {
  if (value === null) {
    return '';
  }
  if (value instanceof Date) {
    const iso = value.toISOString();
    return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  }
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV (CRLF line ends) with a header row. */
export function toCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const lines = [columns.map((c) => csvField(neutralise(c.header))).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => csvField(exportCell(c, row))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Saves a blob under a file name through a temporary link (the browser's download). `logged`: the
 * server made the file and already wrote its security-log entry when it sent it (a workbook route),
 * so the browser does not record it a second time.
 */
export function download(
  blob: Blob,
  fileName: string,
  logged: 'by-browser' | 'by-server' = 'by-browser',
): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  // Every export goes to the security log (salary data leaving the app); the
  // download never waits on it or fails for it.
  if (logged === 'by-server') {
    return;
  }
  void api
    .post('/auth/exports', { fileName: fileName.slice(0, 200), bytes: blob.size })
    .catch(() => undefined);
}

/**
 * Downloads a file the server builds (a workbook route, `apiPath` under /api), named as the server
 * names it. The server logged the export as it sent the file; a refusal throws with its message.
 */
export async function downloadServerFile(apiPath: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const res = await fetch(`/api${apiPath}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.error);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  download(await res.blob(), name, 'by-server');
}

/** Downloads the rows as CSV; a byte-order mark makes Excel read it as UTF-8 (names with accents). */
export function exportCsv<T>(
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  fileName: string,
): void {
  const blob = new Blob(['\uFEFF', toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' });
  download(blob, fileName.endsWith('.csv') ? fileName : `${fileName}.csv`);
}

const NUMBER_FORMAT = '#,##0.##';
const DATE_FORMAT = 'mm/dd/yyyy';
const FORMATS: Partial<Record<ExportKind, string>> = {
  money: MONEY_FORMAT,
  number: NUMBER_FORMAT,
  date: DATE_FORMAT,
};

/**
 * The workbook as bytes. exceljs is loaded only when someone exports, so it never weighs on the
 * first load of a screen.
 */
export async function buildXlsx<T>(
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  sheetName = 'Export',
): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: neutralise(c.header),
    width: Math.min(40, Math.max(10, c.header.length + 4)),
    style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((c) => exportCell(c, row)));
  }
  const bytes = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array | ArrayBuffer;
  if (bytes instanceof ArrayBuffer) {
    return bytes;
  }
  // A copy that is exactly the workbook (a pooled Buffer may be a view on a larger block).
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Downloads the rows as an Excel workbook with one sheet. */
export async function exportXlsx<T>(
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  fileName: string,
  sheetName?: string,
): Promise<void> {
  const bytes = await buildXlsx(rows, columns, sheetName);
  const blob = new Blob([bytes], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  download(blob, fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
}
