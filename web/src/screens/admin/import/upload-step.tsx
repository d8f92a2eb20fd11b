import { useRef, useState, type DragEvent } from 'react';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import { IMPORT_EXTENSIONS, MAX_IMPORT_BYTES, MAX_IMPORT_MB, type ImportType } from '@server/schemas/import';
import { analyzeErrorMessage, useAnalyzeFile, type ImportAnalysis } from '@web/api/import';
import { useVersions } from '@web/api/versions';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Select } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { CreateVersionModal } from './create-version-modal';
import { fileSize } from './mapping';

interface UploadStepProps {
  importType: ImportType;
  versionId: number | null;
  onVersionChange(id: number): void;
  file: File | null;
  onFileChange(file: File | null): void;
  onAnalyzed(analysis: ImportAnalysis): void;
  onCancel(): void;
}

const hasAllowedExtension = (name: string) =>
  IMPORT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Step 1: the budget year (from the header), a version (or a new one) and the file to analyze. */
export function UploadStep({
  importType,
  versionId,
  onVersionChange,
  file,
  onFileChange,
  onAnalyzed,
  onCancel,
}: UploadStepProps) {
  const { selected: budgetYear } = useBudgetYear();
  const versions = useVersions({ budgetYearId: budgetYear?.id }, Boolean(budgetYear));
  const analyze = useAnalyzeFile();
  const notify = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const list = versions.data?.versions ?? [];
  const options = list.map((v) => ({
    value: String(v.id),
    label: `${fiscalYearLabel(v.fiscalYear)} · ${v.label}${v.versionNumber > 1 ? ` (v${v.versionNumber})` : ''}`,
  }));

  const choose = (next: File | null | undefined) => {
    setProblem(null);
    analyze.reset();
    if (!next) {
      return;
    }
    if (!hasAllowedExtension(next.name)) {
      setProblem('Choose a .csv, .xlsx or .xls file');
      return;
    }
    if (next.size > MAX_IMPORT_BYTES) {
      setProblem(`The file is larger than the ${MAX_IMPORT_MB} MB upload limit`);
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
    if (!versionId) {
      setProblem('Please select a version');
      return;
    }
    if (!file) {
      setProblem('Please choose a file (.csv, .xlsx or .xls)');
      return;
    }
    setProblem(null);
    analyze.mutate({ file, importType }, { onSuccess: onAnalyzed });
  };

  const message = problem ?? (analyze.isError ? analyzeErrorMessage(analyze.error) : null);
  return (
    <>
      {message ? <Alert>{message}</Alert> : null}
      <div className="imp-grid">
        <div className="form-stack">
          <div className="field">
            <span className="field__label">Budget year</span>
            <span>
              {budgetYear
                ? budgetYear.name?.includes(budgetYear.fiscalYear)
                  ? budgetYear.name
                  : `${budgetYear.fiscalYear}${budgetYear.name ? ` · ${budgetYear.name}` : ''}`
                : 'None selected'}
            </span>
            <span className="field__hint">Lines go into the budget year chosen in the header.</span>
          </div>
          <div className="field">
            <label htmlFor="import-version">Version</label>
            <div className="imp-row">
              <Select
                id="import-version"
                value={versionId ? String(versionId) : ''}
                options={options}
                placeholder={versions.isPending ? 'Loading versions...' : 'Select a version'}
                onValueChange={(v) => {
                  setProblem(null);
                  onVersionChange(Number(v));
                }}
              />
              <button type="button" className="btn btn--secondary" onClick={() => setCreating(true)}>
                New Version
              </button>
            </div>
            <span className="field__hint">
              The version&apos;s fiscal year is the fiscal year of the imported lines.
            </span>
          </div>
        </div>
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
            ref={input}
            type="file"
            accept={IMPORT_EXTENSIONS.join(',')}
            aria-describedby="import-file-hint"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {file ? (
            <>
              <span className="imp-drop__name">{file.name}</span>
              <span className="muted">{fileSize(file.size)} · choose another file</span>
            </>
          ) : (
            <>
              <strong>Choose a file or drop it here</strong>
              <span id="import-file-hint" className="muted">
                CSV, Excel (.xlsx) or legacy Excel (.xls), up to {MAX_IMPORT_MB} MB. Title rows above the
                column headers are fine.
              </span>
            </>
          )}
        </label>
      </div>
      <div className="imp-actions">
        <button type="button" className="btn btn--ghost imp-actions__start" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" disabled={analyze.isPending} onClick={submit}>
          {analyze.isPending ? 'Analyzing...' : 'Analyze File'}
        </button>
      </div>
      <CreateVersionModal
        open={creating}
        onOpenChange={setCreating}
        budgetYearId={budgetYear?.id}
        defaultFiscalYear={budgetYear?.currentFiscalYear}
        onCreated={(version) => {
          onVersionChange(version.id);
          setProblem(null);
          notify({ title: `Version "${version.label}" created as a draft` });
        }}
      />
    </>
  );
}
