import { fiscalYearLabel } from '@shared/budget-math';
import { formatDateTime } from '@shared/day-words';
import { formatDecimalMoney as dollars, formatNumber } from '@shared/money';
import type { ImportAnalysis } from '@shared/schemas/import';
import type { LedgerImportResult } from '@shared/schemas/ledger-import';

type PreviousImport = ImportAnalysis['previousImports'][number];

/** The import's result as lines: counts, the reconciliation of each amount, rows set aside. */
export function ledgerSummary(
  r: LedgerImportResult,
  mapping: Record<string, string | null>,
  previousImports: readonly PreviousImport[] = [],
): string[] {
  const out = [
    `${r.dryRun ? 'Dry run (nothing written)' : `Imported ledger #${r.importId}`}: ${fiscalYearLabel(r.fiscalYear)} period ${r.period}, pattern ${r.accountPattern}`,
    `Rows ${formatNumber(r.rowCount)}: ${formatNumber(r.imported)} accounts in the figures, ${formatNumber(r.setAsideCount)} set aside, ${formatNumber(r.skippedCount)} not ledger rows, ${formatNumber(r.warningCount)} with warnings`,
    `Mapping: ${Object.entries(mapping)
      .filter(([, c]) => c)
      .map(([f, c]) => `${f}=${c}`)
      .join(', ')}`,
  ];
  if (r.encodingNotice) {
    out.push(`Encoding: ${r.encodingNotice}`);
  }
  const before = previousImports[0];
  if (before) {
    out.push(
      `This exact file was imported before (ledger #${before.id}, ${formatDateTime(before.createdAt)} by ${before.user ?? 'unknown'}): an import replaces the year's ledger, so nothing is counted twice.`,
    );
  }
  if (r.replaced) {
    out.push(
      `${r.dryRun ? 'Would replace' : 'Replaced'} ledger #${r.replaced.importId} (period ${r.replaced.period}, ${formatNumber(r.replaced.accountCount)} accounts)`,
    );
  }
  out.push('Reconciliation (file = stored + set aside + rounding):');
  for (const c of r.reconciliation.columns) {
    out.push(
      `  ${c.label.padEnd(24)} file ${dollars(c.fileSum).padStart(16)}  stored ${dollars(c.stored).padStart(16)}  set aside ${dollars(c.setAside)}  ${c.balanced ? 'balanced' : `UNEXPLAINED ${dollars(c.unexplained)}`}`,
    );
  }
  out.push(
    `Function codes: ${r.functionCodes.map((f) => `${f.code}${f.name ? '' : '?'} (${f.accounts})`).join(', ')}`,
  );
  for (const row of r.rows.filter((x) => x.status !== 'import').slice(0, 20)) {
    out.push(
      `  Row ${row.row} ${row.status}: ${row.account || row.description || ''} ${row.reason ?? row.warnings.join('; ')}`,
    );
  }
  return out;
}
