import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { cellText, isBlankRow, type SourceRow } from '@server/lib/import/cells';
import { detectHeader, HEADER_SCAN_ROWS, headerSignature, type HeaderInfo } from '@server/lib/import/header';
import { BuildingMatcher, CategoryMatcher } from '@server/lib/import/match';
import { profileColumns } from '@server/lib/import/profile';
import { openTable, type TableSource } from '@server/lib/import/read-table';
import { checkExtension } from '@server/lib/import/sniff';
import { suggestMappings, type Suggestion } from '@server/lib/import/suggest';
import {
  deleteUpload,
  purgeExpiredUploads,
  saveUploadBytes,
  saveUploadMeta,
  sha256,
  type UploadMeta,
} from '@server/lib/import/uploads';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/import';
import {
  analyzeFields,
  fieldsFor,
  PREVIEW_ROWS,
  SKIP,
  type ImportAnalysis,
  type ImportType,
} from '@shared/schemas/import';
import { parseOrThrow } from '@server/middleware/validate';

/** Data rows read to profile columns and suggest mappings; the rest of the file is not read. */
const PROFILE_ROWS = 200;

/**
 * The widest row an import reads. A district's payroll or budget export has tens of columns, a few
 * hundred at most; a header of 200,000 had every column profiled and matched against every
 * field's names, holding the server for 12 s.
 */
export const MAX_IMPORT_COLUMNS = 1_000;

/** The top of a file: enough rows to find the header and profile the columns under it. */
export async function sampleRows(table: TableSource): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  let nonBlank = 0;
  for await (const batch of table.batches()) {
    for (const row of batch) {
      if (row.cells.length > MAX_IMPORT_COLUMNS) {
        throw badRequest(
          `Row ${row.n}: ${row.cells.length.toLocaleString('en-US')} columns; an import file may have at most ${MAX_IMPORT_COLUMNS.toLocaleString('en-US')}`,
        );
      }
      rows.push(row);
      if (!isBlankRow(row.cells)) {
        nonBlank += 1;
      }
    }
    if (nonBlank >= HEADER_SCAN_ROWS + PROFILE_ROWS) {
      break;
    }
  }
  return rows;
}

/** Finds the header, refusing a file with no data (400 with a message the wizard can show). */
export function headerOf(sample: readonly SourceRow[]): { header: HeaderInfo; data: SourceRow[] } {
  const header = detectHeader(sample);
  if (!header) {
    throw badRequest('The file is empty: it has no rows with data');
  }
  const data = sample.filter((r) => r.n > header.headerRow && !isBlankRow(r.cells));
  if (!data.length) {
    throw badRequest('The file has column headers but no data rows');
  }
  return { header, data };
}

