import { useEffect, useMemo, useRef, useState } from 'react';
import type { ImportType } from '@shared/schemas/import';
import type { ImportAnalysis, ImportResult } from '@web/api/import';
import { useVersions } from '@web/api/versions';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { CompleteStep } from './complete-step';
import { MapStep } from './map-step';
import { initialMapping, toColumnMappings, type FieldMapping } from './mapping';
import { PreviewStep } from './preview-step';
import { StepIndicator, STEPS, type StepNumber } from './step-indicator';
import { UploadStep } from './upload-step';

const TITLES: Record<ImportType, string> = {
  operating: 'Import an operating budget (employees)',
  proposed: 'Import a proposed budget (lines)',
};

/**
 * The import wizard: 1 Upload, 2 Map Columns, 3 Preview, 4 Complete.
 * Step 1 to 2 after a successful analysis, 2 to 3 only with every required field mapped, 3 to 4
 * after a successful import; Back on steps 2 and 3; Cancel returns to the choice of type.
 */
export function ImportWizard({ importType, onCancel }: { importType: ImportType; onCancel(): void }) {
  const { selected: budgetYear } = useBudgetYear();
  const versions = useVersions({ budgetYearId: budgetYear?.id }, Boolean(budgetYear));
  const [step, setStep] = useState<StepNumber>(1);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    stepHeading.current?.focus();
  }, [step]);
  const [versionId, setVersionId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<ImportAnalysis | null>(null);
  const [mapping, setMapping] = useState<FieldMapping>({});
  const [noteColumns, setNoteColumns] = useState<string[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);

  const body = useMemo(
    () =>
      analysis && budgetYear && versionId
        ? {
            fileName: analysis.fileName,
            columnMappings: toColumnMappings(mapping),
            noteColumns,
            importType,
            budgetYearId: budgetYear.id,
            versionId,
          }
        : null,
    [analysis, budgetYear, versionId, mapping, noteColumns, importType],
  );

  const restart = () => {
    setStep(1);
    setFile(null);
    setAnalysis(null);
    setMapping({});
    setNoteColumns([]);
    setResult(null);
  };

  const version = versions.data?.versions.find((v) => v.id === versionId) ?? null;
  return (
    <div className="imp">
      <div className="imp-head">
        <h2>{TITLES[importType]}</h2>
        {step === 2 || step === 3 ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            Cancel import
          </button>
        ) : null}
      </div>
      <StepIndicator step={step} />
      {/* Each new step takes focus at its heading, so a keyboard goes on from there (after Analyze,
          Preview or Back, focus fell to the page top: 22 Tabs back to 'Preview Import'). */}
      <h3 className="imp-step-heading" tabIndex={-1} ref={stepHeading}>
        Step {step} of {STEPS.length}: {STEPS[step - 1]}
      </h3>
      {step === 1 ? (
        <UploadStep
          importType={importType}
          versionId={versionId}
          onVersionChange={setVersionId}
          file={file}
          onFileChange={setFile}
          onCancel={onCancel}
          onAnalyzed={(a) => {
            setAnalysis(a);
            setMapping(initialMapping(a));
            setNoteColumns(a.suggestedNoteColumns);
            setStep(2);
          }}
        />
      ) : null}
      {step === 2 && analysis ? (
        <MapStep
          analysis={analysis}
          mapping={mapping}
          onMappingChange={setMapping}
          noteColumns={noteColumns}
          onNoteColumnsChange={setNoteColumns}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      ) : null}
      {step === 3 && analysis && body ? (
        <PreviewStep
          analysis={analysis}
          mapping={mapping}
          body={body}
          onBack={() => setStep(2)}
          onImported={(r) => {
            setResult(r);
            setStep(4);
          }}
        />
      ) : null}
      {step === 4 && result && analysis ? (
        <CompleteStep
          result={result}
          fileName={analysis.originalName}
          budgetYear={budgetYear?.fiscalYear ?? ''}
          versionLabel={version?.label ?? null}
          onRestart={restart}
        />
      ) : null}
    </div>
  );
}
