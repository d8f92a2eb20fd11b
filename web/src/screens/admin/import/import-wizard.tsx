import { useEffect, useRef, useState } from 'react';
import type { ImportType } from '@shared/schemas/import';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { CompleteStep } from './complete-step';
import { LEDGER_KIND } from './kinds/ledger';
import { LINE_KINDS } from './kinds/lines';
import { MapStep } from './map-step';
import { initialMapping, type FieldMapping } from './mapping';
import { PreviewStep } from './preview-step';
import { StepIndicator, STEPS, type StepNumber } from './step-indicator';
import type { ImportChoice } from './type-choice';
import { UploadStep } from './upload-step';
import type { BaseAnalysis, WizardKind } from './wizard-kind';

/** The import wizard for the kind chosen: payroll (operating), budget lines (proposed) or the ledger. */
export function ImportWizard({ kind, onCancel }: { kind: ImportChoice; onCancel(): void }) {
  return kind === 'ledger' ? (
    <Wizard kind={LEDGER_KIND} onCancel={onCancel} />
  ) : (
    <LineWizard kind={kind} onCancel={onCancel} />
  );
}

/**
 * Payroll and budget lines go into a version of a budget year. Before any budget year exists the
 * upload step could never be completed (no version to pick, none to create: a new version needs the
 * year's fiscal year), so the screen says what is missing and where it is added, as the Dashboard
 * does. The ledger keys its rows by fiscal year alone and stays open.
 */
function LineWizard({ kind, onCancel }: { kind: ImportType; onCancel(): void }) {
  const { selected, isLoading, isUnavailable } = useBudgetYear();
  // Still loading, or the list failed: the wizard says so at its Budget year field instead.
  if (selected || isLoading || isUnavailable) {
    return <Wizard kind={LINE_KINDS[kind]} onCancel={onCancel} />;
  }
  return (
    <div className="imp">
      <div className="imp-head">
        <h2>{LINE_KINDS[kind].title}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
          Choose another type
        </button>
      </div>
      <NoBudgetYear shows="the versions a file's lines go into" />
      <p className="imp-intro">A ledger (actuals) import needs no budget year: it is kept by fiscal year.</p>
    </div>
  );
}

/**
 * The four steps: 1 Upload, 2 Map Columns, 3 Preview, 4 Complete.
 * Step 1 to 2 after a successful analysis, 2 to 3 only with every required field mapped (and the
 * kind's settings complete), 3 to 4 after a successful import; Back on steps 2 and 3; Cancel returns
 * to the choice of type.
 */
function Wizard<A extends BaseAnalysis, S, B extends { dryRun?: boolean }, R>({
  kind,
  onCancel,
}: {
  kind: WizardKind<A, S, B, R>;
  onCancel(): void;
}) {
  const [step, setStep] = useState<StepNumber>(1);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    stepHeading.current?.focus();
  }, [step]);
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<A | null>(null);
  const [mapping, setMapping] = useState<FieldMapping>({});
  const [settings, setSettings] = useState<S>(kind.initialSettings);
  // The preview's options (leave out other departments' rows, replace a later period): the user's
  // choices, kept across Back and Next like the version; Import Another File clears them.
  const [options, setOptions] = useState<Partial<B>>({});
  const [result, setResult] = useState<R | null>(null);
  const body = kind.useBody(analysis, mapping, settings);
  const changeSettings = (next: S) => setSettings(next);

  // The settings stay: the next analysis sets what it detects (a chosen version is kept).
  const restart = () => {
    setStep(1);
    setFile(null);
    setAnalysis(null);
    setMapping({});
    setOptions({});
    setResult(null);
  };

  return (
    <div className="imp">
      <div className="imp-head">
        <h2>{kind.title}</h2>
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
          kind={kind}
          settings={settings}
          onSettingsChange={changeSettings}
          file={file}
          onFileChange={setFile}
          onCancel={onCancel}
          onAnalyzed={(a) => {
            setAnalysis(a);
            setMapping(initialMapping(a));
            setSettings((s) => kind.fromAnalysis(a, s));
            setStep(2);
          }}
        />
      ) : null}
      {step === 2 && analysis ? (
        <MapStep
          kind={kind}
          analysis={analysis}
          mapping={mapping}
          onMappingChange={setMapping}
          settings={settings}
          onSettingsChange={changeSettings}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      ) : null}
      {step === 3 && analysis && body ? (
        <PreviewStep
          kind={kind}
          analysis={analysis}
          mapping={mapping}
          body={body}
          options={options}
          onOptionsChange={setOptions}
          onBack={() => setStep(2)}
          onImported={(r) => {
            setResult(r);
            setStep(4);
          }}
        />
      ) : null}
      {step === 4 && result && analysis ? (
        <CompleteStep
          kind={kind}
          result={result}
          fileName={analysis.originalName}
          settings={settings}
          onRestart={restart}
        />
      ) : null}
    </div>
  );
}
