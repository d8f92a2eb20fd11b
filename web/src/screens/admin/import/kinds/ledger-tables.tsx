import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { LedgerImportResult, LedgerRow } from '@web/api/ledger';
import { formatDecimalMoney as dollars, formatMoney } from '@web/lib/format';

const count = (n: number) => n.toLocaleString('en-US');
const STATUS: Record<LedgerRow['status'], string> = {
  import: 'In the figures',
  review: 'In, with a warning',
  'set-aside': 'Set aside',
  skip: 'Not a ledger row',
};

/** Every dollar of each amount column: the file's sum = stored + set aside + rounding, to the cent. */
export function LedgerReconciliation({ r, dryRun }: { r: LedgerImportResult; dryRun: boolean }) {
  const stored = dryRun ? 'To be stored' : 'Stored';
  return (
    <section className="imp-section" aria-labelledby="ledger-reconcile">
      <h3 id="ledger-reconcile">Reconciliation of every amount column</h3>
      {/* Focusable: on a phone the table scrolls sideways, and keyboard users must reach it. */}
      <div className="table-wrap" role="group" aria-labelledby="ledger-reconcile" tabIndex={0}>
        <table className="table">
          <caption className="visually-hidden">
            The file&apos;s sums against what is stored, per column
          </caption>
          <thead>
            <tr>
              <th scope="col">Field (column)</th>
              <th scope="col" className="num">
                File sum
              </th>
              <th scope="col" className="num">
                {stored}
              </th>
              <th scope="col" className="num">
                Set aside
              </th>
              <th scope="col" className="num">
                Rounding
              </th>
              <th scope="col">Balanced</th>
            </tr>
          </thead>
          <tbody>
            {r.reconciliation.columns.map((c) => (
              <tr key={c.field}>
                <th scope="row">
                  {c.label}
                  <small className="imp-ledger-note"> {c.column ?? 'not mapped: 0'}</small>
                </th>
                <td className="money">{dollars(c.fileSum)}</td>
                <td className="money">{dollars(c.stored)}</td>
                <td className="money">{dollars(c.setAside)}</td>
                <td className="money">{dollars(c.rounding)}</td>
                <td>{c.balanced ? 'Yes, to the cent' : `No: ${dollars(c.unexplained)} unexplained`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.reconciliation.totalRows.length ? (
        <p className="muted">
          The file&apos;s own total rows ({r.reconciliation.totalRows.map((t) => `row ${t.row}`).join(', ')})
          were compared, not added.
        </p>
      ) : null}
      <p className="muted">
        Function codes read from the accounts:{' '}
        {r.functionCodes
          .map((f) => `${f.code}${f.name ? '' : ' (not a DESE code)'} × ${f.accounts}`)
          .join(', ')}
        .
      </p>
    </section>
  );
}

/** Rows as they will be stored, set aside or skipped, with the reason. */
export function LedgerRowsTable({ rows, caption }: { rows: readonly LedgerRow[]; caption: string }) {
  if (!rows.length) {
    return null;
  }
  return (
    <section className="imp-section">
      <h3>{caption}</h3>
      <div className="table-wrap imp-scroll" role="group" aria-label={caption} tabIndex={0}>
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col">Account</th>
              <th scope="col">Fund</th>
              <th scope="col">Function</th>
              <th scope="col">Object</th>
              <th scope="col" className="num">
                Revised
              </th>
              <th scope="col" className="num">
                Expended
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row}>
                <td className="num">{row.row}</td>
                <th scope="row">
                  <span className="imp-ledger-account">{row.account || '(none)'}</span>
                  <small className="imp-ledger-note">{row.description}</small>
                </th>
                <td>{row.fundCode ?? '—'}</td>
                <td>{row.functionCode ?? '—'}</td>
                <td>{row.objectCode ?? '—'}</td>
                <td className="money">{row.amounts ? formatMoney(row.amounts.revisedBudget) : ''}</td>
                <td className="money">{row.amounts ? formatMoney(row.amounts.expended) : ''}</td>
                <td>
                  {STATUS[row.status]}
                  {row.reason || row.warnings.length ? (
                    <small className="imp-ledger-note">
                      {[row.reason, ...row.warnings].filter(Boolean).join('; ')}
                    </small>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** 'FY23 period 13: 73 accounts in the figures, 0 set aside ...' */
export function ledgerSentence(r: LedgerImportResult): string {
  return (
    `${fiscalYearLabel(r.fiscalYear)} period ${r.period}: ${count(r.imported)} accounts in the figures, ${count(r.setAsideCount)} set aside, ` +
    `${count(r.skippedCount)} rows that are not ledger rows, ${count(r.warningCount)} with warnings.` +
    (r.replaced
      ? ` ${r.dryRun ? 'Replaces' : 'Replaced'} the period ${r.replaced.period} ledger (${count(r.replaced.accountCount)} accounts).`
      : '')
  );
}
