import { useState, type DragEvent } from 'react';
import { IMPORT_EXTENSIONS } from '@shared/schemas/import';
import { analyzeErrorMessage } from '@web/api/import';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { fileSize } from './mapping';
import type { BaseAnalysis, SettingsProps, WizardKind } from './wizard-kind';

interface UploadStepProps<A extends BaseAnalysis, S> extends SettingsProps<S> {
  // The step reads only the upload part and the analysis call of the kind.
  kind: Pick<WizardKind<A, S, never, unknown>, 'upload' | 'useAnalyze'>;
  file: File | null;
  onFileChange(file: File | null): void;
  onAnalyzed(analysis: A): void;
  onCancel(): void;
}

const hasAllowedExtension = (name: string) =>
  IMPORT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Step 1: the kind's own controls (a version), and the file to analyze. */
export function UploadStep<A extends BaseAnalysis, S>({
  kind,
  settings,
  onSettingsChange,
  file,
  onFileChange,
  onAnalyzed,
  onCancel,
}: UploadStepProps<A, S>) {
  const { upload } = kind;
  const analyze = kind.useAnalyze();
  const [over, setOver] = useState(false);
  // What is missing or wrong, under the control it is about (the server's answer about the file's
  // content stays in the alert above).
  const [errors, setErrors] = useState<{ settings?: string; file?: string }>({});

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
    const tooLarge = upload.tooLarge(next.size);
    if (tooLarge) {
      setErrors((e) => ({ ...e, file: tooLarge }));
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
      settings: upload.missing?.(settings),
      file: file ? undefined : 'Please choose a file (.csv, .xlsx or .xls)',
    };
    setErrors(missing);
    if (!file || missing.settings) {
      return;
    }
    analyze.mutate(file, { onSuccess: onAnalyzed });
  };

  const drop = (
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
        aria-label={upload.fileLabel}
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
          <strong>{upload.dropTitle}</strong>
          <span id="import-file-hint" className="muted">
            {upload.dropHint}
          </span>
        </>
      )}
      {errors.file ? (
        <span id="import-file-error" className="field__error">
          {errors.file}
        </span>
      ) : null}
    </label>
  );
  const Fields = upload.Fields;
  return (
    <>
      {analyze.isError ? <Alert>{analyzeErrorMessage(analyze.error)}</Alert> : null}
      {upload.intro ? <p className="imp-intro">{upload.intro}</p> : null}
      {Fields ? (
        <div className="imp-grid">
          <Fields
            settings={settings}
            onSettingsChange={onSettingsChange}
            error={errors.settings}
            onErrorClear={() => setErrors((e) => ({ ...e, settings: undefined }))}
          />
          {drop}
        </div>
      ) : (
        drop
      )}
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
