import { fiscalYearLabel } from '@shared/budget-math';
import type { ImportRun } from '@shared/schemas/import';
import { ledgerPeriodText, type LedgerImport } from '@shared/schemas/ledger-import';

/** One row of Import History's table of runs: a payroll or budget file's run, or a ledger import. */
export interface HistoryRow {
  key: string;
  createdAt: string;
  user: string | null;
  fileName: string;
  kind: string;
  /** Under the kind: the version, or the ledger's year and period. */
  note: string;
  rowCount: number;
  importedCount: number;
  skippedCount: number;
  /** Null where the figure does not apply: a ledger's accounts are not reviewed, nor replace projections. */
  reviewCount: number | null;
  replacedProjectedCount: number | null;
  /** What Skipped means on this row, when it is not the rows skipped. */
  skippedTitle?: string;
  /** A payroll or budget run, which undo may take back (a ledger import is not one). */
  run?: { id: number; undoneAt: string | null };
}

const KIND: Record<ImportRun['importType'], string> = {
  operating: 'Operating (employees)',
  proposed: 'Proposed (lines)',
};

function fromRun(run: ImportRun): HistoryRow {
  return {
    key: `run-${run.id}`,
    createdAt: run.createdAt,
    user: run.user,
    fileName: run.fileName,
    kind: KIND[run.importType],
    note: run.versionLabel ?? 'No version',
    rowCount: run.rowCount,
    importedCount: run.importedCount,
    skippedCount: run.skippedCount,
    // The lines the import marked for review, stored on the run when it ran.
    reviewCount: run.warningCount,
    replacedProjectedCount: run.replacedProjectedCount,
    run: { id: run.id, undoneAt: run.undoneAt },
  };
}

function fromLedger(ledger: LedgerImport): HistoryRow {
  const at = `${fiscalYearLabel(ledger.fiscalYear)} at ${ledgerPeriodText(ledger.period)}`;
  return {
    key: `ledger-${ledger.id}`,
    // The schema's dates may be null; a ledger import's never is (created_at is NOT NULL).
    createdAt: ledger.createdAt ?? '',
    user: ledger.user,
    fileName: ledger.fileName,
    kind: 'Ledger (actuals)',
    note: ledger.isCurrent ? at : `${at}, replaced by a later import`,
    rowCount: ledger.rowCount,
    importedCount: ledger.accountCount,
    skippedCount: ledger.setAsideCount,
    reviewCount: null,
    replacedProjectedCount: null,
    skippedTitle: 'Rows set aside: not in the figures',
  };
}

/**
 * The newest `limit` imports of both records, newest first: the line imports (import_runs) and the
 * ledger imports (ledger_imports), which the ledger keeps apart and Budget vs Actual reads.
 */
export function historyRows(runs: ImportRun[], ledgers: LedgerImport[], limit: number): HistoryRow[] {
  return [...runs.map(fromRun), ...ledgers.map(fromLedger)]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
