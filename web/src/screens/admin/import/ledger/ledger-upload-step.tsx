import { useState, type DragEvent } from 'react';
import { LEDGER_MAX_BYTES, LEDGER_MAX_MB, LEDGER_MAX_ROWS } from '@shared/schemas/actuals-import';
import { IMPORT_EXTENSIONS } from '@shared/schemas/import';
import { useAnalyzeLedger, type LedgerAnalysis } from '@web/api/actuals';
import { analyzeErrorMessage } from '@web/api/import';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { fileSize } from '../mapping';

const allowed = (name: string) => IMPORT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Step 1 of the ledger import: the year-to-date export to analyze. */
export function LedgerUploadStep({
  file,
  onFileChange,
  onAnalyzed,
  onCancel,
}: {
  file: File | null;
  onFileChange(file: File | null): void;
  onAnalyzed(analysis: LedgerAnalysis): void;
  onCancel(): void;
}) {
  const analyze = useAnalyzeLedger();
  const [error, setError] = useState<string | undefined>();
  const [over, setOver] = useState(false);

  const choose = (next: File | null | undefined) => {
    setError(undefined);
    analyze.reset();
    if (!next) {
      return;
    }
    if (!allowed(next.name)) {
      setError('Choose a .csv, .xlsx or .xls file');
      return;
    }
    if (next.size > LEDGER_MAX_BYTES) {
      setError(
        `The file is larger than ${LEDGER_MAX_MB} MB: a ledger import takes at most ${LEDGER_MAX_ROWS.toLocaleString('en-US')} rows and ${LEDGER_MAX_MB} MB`,
      );
      return;
    }
    onFileChange(next);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  };
  const submit = () => {
    if (!file) {
      setError('Please choose a file (.csv, .xlsx or .xls)');
      return;
    }
    analyze.mutate(file, { onSuccess: onAnalyzed });
  };

  return (
    <>
      {analyze.isError ? <Alert>{analyzeErrorMessage(analyze.error)}</Alert> : null}
      <p className="imp-intro">
        The general ledger&apos;s year-to-date budget report (MUNIS &quot;Year-to-Date Budget Report&quot; or
        any export with one row per account): account number, description, original appropriation, transfers,
        revised budget, expended, encumbrances and the period. Ledger rows are kept apart from budget lines;
        importing a later period of the same year replaces the earlier one.
      </p>
      <label
        className="imp-drop"
        data-over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          type="file"
          accept={IMPORT_EXTENSIONS.join(',')}
          aria-label="Ledger file"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ledger-file-error' : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {file ? (
          <>
            <span className="imp-drop__name">{file.name}</span>
            <span className="muted">{fileSize(file.size)} · choose another file</span>
          </>
        ) : (
          <>
            <strong>Choose a ledger file or drop it here</strong>
            <span className="muted">
              CSV, Excel (.xlsx) or legacy Excel (.xls), up to {LEDGER_MAX_ROWS.toLocaleString('en-US')} rows
              and {LEDGER_MAX_MB} MB.
            </span>
          </>
        )}
        {error ? (
          <span id="ledger-file-error" className="field__error">
            {error}
          </span>
        ) : null}
      </label>
      <div className="imp-actions">
        <button type="button" className="btn btn--ghost imp-actions__start" onClick={onCancel}>
          Cancel
        </button>
        <Button variant="primary" busy={analyze.isPending} busyLabel="Analyzing..." onClick={submit}>
          Analyze File
        </Button>
      </div>
    </>
  );
}
