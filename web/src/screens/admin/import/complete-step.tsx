import { fiscalYearLabel } from '@shared/budget-math';
import { Link } from 'react-router';
import { RESULT_ERRORS_SHOWN, RESULT_WARNINGS_SHOWN, type ImportResult } from '@shared/schemas/import';
import { Alert } from '@web/components/alert';
import { formatMoney } from '@web/lib/format';
import { ReconciliationPanel, supersedeText } from './reconciliation';

interface CompleteStepProps {
  result: ImportResult;
  fileName: string;
  budgetYear: string;
  versionLabel: string | null;
  onRestart(): void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Step 4: what landed, what was skipped and why (up to 20 warnings, 10 errors), and the rows to review. */
export function CompleteStep({ result, fileName, budgetYear, versionLabel, onRestart }: CompleteStepProps) {
  return (
    <>
      <Alert variant="success" title="Import complete">
        Imported {count(result.imported)} rows from {fileName} into {budgetYear}
        {versionLabel ? ` (${versionLabel})` : ''}, fiscal year{result.fiscalYears.length > 1 ? 's' : ''}{' '}
        {result.fiscalYears.map(fiscalYearLabel).join(', ')}. {supersedeText(result)}
      </Alert>
      <dl className="imp-stats">
        <div className="imp-stat">
          <dt>Imported</dt>
          <dd>{count(result.imported)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Skipped</dt>
          <dd>{count(result.skipped)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Marked for review</dt>
          {/* The Data Quality list's own rule, so the two counts agree. */}
          <dd>{count(result.reviewCount)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Total</dt>
          <dd>{formatMoney(result.totalAmount)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Projected lines replaced</dt>
          <dd>{count(result.replacedProjected)}</dd>
        </div>
      </dl>
      <ReconciliationPanel r={result.reconciliation} dryRun={false} />
      {result.warnings.length ? (
        <div className="imp-section">
          <h3>
            Warnings
            {result.warningCount > RESULT_WARNINGS_SHOWN
              ? ` (first ${RESULT_WARNINGS_SHOWN} of ${count(result.warningCount)})`
              : ''}
          </h3>
          <div className="table-wrap imp-scroll">
            <table className="table">
              <caption className="visually-hidden">Rows imported with warnings</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Issues</th>
                </tr>
              </thead>
              <tbody>
                {result.warnings.slice(0, RESULT_WARNINGS_SHOWN).map((w) => (
                  <tr key={w.row}>
                    <td className="num">{w.row}</td>
                    <td>{w.name}</td>
                    <td>{w.issues.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {result.errors.length ? (
        <div className="imp-section">
          <h3>
            Skipped rows
            {result.errorCount > RESULT_ERRORS_SHOWN
              ? ` (first ${RESULT_ERRORS_SHOWN} of ${count(result.errorCount)})`
              : ''}
          </h3>
          <p className="muted">
            By reason:{' '}
            {Object.entries(result.skippedReasons)
              .sort((a, b) => b[1] - a[1])
              .map(([reason, n]) => `${count(n)} ${reason}`)
              .join(', ')}
            .
          </p>
          <ul className="imp-list">
            {result.errors.slice(0, RESULT_ERRORS_SHOWN).map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="imp-actions">
        {result.warningCount ? (
          <Link className="btn btn--secondary imp-actions__start" to="/admin/data-quality">
            Review Flagged Records
          </Link>
        ) : null}
        <Link
          className={`btn btn--secondary${result.warningCount ? '' : ' imp-actions__start'}`}
          to="/admin/import-history"
        >
          View Import History
        </Link>
        <button type="button" className="btn btn--primary" onClick={onRestart}>
          Import Another File
        </button>
      </div>
    </>
  );
}
