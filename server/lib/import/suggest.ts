import { fieldsFor, type Confidence, type ImportType } from '@shared/schemas/import';
import { normalizeLabel } from './cells';
import type { ColumnProfile } from './profile';
import { wordsFor, type FieldWords } from './synonyms';

export interface Suggestion {
  csvColumn: string | null;
  confidence: Confidence;
}

/** Scores at or above these are high / medium confidence; below, nothing is suggested. */
const HIGH = 90;
const MEDIUM = 35;

const MONEY_FIELDS = new Set(['currentSalary', 'nextYearSalary', 'amount']);
const DATE_FIELDS = new Set(['hireDate', 'dateOfDeparture']);

const hasWords = (text: string, words: string) => ` ${text} `.includes(` ${words} `);

/** The fiscal year a header names ('FY27 Proposed' -> 27), to prefer the newest of several years. */
function headerYear(norm: string): number {
  const m = /\bfy\s*(\d{2}|\d{4})\b|\b20(\d{2})\b/.exec(norm) ?? /\bfy(\d{2})/.exec(norm);
  if (!m) {
    return 0;
  }
  const digits = m[1] ?? m[2];
  return Number(digits.slice(-2));
}

/** How well a header names a field: 100-ish for an exact name, 55-75 for a partial one, else 0. */
export function headerScore(words: FieldWords, header: string): number {
  const norm = normalizeLabel(header);
  if (!norm) {
    return 0;
  }
  const compact = norm.replace(/ /g, '');
  const vetoed = (words.veto ?? []).some((v) => hasWords(norm, v));
  let best = 0;
  words.names.forEach((raw, k) => {
    const weak = raw.startsWith('~');
    const name = weak ? raw.slice(1) : raw;
    if (norm === name || compact === name.replace(/ /g, '')) {
      best = Math.max(best, weak ? 75 - k * 0.1 : 100 - k * 0.2);
    } else if (!vetoed && hasWords(norm, name)) {
      best = Math.max(best, 55 + 20 * (1 - k / words.names.length));
    }
  });
  return best;
}

/** What a column's values alone say about a field (0 when they say nothing). */
function valueScore(field: string, p: ColumnProfile, sampleRows: number): number {
  if (!p.filled) {
    return 0;
  }
  const coverage = sampleRows ? Math.min(1, p.filled / sampleRows) : 0;
  // A column filled on few rows (codes on heading rows only) says little about the lines.
  if (coverage < 0.5 && field !== 'accountDescription') {
    return 0;
  }
  switch (field) {
    case 'lastName':
      return p.lastFirst >= 0.6 ? 85 : 0;
    case 'locationCode':
      return p.building >= 0.5 ? 95 : 0;
    case 'category':
      return p.category >= 0.5 ? 92 : 0;
    case 'deseCode':
      return p.deseCode >= 0.8 ? 65 : p.account >= 0.6 ? 60 : 0;
    case 'accountLine':
      return p.account >= 0.6 ? 70 : 0;
    case 'currentFTE':
      return p.fte >= 0.9 && p.medianMoney <= 1.5 ? 45 : 0;
    case 'currentSalary':
      return p.money >= 0.9 && p.medianMoney >= 10_000 ? 40 : 0;
    case 'amount':
      return p.money >= 0.8 ? 36 : 0;
    case 'hireDate':
      return p.date >= 0.8 ? 40 : 0;
    case 'employeeStatus':
      return p.status >= 0.8 ? 50 : 0;
    case 'fiscalYear':
      return p.fiscalYear >= 0.9 ? 50 : 0;
    case 'accountDescription':
      return p.text >= 0.8 && p.distinct >= 0.3 ? 30 + 10 * coverage : 0;
    default:
      return 0;
  }
}

/** Values that contradict the header ('Rate' full of text) weaken a header match. */
function contradicted(field: string, p: ColumnProfile): boolean {
  if (!p.filled) {
    return false;
  }
  if (MONEY_FIELDS.has(field)) {
    return p.money < 0.5;
  }
  if (DATE_FIELDS.has(field)) {
    return p.date < 0.5;
  }
  if (field === 'currentFTE') {
    return p.fte < 0.5;
  }
  return false;
}

function score(
  field: string,
  words: FieldWords,
  header: string,
  p: ColumnProfile,
  sampleRows: number,
): number {
  let fromHeader = headerScore(words, header);
  if (field === 'category' && fromHeader < HIGH) {
    fromHeader = 0; // a loose 'Category' column rarely names our categories: let the values decide
  }
  if (fromHeader && (field === 'amount' || field === 'currentSalary') && fromHeader < HIGH) {
    fromHeader = Math.min(HIGH - 1, fromHeader + headerYear(normalizeLabel(header)) * 0.3);
  }
  // A department column whose values are the district's buildings (Boston's DEPARTMENT_NAME holds
  // the school names) says where people work: Building's value score (95) takes it first.
  if (field === 'department' && p.building >= 0.5) {
    fromHeader = Math.min(fromHeader, HIGH);
  }
  if (fromHeader && contradicted(field, p)) {
    fromHeader *= 0.3;
  }
  return Math.max(fromHeader, valueScore(field, p, sampleRows));
}

/**
 * Suggests a column for every expected field from header names and the values themselves: each
 * (field, column) pair is scored, then the best pairs are taken greedily so no column serves two
 * fields. Every field gets an entry; fields with no good column get { csvColumn: null, 'none' }.
 */
export function suggestMappings(
  type: ImportType,
  columns: readonly string[],
  profiles: readonly ColumnProfile[],
  sampleRows: number,
): Record<string, Suggestion> {
  const words = wordsFor(type);
  const pairs: { field: string; col: number; score: number }[] = [];
  for (const { field } of fieldsFor(type)) {
    columns.forEach((header, col) => {
      const s = score(field, words[field], header, profiles[col], sampleRows);
      if (s >= MEDIUM) {
        pairs.push({ field, col, score: s });
      }
    });
  }
  pairs.sort((a, b) => b.score - a.score || a.col - b.col);
  const result: Record<string, Suggestion> = {};
  const usedColumns = new Set<number>();
  for (const pair of pairs) {
    if (result[pair.field] || usedColumns.has(pair.col)) {
      continue;
    }
    usedColumns.add(pair.col);
    result[pair.field] = { csvColumn: columns[pair.col], confidence: pair.score >= HIGH ? 'high' : 'medium' };
  }
  for (const { field, required } of fieldsFor(type)) {
    result[field] ??= (required &&
      namedButContradicted(field, words[field], columns, profiles, usedColumns)) || {
      csvColumn: null,
      confidence: 'none',
    };
  }
  return result;
}

/**
 * A required amount no column's values suggest keeps the free column its header names ('Budget'
 * full of 'TBD'): the import then says its values are not amounts (import-mapping.ts), where
 * leaving it unmapped said only 'Please map required fields: Amount' of a file that has the column.
 */
function namedButContradicted(
  field: string,
  words: FieldWords,
  columns: readonly string[],
  profiles: readonly ColumnProfile[],
  used: ReadonlySet<number>,
): Suggestion | null {
  if (!MONEY_FIELDS.has(field)) {
    return null;
  }
  let best: { col: number; score: number } | null = null;
  columns.forEach((header, col) => {
    const s = headerScore(words, header);
    if (!used.has(col) && s >= HIGH && contradicted(field, profiles[col]) && s > (best?.score ?? 0)) {
      best = { col, score: s };
    }
  });
  return best ? { csvColumn: columns[(best as { col: number }).col], confidence: 'medium' } : null;
}
