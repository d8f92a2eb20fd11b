import { Link } from 'react-router';
import type { LedgerImportResult } from '@web/api/actuals';
import { Alert } from '@web/components/alert';
import { LedgerReconciliation, LedgerRowsTable, ledgerSentence } from './ledger-result';

const count = (n: number) => n.toLocaleString('en-US');

/** Step 4 of the ledger import: what was stored, set aside and replaced, reconciled to the file. */
export function LedgerCompleteStep({
  result,
  fileName,
  onRestart,
}: {
  result: LedgerImportResult;
  fileName: string;
  onRestart(): void;
}) {
  return (
    <>
      <Alert variant={result.reconciliation.balanced ? 'success' : 'info'} title="Ledger imported">
        {fileName}: {ledgerSentence(result)}
      </Alert>
      <dl className="imp-stats">
        <div className="imp-stat">
          <dt>Accounts imported</dt>
          <dd>{count(result.imported)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Set aside</dt>
          <dd>{count(result.setAsideCount)}</dd>
        </div>
        <div className="imp-stat">
          <dt>With warnings</dt>
          <dd>{count(result.warningCount)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Period</dt>
          <dd>{result.period}</dd>
        </div>
      </dl>
      <LedgerReconciliation r={result} dryRun={false} />
      <LedgerRowsTable rows={result.rows} caption="Rows set aside, skipped or with warnings" />
      <div className="imp-actions">
        <Link className="btn btn--secondary imp-actions__start" to="/budget-vs-actual">
          Open Budget vs Actual
        </Link>
        <button type="button" className="btn btn--primary" onClick={onRestart}>
          Import Another File
        </button>
      </div>
    </>
  );
}
