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
import type { Suggestion } from '@server/lib/import/suggest';
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
  PREVIEW_ROWS,
  SKIP,
  type ImportAnalysis,
  type ImportKindName,
  type ImportType,
} from '@shared/schemas/import';
import { mappingRule, notAmountsOf } from './import-mapping';
import type { ImportKind } from './kinds/kind';

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

/** The sample's rows under the header that hold something: what the analysis and the import check. */
export const dataRows = (sample: readonly SourceRow[], header: HeaderInfo): SourceRow[] =>
  sample.filter((r) => r.n > header.headerRow && !isBlankRow(r.cells));

/** Finds the header, refusing a file with no data (400 with a message the wizard can show). */
export function headerOf(sample: readonly SourceRow[]): { header: HeaderInfo; data: SourceRow[] } {
  const header = detectHeader(sample);
  if (!header) {
    throw badRequest('The file is empty: it has no rows with data');
  }
  const data = dataRows(sample, header);
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

/** What every kind's analysis says (the ledger's adds its own), before the upload's token. */
export type FileAnalysis<K extends ImportKindName = ImportType> = Omit<
  ImportAnalysis,
  'fileName' | 'importType'
> & { importType: K; header: HeaderInfo; sha256: string };

/**
 * Reads the top of a file and proposes a mapping, for every kind of import: the header (even below
 * title rows), the fields the kind maps, suggestions from header names and values (or the mapping
 * saved for this layout), the first 5 rows, earlier imports of the same bytes, and what the kind
 * adds (the ledger: its account pattern and period). The HTTP upload and the CLI both come through
 * here.
 */
export async function analyzeAs<K extends ImportKindName, Extra>(
  app: AppContext,
  actor: Actor,
  file: { path: string; originalName: string; sha256?: string },
  kind: ImportKind<K, unknown, { dryRun: boolean }, Extra>,
): Promise<FileAnalysis<K> & Extra> {
  authorize(actor, 'import.run');
  const table = await openTable(file.path, file.originalName);
  const { header, data } = headerOf(await sampleRows(table));
  const columns = header.columns;
  const { profiles, sample } = await profileSample(app, columns, data);
  const { fields } = mappingRule(kind.name);
  const saved = await q.findSavedMapping(app.db, kind.name, headerSignature(columns));
  const fromSaved = saved && savedSuggestions(fields, saved, columns);
  const suggestedMappings = fromSaved || kind.suggest(columns, profiles, sample.length);
  const digest = file.sha256 ?? (await fileSha256(file.path));
  const more = await kind.analyzeMore(app, { table, data, columns, suggested: suggestedMappings });
  return {
    success: true,
    originalName: file.originalName,
    importType: kind.name,
    fileType: table.format,
    sheetName: table.sheetName(),
    headerRow: header.headerRow,
    detectedColumns: columns,
    expectedColumns: fields.map((f) => ({ ...f })),
    suggestedMappings,
    // A ledger mapping saved before note columns were kept with every kind's has none.
    suggestedNoteColumns: fromSaved ? ((saved.noteColumns as string[] | undefined) ?? []) : [],
    savedMapping: Boolean(fromSaved),
    previewData: data
      .slice(0, PREVIEW_ROWS)
      .map((r) => Object.fromEntries(columns.map((c, i) => [c, cellText(r.cells[i] ?? null)]))),
    previousImports: await kind.previousImports(app.db, digest),
    notAmounts: notAmountsOf(columns, data),
    ...more,
    header,
    sha256: digest,
  };
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
