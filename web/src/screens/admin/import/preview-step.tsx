import { useCallback, useEffect, useState } from 'react';
import type { ImportAnalysis, ImportResult } from '@shared/schemas/import';
import { ApiError } from '@web/api/client';
import { importErrorMessage, useExecuteImport } from '@web/api/import';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { CrosswalkSummaryLine, CrosswalkUnmatched } from './crosswalk-panel';
import type { FieldMapping } from './mapping';
import { PreviewTable } from './preview-table';
import { ReconciliationPanel, supersedeText } from './reconciliation';

interface PreviewStepProps {
  analysis: ImportAnalysis;
  mapping: FieldMapping;
  body: Parameters<ReturnType<typeof useExecuteImport>['mutate']>[0];
  onBack(): void;
  onImported(result: ImportResult): void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Beside the Import button: the same bytes were imported before, and importing adds the rows again. */
function DuplicateWarning({ previous }: { previous: ImportAnalysis['previousImports'] }) {
  if (!previous.length) {
    return null;
  }
  return (
    <div className="alert imp-duplicate" role="alert">
      <strong className="alert__title">This exact file was imported before</strong>
      {previous
        .map(
          (p) => `${formatDateTime(p.createdAt)} by ${p.user ?? 'unknown'} (${count(p.importedCount)} rows)`,
        )
        .join('; ')}
      . Importing it again adds its rows a second time.
    </div>
  );
}

/**
 * Step 3: a dry run of the whole file (every row checked on the server, then rolled back) so the
 * numbers are known before anything is saved, and its first rows as they will be stored or skipped.
 */
export function PreviewStep({ analysis, mapping, body, onBack, onImported }: PreviewStepProps) {
  const check = useExecuteImport();
  const run = useExecuteImport();
  const { mutate: checkMutate } = check;
  // The last dry run's answer, kept while a new one runs (after crosswalk rules are created here)
  // so the preview stays put instead of blinking away.
  const [dry, setDry] = useState<ImportResult | undefined>(undefined);
  const recheck = useCallback(
    () => checkMutate({ ...body, dryRun: true }, { onSuccess: setDry }),
    [checkMutate, body],
  );

  useEffect(() => recheck(), [recheck]);

  const refused = check.isError && check.error instanceof ApiError && check.error.status === 400;
  return (
    <>
      {check.isPending ? <Spinner label="Checking every row of the file..." /> : null}
      {dry ? (
        <Alert variant={dry.warningCount || dry.skipped ? 'info' : 'success'} title="Ready to import">
          {count(dry.imported)} of {count(dry.rowCount)} rows will be imported
          {dry.skipped
            ? `, ${count(dry.skipped)} skipped (${Object.entries(dry.skippedReasons)
                .map(([r, n]) => `${count(n)} ${r}`)
                .join(', ')})`
            : ''}
          {dry.warningCount ? `; ${count(dry.warningCount)} will be marked for review` : ''}. Total{' '}
          {formatMoney(dry.totalAmount)}. {supersedeText(dry)}
        </Alert>
      ) : null}
      {dry ? <ReconciliationPanel r={dry.reconciliation} dryRun /> : null}
      {check.isError ? (
        <Alert title={refused ? 'This file cannot be imported as mapped' : undefined}>
          {importErrorMessage(check.error)}
        </Alert>
      ) : null}
      {run.isError ? <Alert>{importErrorMessage(run.error)}</Alert> : null}
      {dry?.crosswalk ? <CrosswalkSummaryLine summary={dry.crosswalk} /> : null}
      {dry ? <PreviewTable preview={dry.preview} importType={analysis.importType} mapping={mapping} /> : null}
      {dry?.crosswalk ? <CrosswalkUnmatched summary={dry.crosswalk} onRulesCreated={recheck} /> : null}
      {dry && dry.warnings.length ? (
        <div className="imp-section">
          <h3>Rows that will be marked for review</h3>
          <ul className="imp-list">
            {dry.warnings.slice(0, 5).map((w) => (
              <li key={w.row}>
                Row {w.row}, {w.name}: {w.issues.join('; ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="imp-actions">
        <button
          type="button"
          className="btn btn--secondary imp-actions__start"
          disabled={run.isPending}
          onClick={onBack}
        >
          Back
        </button>
        <DuplicateWarning previous={analysis.previousImports} />
        <button
          type="button"
          className="btn btn--primary"
          disabled={run.isPending || check.isPending || refused}
          onClick={() => run.mutate(body, { onSuccess: onImported })}
        >
          {run.isPending ? 'Importing...' : dry ? `Import ${count(dry.imported)} Rows` : 'Import'}
        </button>
      </div>
    </>
  );
}
