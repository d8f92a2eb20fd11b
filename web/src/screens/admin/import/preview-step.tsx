import { useEffect } from 'react';
import { SKIP, type ImportAnalysis, type ImportResult } from '@server/schemas/import';
import { ApiError } from '@web/api/client';
import { importErrorMessage, useExecuteImport } from '@web/api/import';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { formatMoney } from '@web/lib/format';
import type { FieldMapping } from './mapping';

interface PreviewStepProps {
  analysis: ImportAnalysis;
  mapping: FieldMapping;
  body: Parameters<ReturnType<typeof useExecuteImport>['mutate']>[0];
  onBack(): void;
  onImported(result: ImportResult): void;
}

const count = (n: number) => n.toLocaleString('en-US');
const MONEY_FIELDS = new Set(['currentSalary', 'nextYearSalary', 'amount']);

/**
 * Step 3: the first 5 rows as they will be read, and a dry run of the whole file (every row
 * checked on the server, then rolled back) so the numbers are known before anything is saved.
 */
export function PreviewStep({ analysis, mapping, body, onBack, onImported }: PreviewStepProps) {
  const check = useExecuteImport();
  const run = useExecuteImport();
  const { mutate: checkMutate } = check;

  useEffect(() => {
    checkMutate({ ...body, dryRun: true });
  }, [checkMutate, body]);

  const fields = analysis.expectedColumns.filter((f) => mapping[f.field] && mapping[f.field] !== SKIP);
  const dry = check.data;
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
          {formatMoney(dry.totalAmount)}.
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert title={refused ? 'This file cannot be imported as mapped' : undefined}>
          {importErrorMessage(check.error)}
        </Alert>
      ) : null}
      {run.isError ? <Alert>{importErrorMessage(run.error)}</Alert> : null}
      <div className="imp-section">
        <h3>First {analysis.previewData.length} rows</h3>
        <div className="table-wrap imp-scroll">
          <table className="table">
            <caption className="visually-hidden">The first rows of the file, by field</caption>
            <thead>
              <tr>
                {fields.map((f) => (
                  <th key={f.field} scope="col" className={MONEY_FIELDS.has(f.field) ? 'money' : undefined}>
                    {f.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {analysis.previewData.map((row, i) => (
                <tr key={i}>
                  {fields.map((f) => (
                    <td key={f.field} className={MONEY_FIELDS.has(f.field) ? 'money' : undefined}>
                      {row[mapping[f.field]] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
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
