import { addDecimal, DecimalSum, sameDecimal, subtractDecimal } from '@server/lib/import/decimal';
import type * as accounts from './queries/ledger-accounts';
import {
  LEDGER_AMOUNT_FIELDS,
  LEDGER_FIELDS,
  type LedgerAmountField,
  type LedgerImportResult,
} from '@shared/schemas/ledger-import';
import type { ReadRow } from './ledger-import-read';
import { turnTaker } from './ledger-import-limits';

/** Rows listed at most (the file's total rows). */
const LISTED = 100;

const SUM_COLUMN: Record<LedgerAmountField, keyof accounts.LedgerSums> = {
  originalBudget: 'original_budget',
  transfers: 'transfers',
  revisedBudget: 'revised_budget',
  expended: 'expended',
  encumbered: 'encumbered',
};

/** The file's exact sum of each amount column over every ledger row, and what rounding took off. */
export type FileSums = Record<LedgerAmountField, { file: DecimalSum; rounding: DecimalSum }>;

/** Sums the file's amounts, handing the event loop a turn every 20 ms. */
export async function sumFile(rows: readonly ReadRow[]): Promise<FileSums> {
  const sums = Object.fromEntries(
    LEDGER_AMOUNT_FIELDS.map((f) => [f, { file: new DecimalSum(), rounding: new DecimalSum() }]),
  ) as FileSums;
  const turns = turnTaker();
  for (let i = 0; i < rows.length; i += 1) {
    if (turns.due()) {
      await turns.take();
    }
    const { outcome } = rows[i];
    if (outcome.kind === 'row') {
      for (const field of LEDGER_AMOUNT_FIELDS) {
        const a = outcome.amounts[field];
        if (a.file !== null) {
          sums[field].file.add(a.file);
          if (a.file !== a.stored) {
            sums[field].rounding.add(subtractDecimal(a.file, a.stored));
          }
        }
      }
    }
  }
  return sums;
}

/** Every dollar of every amount column: file = stored + set aside + rounding, per column, exactly. */
export function reconcile(
  rows: readonly ReadRow[],
  fileSums: FileSums,
  columns: Record<string, string | null>,
  sums: { stored: accounts.LedgerSums; setAside: accounts.LedgerSums },
): LedgerImportResult['reconciliation'] {
  const result = LEDGER_AMOUNT_FIELDS.map((field) => {
    const { file, rounding } = fileSums[field];
    const stored = addDecimal(String(sums.stored[SUM_COLUMN[field]]), '0');
    const setAside = addDecimal(String(sums.setAside[SUM_COLUMN[field]]), '0');
    const unexplained = subtractDecimal(
      subtractDecimal(subtractDecimal(file.toString(), stored), setAside),
      rounding.toString(),
    );
    return {
      field,
      label: LEDGER_FIELDS.find((f) => f.field === field)!.label,
      column: columns[field] ?? null,
      fileSum: file.toString(),
      stored,
      setAside,
      rounding: rounding.toString(),
      unexplained,
      balanced: sameDecimal(unexplained, '0'),
    };
  });
  const totalRows: { row: number; label: string }[] = [];
  for (const r of rows) {
    if (totalRows.length >= LISTED) {
      break;
    }
    if (r.outcome.kind === 'skip' && r.outcome.total) {
      totalRows.push({ row: r.n, label: r.outcome.text });
    }
  }
  return { balanced: result.every((c) => c.balanced), columns: result, totalRows };
}
