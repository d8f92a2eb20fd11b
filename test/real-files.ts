import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The tests' own reading of the real public files in ../shared/fixtures/real: where they are, a
 * CSV reader and money as BigInt cents. Figures checked against the app are worked out from the
 * files with these, never with the importer's code, so the two cannot agree on the same mistake.
 * Nothing here imports vitest: the browser tests use it too.
 */

/** ../shared/fixtures/real beside the repository. */
export const REAL_DIR = path.resolve(import.meta.dirname, '../../shared/fixtures/real');

export const realFile = (name: string) => path.join(REAL_DIR, name);

/**
 * Whether a test of a real file is skipped: a developer may not have ../shared, and then it is;
 * under CI (CI=true, set by .ci/run) it must run, so a missing file fails it.
 */
export const skipWithout = (file: string) => !existsSync(file) && process.env.CI !== 'true';

/** CSV records: quoted fields with commas, newlines and "" escapes; LF or CRLF. */
export function csvRecords(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      out.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (quoted) {
    throw new Error('a quoted field runs to the end of the file');
  }
  if (field || row.length) {
    out.push([...row, field.replace(/\r$/, '')]);
  }
  return out;
}

/** '116850.0' or '-97628.74' as cents, from the digits: anything else (a blank too) is an error. */
export function cents(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) {
    throw new Error(`not an amount with at most 2 decimals: ${text}`);
  }
  const value = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
}

/** Money as payroll and budget exports write it: '"$1,234.56"', '-$500', and a blank cell is zero. */
export function exportCents(text: string): bigint {
  const t = text.trim().replace(/[$,]/g, '');
  return t ? cents(t) : 0n;
}

/** Cents as plain decimal text: -123456n -> '-1234.56'. */
export function decimalText(value: bigint): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
