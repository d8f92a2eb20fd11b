import type { AppContext } from '@server/context';
import { cellText } from '@server/lib/import/cells';
import { suggestLedgerMappings } from '@server/lib/import/ledger-suggest';
import { parseFiscalYearCell } from '@server/lib/import/values';
import {
  LEDGER_IMPORT_TYPE,
  MAX_PERIOD,
  MIN_PERIOD,
  type LedgerAnalysis,
  type LedgerImportResult,
} from '@shared/schemas/ledger-import';
import { checkLedgerFileSize } from '../ledger-import-limits';
import { importLedgerFromPath, type LedgerPlan } from '../ledger-import-run';
import { findLedgerImportsOfFile, findLedgerSettings } from '../queries/ledger-imports';
import type { AnalysisSample, ImportKind } from './kind';

/** What the ledger's analysis says besides every import's. */
export type LedgerExtra = Pick<
  LedgerAnalysis,
  'accountPattern' | 'detectedPeriod' | 'detectedFiscalYear' | 'encodingNotice'
>;

/** The period or fiscal year the first rows agree on, from the mapped column. */
function firstValue(
  { data, columns, suggested }: AnalysisSample,
  field: string,
  read: (text: string) => number | null,
): number | null {
  const column = suggested[field]?.csvColumn;
  if (!column) {
    return null;
  }
  const index = columns.indexOf(column);
  for (const row of data) {
    const value = read(cellText((row.cells[index] ?? null) as never));
    if (value !== null) {
      return value;
    }
  }
  return null;
}

const periodOf = (text: string) => {
  const n = /^\d+(\.0+)?$/.test(text) ? Number(text.split('.')[0]) : NaN;
  return n >= MIN_PERIOD && n <= MAX_PERIOD ? n : null;
};

/**
 * The general ledger (a year-to-date export: accounts and their amounts): its own suggestions, the
 * district's account pattern and the period and fiscal year the first rows name in its analysis,
 * the 25 MB limit for a file on disk, and its write (ledger-import-run.ts: rows stored under a
 * pending import in short transactions, then one short transaction that makes it current).
 */
export const ledgerKind: ImportKind<typeof LEDGER_IMPORT_TYPE, LedgerPlan, LedgerImportResult, LedgerExtra> =
  {
    name: LEDGER_IMPORT_TYPE,
    noun: 'a ledger',
    suggest: (columns, profiles) => suggestLedgerMappings(columns, profiles),
    previousImports: findLedgerImportsOfFile,
    async analyzeMore(app: AppContext, sample: AnalysisSample): Promise<LedgerExtra> {
      const settings = await findLedgerSettings(app.db);
      return {
        accountPattern: settings.account_pattern,
        detectedPeriod: firstValue(sample, 'period', periodOf),
        detectedFiscalYear: firstValue(sample, 'fiscalYear', (t) => parseFiscalYearCell(t).value),
        encodingNotice: sample.table.legacyNotice(),
      };
    },
    checkFile: checkLedgerFileSize,
    run: importLedgerFromPath,
  };