/** SHA-256 of a file on disk, read in a stream. */
export async function fileSha256(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** Each column's profile from the first rows under the header (what its values look like). */
export async function profileSample(app: AppContext, columns: readonly string[], data: SourceRow[]) {
  const sample = data.slice(0, PROFILE_ROWS);
  const profiles = profileColumns(
    columns.length,
    sample.map((r) => r.cells),
    {
      buildings: new BuildingMatcher(await q.listBuildingRefs(app.db)),
      categories: new CategoryMatcher(await q.listCategoryRefs(app.db)),
    },
  );
  return { profiles, sample };
}

/**
 * The mapping confirmed before for this layout as suggestions, or null when it names a column the
 * file no longer has (then the file's own suggestions stand).
 */
export function savedSuggestions(
  fields: readonly { field: string }[],
  saved: { columnMappings: Record<string, string | null>; noteColumns?: string[] },
  columns: readonly string[],
): Record<string, Suggestion> | null {
  const known = new Set(columns);
  const usable =
    Object.values(saved.columnMappings).every((c) => c === null || c === SKIP || known.has(c)) &&
    (saved.noteColumns ?? []).every((c) => known.has(c));
  if (!usable) {
    return null;
  }
  return Object.fromEntries(
    fields.map(({ field }) => {
      const column = saved.columnMappings[field];
      return [
        field,
        column && column !== SKIP
          ? { csvColumn: column, confidence: 'high' as const }
          : { csvColumn: null, confidence: 'none' as const },
      ];
    }),
  );
}

export type FileAnalysis = Omit<ImportAnalysis, 'fileName'> & { header: HeaderInfo; sha256: string };

/**
 * Reads the top of a file and proposes a mapping: the header (even below title rows), the fields
 * expected for the import type, suggestions from header names and values (or the mapping saved
 * for this layout), the first 5 rows, and earlier imports of the same bytes. The HTTP upload and
 * the CLI both come through here.
 */
export async function analyzeFile(
  app: AppContext,
  actor: Actor,
  file: { path: string; originalName: string; sha256?: string },
  importType: ImportType,
): Promise<FileAnalysis> {
  authorize(actor, 'import.run');
  const table = await openTable(file.path, file.originalName);
  const { header, data } = headerOf(await sampleRows(table));
  const columns = header.columns;
  const { profiles, sample } = await profileSample(app, columns, data);
  let suggestedMappings = suggestMappings(importType, columns, profiles, sample.length);
  let suggestedNoteColumns: string[] = [];
  const saved = await q.findSavedMapping(app.db, importType, headerSignature(columns));
  const fromSaved = saved && savedSuggestions(fieldsFor(importType), saved, columns);
  if (saved && fromSaved) {
    suggestedMappings = fromSaved;
    suggestedNoteColumns = saved.noteColumns;
  }
  const digest = file.sha256 ?? (await fileSha256(file.path));
  return {
    success: true,
    originalName: file.originalName,
    importType,
    fileType: table.format,
    sheetName: table.sheetName(),
    headerRow: header.headerRow,
    detectedColumns: columns,
    expectedColumns: fieldsFor(importType).map((f) => ({ ...f })),
    suggestedMappings,
    suggestedNoteColumns,
    savedMapping: Boolean(fromSaved),
    previewData: data
      .slice(0, PREVIEW_ROWS)
      .map((r) => Object.fromEntries(columns.map((c, i) => [c, cellText(r.cells[i] ?? null)]))),
    previousImports: await q.findRunsOfFile(app.db, digest),
    header,
    sha256: digest,
  };
}

/**
 * POST /import/analyze: stores the upload (so execute needs no second upload), analyzes it and
 * answers with its token as `fileName`.
 */
export async function analyzeUpload(
  app: AppContext,
  actor: Actor,
  upload: { buffer: Buffer; originalName: string } | undefined,
  rawFields: unknown,
): Promise<ImportAnalysis> {
  authorize(actor, 'import.run');
  const { importType } = parseOrThrow(analyzeFields, rawFields ?? {}, 'body');
  return storeAndAnalyze(app, actor, upload, importType, (file) => analyzeFile(app, actor, file, importType));
}

/**
 * Keeps an upload on disk under a token and analyzes it, for every import type: the extension is
 * checked first, expired uploads are purged, the header found is saved beside the bytes for
 * execute, and a file that cannot be analyzed is deleted at once.
 */
export async function storeAndAnalyze<T extends { header: HeaderInfo; sha256: string }>(
  app: AppContext,
  actor: Actor,
  upload: { buffer: Buffer; originalName: string } | undefined,
  importType: UploadMeta['importType'],
  analyze: (file: { path: string; originalName: string; sha256: string }) => Promise<T>,
): Promise<Omit<T, 'header' | 'sha256'> & { fileName: string }> {
  if (!upload) {
    throw badRequest('Please choose a file to upload (.csv, .xlsx or .xls)', [
      { path: 'file', message: 'Required' },
    ]);
  }
  const originalName = path.basename(upload.originalName || 'upload');
  checkExtension(originalName);
  await purgeExpiredUploads(app.config.dataDir);
  const digest = sha256(upload.buffer);
  const stored = await saveUploadBytes(app.config.dataDir, upload.buffer);
  try {
    const {
      header,
      sha256: fileHash,
      ...analysis
    } = await analyze({
      path: stored.path,
      originalName,
      sha256: digest,
    });
    await saveUploadMeta(app.config.dataDir, stored.token, {
      originalName,
      importType,
      userId: actor.id,
      size: upload.buffer.length,
      sha256: fileHash,
      header,
      createdAt: new Date().toISOString(),
    });
    return { ...analysis, fileName: stored.token };
  } catch (err) {
    await deleteUpload(app.config.dataDir, stored.token);
    throw err;
  }
}
