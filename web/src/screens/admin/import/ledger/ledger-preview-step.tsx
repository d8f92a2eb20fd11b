import { useEffect, useState } from 'react';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { useExecuteLedger, type LedgerExecuteRequest, type LedgerImportResult } from '@web/api/actuals';
import { ApiError } from '@web/api/client';
import { importErrorMessage } from '@web/api/import';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { LedgerReconciliation, LedgerRowsTable, ledgerSentence } from './ledger-result';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Step 3 of the ledger import: a dry run of the whole file on the server (checked, then rolled
 * back), so the reconciliation to the file's totals and the rows set aside are known before
 * anything is written. A later period already imported for the year is only replaced when asked.
 */
export function LedgerPreviewStep({
  body,
  onBack,
  onImported,
}: {
  body: LedgerExecuteRequest;
  onBack(): void;
  onImported(result: LedgerImportResult): void;
}) {
  const check = useExecuteLedger();
  const run = useExecuteLedger();
  const [replaceLater, setReplaceLater] = useState(false);
  const { mutate: checkMutate } = check;
  const request = { ...body, ...(replaceLater ? { replaceLaterPeriod: true } : {}) };

  useEffect(() => {
    checkMutate({ ...body, ...(replaceLater ? { replaceLaterPeriod: true } : {}), dryRun: true });
  }, [checkMutate, body, replaceLater]);

  const dry = check.data;
  // 409: the year holds a later period; the user may still mean to replace it (a correction).
  // (Another import running is a 409 too: that one is only waited for.)
  const laterPeriod =
    check.error instanceof ApiError &&
    check.error.status === 409 &&
    !check.error.message.startsWith('Another ledger import is running');
  const refused = check.isError;
  return (
    <>
      <p className="imp-intro">
        Importing into <span className="imp-ledger-year">{fiscalYearLabel(body.fiscalYear)}</span>
        {body.period ? `, period ${body.period}` : ', at the period the file names'}. The ledger replaces any
        earlier period of that year, in one step.
      </p>
      {check.isPending ? <Spinner label="Checking every row of the ledger..." /> : null}
      {dry ? (
        <Alert
          variant={dry.setAsideCount || dry.warningCount || !dry.reconciliation.balanced ? 'info' : 'success'}
          title={dry.reconciliation.balanced ? 'Ready to import' : 'The file does not reconcile'}
        >
          {ledgerSentence(dry)}
        </Alert>
      ) : null}
      {dry?.encodingNotice ? (
        <Alert variant="info" title="Not all of the file is UTF-8 text">
          {dry.encodingNotice}
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert title="This ledger cannot be imported as mapped">{importErrorMessage(check.error)}</Alert>
      ) : null}
      {laterPeriod || replaceLater ? (
        <label className="imp-check">
          <input type="checkbox" checked={replaceLater} onChange={(e) => setReplaceLater(e.target.checked)} />{' '}
          Replace the later period&apos;s ledger with this one (a correction)
        </label>
      ) : null}
      {run.isError ? <Alert>{importErrorMessage(run.error)}</Alert> : null}
      {dry ? <LedgerReconciliation r={dry} dryRun /> : null}
      {dry ? <LedgerRowsTable rows={dry.rows} caption="Rows set aside, skipped or with warnings" /> : null}
      {dry ? <LedgerRowsTable rows={dry.preview} caption="First rows as they will be stored" /> : null}
      <div className="imp-actions">
        <button
          type="button"
          className="btn btn--secondary imp-actions__start"
          disabled={run.isPending}
          onClick={onBack}
        >
          Back
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={run.isPending || check.isPending || refused || !dry}
          onClick={() => run.mutate(request, { onSuccess: onImported })}
        >
          {run.isPending ? 'Importing...' : dry ? `Import ${count(dry.imported)} Accounts` : 'Import'}
        </button>
      </div>
    </>
  );
}
