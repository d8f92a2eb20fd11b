import path from 'node:path';
import { once } from 'node:events';
import { createInflateRaw } from 'node:zlib';
import { badRequest, unsupportedMediaType } from '@server/errors';

/** How a file is read: by its contents, not only its name (a roster named .xls may be .xlsx inside). */
export type FileFormat = 'csv' | 'xlsx' | 'xls' | 'html';

export const ALLOWED_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const WRONG_CONTENT =
  'The file is neither CSV text nor an Excel workbook. Save it from your spreadsheet as .csv or .xlsx and try again.';

/** The lower-case extension of a file name, refusing anything but .csv, .xlsx and .xls (415). */
export function checkExtension(fileName: string): string {
  const ext = path.extname(fileName).toLowerCase();
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext)) {
    throw unsupportedMediaType(
      `Unsupported file type${ext ? ` ${ext}` : ''}: upload a .csv, .xlsx or .xls file`,
    );
  }
  return ext;
}

function looksBinary(head: Buffer): boolean {
  if (
    head.length >= 2 &&
    ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
  ) {
    return false; // UTF-16 text, as Excel's "Unicode Text" export writes it
  }
  const sample = head.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) {
      return true;
    }
    if (byte < 9 || (byte > 13 && byte < 32)) {
      control += 1;
    }
  }
  return sample.length > 0 && control / sample.length > 0.05;
}

/**
 * Decides how to read a file from its first bytes: a zip is an .xlsx workbook, an OLE compound
 * file a legacy .xls, HTML (web apps' "Excel" exports) goes to SheetJS, and other text is CSV.
 * Binary content that is none of these is refused with 415, whatever the file is called.
 */
export function detectFormat(head: Buffer, fileName: string): FileFormat {
  checkExtension(fileName);
  if (head.length === 0) {
    throw badRequest('The file is empty');
  }
  if (head.subarray(0, 4).equals(ZIP) || head.subarray(0, 4).equals(EMPTY_ZIP)) {
    return 'xlsx';
  }
  if (head.subarray(0, 8).equals(OLE)) {
    return 'xls';
  }
  if (looksBinary(head)) {
    throw unsupportedMediaType(WRONG_CONTENT);
  }
  const start = head.subarray(0, 2048).toString('latin1').trimStart().toLowerCase();
  if (start.startsWith('<') && /<(table|html)\b/.test(start)) {
    return 'html';
  }
  return 'csv';
}

/** A workbook may expand to at most this much, and no part more than RATIO times its packed size. */
export const MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024;
const RATIO = 200;
const RATIO_FLOOR = 20 * 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  localOffset: number;
}

const corrupt = (why: string) =>
  badRequest(
    `The Excel file could not be read (${why}). It may be damaged: open it in Excel and save it again.`,
  );

function centralDirectory(buf: Buffer): ZipEntry[] {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i -= 1) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    throw corrupt('no zip directory');
  }
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) {
      throw corrupt('a broken zip directory');
    }
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    entries.push({
      method: buf.readUInt16LE(offset + 10),
      compressed: buf.readUInt32LE(offset + 20),
      size: buf.readUInt32LE(offset + 24),
      localOffset: buf.readUInt32LE(offset + 42),
      name: buf.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Inflates one zip entry without keeping the output, stopping as soon as it passes the size the
 * directory declared.
 */
async function inflatedSize(packed: Buffer, declared: number): Promise<number | 'too-large' | 'damaged'> {
  const inflater = createInflateRaw();
  let size = 0;
  let tooLarge = false;
  inflater.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > declared) {
      tooLarge = true;
      inflater.destroy();
    }
  });
  const done = Promise.race([once(inflater, 'end'), once(inflater, 'close')]);
  inflater.end(packed);
  try {
    await done;
  } catch {
    return 'damaged';
  }
  return tooLarge ? 'too-large' : size;
}

/**
 * Checks an .xlsx before any reader touches it: a real workbook (not a renamed .docx, 415), a
 * readable zip (400 if damaged), and no zip bomb. Each part is inflated here with a cap at the
 * size the directory declares, so a file that lies about its sizes is caught too (400). Nothing
 * inflated is kept, so this costs time (about a second per 100 MB unpacked) but no memory.
 */
export async function checkWorkbookZip(buf: Buffer): Promise<void> {
  const entries = centralDirectory(buf);
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
    throw unsupportedMediaType(WRONG_CONTENT);
  }
  let total = 0;
  for (const e of entries) {
    if (e.size === 0xffffffff || e.compressed === 0xffffffff) {
      throw badRequest('The Excel file is too large to import (over 4 GB unpacked)');
    }
    total += e.size;
    if (total > MAX_UNZIPPED_BYTES || (e.size > RATIO_FLOOR && e.size > e.compressed * RATIO)) {
      throw badRequest(
        'The Excel file expands to far more data than its size suggests (a "zip bomb"), so it was not opened',
      );
    }
    if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== 0x04034b50) {
      throw corrupt('a broken zip entry');
    }
    const start =
      e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
    const packed = buf.subarray(start, start + e.compressed);
    if (e.method === 8) {
      const inflated = await inflatedSize(packed, e.size);
      if (inflated === 'too-large') {
        throw badRequest(
          'The Excel file expands to more data than it declares (a "zip bomb"), so it was not opened',
        );
      }
      if (inflated === 'damaged') {
        throw corrupt('a damaged zip entry');
      }
    } else if (e.method !== 0) {
      throw corrupt(`an unsupported compression method ${e.method}`);
    }
  }
}
