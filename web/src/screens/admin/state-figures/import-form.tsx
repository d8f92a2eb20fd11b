import { useState } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { useImportStateFigures, type ImportFiguresResult } from '@web/api/nss';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/**
 * A CSV of state figures, one row per fiscal year (columns in docs/MASSACHUSETTS.md): checked
 * first if wanted, then imported all or nothing. A refusal lists every problem by row and column.
 */
export function ImportForm() {
  const run = useImportStateFigures();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<ImportFiguresResult | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);

  const go = async (dryRun: boolean) => {
    if (!csv) {
      return;
    }
    setResult(null);
    setProblems(null);
    try {
      setResult(await run.mutateAsync({ csv: csv.text, dryRun }));
    } catch (err) {
      const details =
        err instanceof ApiError ? ((err.details ?? []) as { path: string; message: string }[]) : [];
      setProblems(
        details.length
          ? details.map((d) => (d.path && d.path !== 'csv' ? `${d.path}: ${d.message}` : d.message))
          : [errorMessage(err, 'The file could not be imported')],
      );
    }
  };

  return (
    <section className="state-figures-import" aria-labelledby="sf-import-title">
      <h3 id="sf-import-title">Import from a CSV</h3>
      <p className="muted">
        One row per fiscal year: fiscal_year, foundation_enrollment, foundation_budget,
        required_local_contribution, chapter70_aid, required_nss, and optionally carry_forward, source, a
        column_source for any figure, and municipal_5200 (any End-of-Year-Report line) with
        municipal_5200_source.
      </p>
      <div className="field">
        <label htmlFor="sf-csv">CSV file</label>
        <input
          id="sf-csv"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            setResult(null);
            setProblems(null);
            setCsv(file ? { name: file.name, text: await file.text() } : null);
          }}
        />
      </div>
      <div className="state-figures-actions">
        <Button disabled={!csv} busy={run.isPending} onClick={() => go(true)}>
          Check File
        </Button>
        <Button variant="primary" disabled={!csv} busy={run.isPending} onClick={() => go(false)}>
          Import
        </Button>
      </div>
      {problems ? (
        <Alert title={`${csv?.name ?? 'The file'} was not imported: nothing was saved`}>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {result ? (
        <Alert
          variant="success"
          title={result.dryRun ? 'The file is ready to import (nothing saved yet)' : 'Imported'}
        >
          {result.years
            .map((y) => `${fiscalYearLabel(y.fiscalYear)} (${y.created ? 'new' : 'replaced'})`)
            .join(', ')}
        </Alert>
      ) : null}
    </section>
  );
}
