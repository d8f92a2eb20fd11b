import type { AppContext } from '@server/context';
import { validationFailed } from '@server/errors';
import { accountPatternProblem, DEFAULT_ACCOUNT_PATTERN } from '@server/lib/account-pattern';
import { cellText } from '@server/lib/import/cells';
import { headerSignature, type HeaderInfo } from '@server/lib/import/header';
import { suggestLedgerMappings } from '@server/lib/import/ledger-suggest';
import { openTable } from '@server/lib/import/read-table';
import { parseFiscalYearCell } from '@server/lib/import/values';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/ledger-imports';
import {
  LEDGER_FIELDS,
  LEDGER_IMPORT_TYPE,
  MAX_PERIOD,
  MIN_PERIOD,
  type AccountPatternInfo,
  type LedgerAnalysis,
} from '@shared/schemas/ledger-import';
import { PREVIEW_ROWS } from '@shared/schemas/import';
import { insertAudit } from '@server/db/audit';
import {
  fileSha256,
  headerOf,
  profileSample,
  sampleRows,
  savedSuggestions,
  storeAndAnalyze,
} from './import-analyze';

export const PATTERN_HELP =
  "Segments as the account writes them, with its separators: FUNC = the DESE function code (4 digits), OBJECT = the object code, LOC = a building's code, x = one character (xxx three), ... = any number of segments (once at most), a lower-case word = one segment of any length. Lunenburg's MUNIS accounts (0100-3-300-2305-03-2-10-1-511001): fund-x-xxx-FUNC-...-OBJECT.";

export type LedgerFileAnalysis = Omit<LedgerAnalysis, 'fileName'> & { header: HeaderInfo; sha256: string };

/** The period or fiscal year the first rows agree on, from the mapped column. */
function firstValue(
  data: { cells: unknown[] }[],
  column: number | undefined,
  read: (text: string) => number | null,
): number | null {
  if (column === undefined) {
    return null;
  }
  for (const row of data) {
    const value = read(cellText((row.cells[column] ?? null) as never));
    if (value !== null) {
      return value;
    }
  }
  return null;
}

/**
 * Reads the top of a ledger file and proposes a mapping (or the one confirmed for these columns
 * before), with the district's account pattern and the period and fiscal year the file names. The
 * HTTP upload and the CLI both come through here.
 */
export async function analyzeLedgerFile(
  app: AppContext,
  actor: Actor,
  file: { path: string; originalName: string; sha256?: string },
): Promise<LedgerFileAnalysis> {
  authorize(actor, 'import.run');
  const table = await openTable(file.path, file.originalName);
  const { header, data } = headerOf(await sampleRows(table));
  const columns = header.columns;
  const { profiles } = await profileSample(app, columns, data);
  const saved = await q.findLedgerMapping(app.db, headerSignature(columns));
  const fromSaved = saved && savedSuggestions(LEDGER_FIELDS, saved, columns);
  const suggested = fromSaved || suggestLedgerMappings(columns, profiles);
  const index = (field: string) => {
    const column = suggested[field]?.csvColumn;
    return column ? columns.indexOf(column) : undefined;
  };
  const digest = file.sha256 ?? (await fileSha256(file.path));
  const settings = await q.findLedgerSettings(app.db);
  return {
    success: true,
    originalName: file.originalName,
    importType: LEDGER_IMPORT_TYPE,
    fileType: table.format,
    sheetName: table.sheetName(),
    headerRow: header.headerRow,
    detectedColumns: columns,
    expectedColumns: LEDGER_FIELDS.map((f) => ({ ...f })),
    suggestedMappings: suggested,
    suggestedNoteColumns: [],
    savedMapping: Boolean(fromSaved),
    previewData: data
      .slice(0, PREVIEW_ROWS)
      .map((r) => Object.fromEntries(columns.map((c, i) => [c, cellText(r.cells[i] ?? null)]))),
    previousImports: await q.findLedgerImportsOfFile(app.db, digest),
    accountPattern: settings.account_pattern,
    detectedPeriod: firstValue(data, index('period'), (t) => {
      const n = /^\d+(\.0+)?$/.test(t) ? Number(t.split('.')[0]) : NaN;
      return n >= MIN_PERIOD && n <= MAX_PERIOD ? n : null;
    }),
    detectedFiscalYear: firstValue(data, index('fiscalYear'), (t) => parseFiscalYearCell(t).value),
    encodingNotice: table.legacyNotice(),
    header,
    sha256: digest,
  };
}

/** POST /ledger/import/analyze: stores the upload and analyzes it; its token is `fileName`. */
export async function analyzeLedgerUpload(
  app: AppContext,
  actor: Actor,
  upload: { buffer: Buffer; originalName: string } | undefined,
): Promise<LedgerAnalysis> {
  authorize(actor, 'import.run');
  return storeAndAnalyze(app, actor, upload, LEDGER_IMPORT_TYPE, (file) =>
    analyzeLedgerFile(app, actor, file),
  );
}

/** The account pattern the ledger import splits accounts with. */
export async function getAccountPattern(app: AppContext, actor: Actor): Promise<AccountPatternInfo> {
  authorize(actor, 'ledger.read');
  const row = await q.findLedgerSettings(app.db);
  return {
    pattern: row.account_pattern,
    defaultPattern: DEFAULT_ACCOUNT_PATTERN,
    updatedAt: new Date(row.updated_at).toISOString(),
    help: PATTERN_HELP,
  };
}

/** A 400 naming `field` when a pattern cannot be compiled. */
export function requireValidPattern(pattern: string, field: string): string {
  const problem = accountPatternProblem(pattern);
  if (problem) {
    throw validationFailed([{ path: field, message: problem }]);
  }
  return pattern.trim();
}

/** PUT /ledger/account-pattern (ADMIN): sets the pattern, audited. Accounts already imported keep their codes. */
export async function setAccountPattern(
  app: AppContext,
  actor: Actor,
  body: { pattern: string },
): Promise<AccountPatternInfo> {
  authorize(actor, 'import.run');
  const pattern = requireValidPattern(body.pattern, 'pattern');
  await app.db.transaction(async (trx) => {
    const before = await q.findLedgerSettings(trx);
    await q.saveAccountPattern(trx, pattern, actor.id);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'ledger-settings',
      entityId: 1,
      before: { accountPattern: before.account_pattern },
      after: { accountPattern: pattern },
    });
  });
  return getAccountPattern(app, actor);
}
