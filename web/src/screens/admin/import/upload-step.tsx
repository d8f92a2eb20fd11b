import { useRef, useState, type DragEvent } from 'react';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { IMPORT_EXTENSIONS, MAX_IMPORT_BYTES, MAX_IMPORT_MB, type ImportType } from '@shared/schemas/import';
import { analyzeErrorMessage, useAnalyzeFile, type ImportAnalysis } from '@web/api/import';
import { useVersions } from '@web/api/versions';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
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
  // What is missing or wrong, under the control it is about (the server's answer about the file's
  // content stays in the alert above).
  const [errors, setErrors] = useState<{ version?: string; file?: string }>({});

  const list = versions.data?.versions ?? [];
  const options = list.map((v) => ({
    value: String(v.id),
    label: `${fiscalYearLabel(v.fiscalYear)} · ${v.label}${v.versionNumber > 1 ? ` (v${v.versionNumber})` : ''}`,
  }));

  const choose = (next: File | null | undefined) => {
    setErrors((e) => ({ ...e, file: undefined }));
    analyze.reset();
    if (!next) {
      return;
    }
    if (!hasAllowedExtension(next.name)) {
      setErrors((e) => ({ ...e, file: 'Choose a .csv, .xlsx or .xls file' }));
      return;
    }
    if (next.size > MAX_IMPORT_BYTES) {
      setErrors((e) => ({ ...e, file: `The file is larger than the ${MAX_IMPORT_MB} MB upload limit` }));
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
    const missing = {
      version: versionId ? undefined : 'Please select a version',
      file: file ? undefined : 'Please choose a file (.csv, .xlsx or .xls)',
    };
    setErrors(missing);
    if (!file || missing.version) {
      return;
    }
    analyze.mutate({ file, importType }, { onSuccess: onAnalyzed });
  };

  const message = analyze.isError ? analyzeErrorMessage(analyze.error) : null;
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
          <Field
            id="import-version"
            label="Version"
            required
            error={errors.version}
            hint="The version's fiscal year is the fiscal year of the imported lines."
          >
            {(control) => (
              <div className="imp-row">
                <Select
                  {...control}
                  value={versionId ? String(versionId) : ''}
                  options={options}
                  placeholder={versions.isPending ? 'Loading versions...' : 'Select a version'}
                  onValueChange={(v) => {
                    setErrors((e) => ({ ...e, version: undefined }));
                    onVersionChange(Number(v));
                  }}
                />
                <Button onClick={() => setCreating(true)}>New Version</Button>
              </div>
            )}
          </Field>
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
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'import-file-error' : file ? undefined : 'import-file-hint'}
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
          {errors.file ? (
            <span id="import-file-error" className="field__error">
              {errors.file}
            </span>
          ) : null}
        </label>
      </div>
      <div className="imp-actions">
        <button type="button" className="btn btn--ghost imp-actions__start" onClick={onCancel}>
          Cancel
        </button>
        <Button variant="primary" busy={analyze.isPending} busyLabel="Analyzing..." onClick={submit}>
          Analyze File
        </Button>
      </div>
      <CreateVersionModal
        open={creating}
        onOpenChange={setCreating}
        budgetYearId={budgetYear?.id}
        defaultFiscalYear={budgetYear?.currentFiscalYear}
        onCreated={(version) => {
          onVersionChange(version.id);
          setErrors((e) => ({ ...e, version: undefined }));
          notify({ title: `Version "${version.label}" created as a draft` });
        }}
      />
    </>
  );
}
