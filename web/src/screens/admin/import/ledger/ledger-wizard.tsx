import { useEffect, useMemo, useRef, useState } from 'react';
import { SKIP } from '@shared/schemas/import';
import type { LedgerAnalysis, LedgerExecuteRequest, LedgerImportResult } from '@web/api/actuals';
import { StepIndicator, STEPS, type StepNumber } from '../step-indicator';
import { LedgerCompleteStep } from './ledger-complete-step';
import { initialMapping, type FieldMapping } from '../mapping';
import { LedgerMapStep, type LedgerSettings } from './ledger-map-step';
import { LedgerPreviewStep } from './ledger-preview-step';
import { LedgerUploadStep } from './ledger-upload-step';
import './ledger.css';

const NO_SETTINGS: LedgerSettings = { fiscalYear: null, period: '', accountPattern: '' };

/**
 * The ledger (actuals) import, the third type of the CSV Import tab: Upload, Map
 * Columns (with the fiscal year, period and account pattern), Preview (a dry run reconciled to the
 * file's totals), Complete. The same four steps and focus handling as the other imports' wizard.
 */
export function LedgerWizard({ onCancel }: { onCancel(): void }) {
  const [step, setStep] = useState<StepNumber>(1);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    stepHeading.current?.focus();
  }, [step]);
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<LedgerAnalysis | null>(null);
  const [mapping, setMapping] = useState<FieldMapping>({});
  const [settings, setSettings] = useState<LedgerSettings>(NO_SETTINGS);
  const [result, setResult] = useState<LedgerImportResult | null>(null);

  const body = useMemo<LedgerExecuteRequest | null>(() => {
    if (!analysis || settings.fiscalYear === null) {
      return null;
    }
    const periodMapped = Boolean(mapping.period && mapping.period !== SKIP);
    const pattern = settings.accountPattern.trim();
    return {
      fileName: analysis.fileName,
      columnMappings: Object.fromEntries(
        Object.entries(mapping).map(([field, column]) => [field, column === SKIP ? null : column]),
      ),
      fiscalYear: settings.fiscalYear,
      ...(periodMapped ? {} : { period: Number(settings.period.trim()) }),
      // Sent only when changed: a real import saves the pattern it is given as the district's.
      ...(pattern && pattern !== analysis.accountPattern ? { accountPattern: pattern } : {}),
    };
  }, [analysis, mapping, settings]);

  const restart = () => {
    setStep(1);
    setFile(null);
    setAnalysis(null);
    setMapping({});
    setSettings(NO_SETTINGS);
    setResult(null);
  };

  return (
    <div className="imp">
      <div className="imp-head">
        <h2>Import a ledger (actuals)</h2>
        {step === 2 || step === 3 ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            Cancel import
          </button>
        ) : null}
      </div>
      <StepIndicator step={step} />
      <h3 className="imp-step-heading" tabIndex={-1} ref={stepHeading}>
        Step {step} of {STEPS.length}: {STEPS[step - 1]}
      </h3>
      {step === 1 ? (
        <LedgerUploadStep
          file={file}
          onFileChange={setFile}
          onCancel={onCancel}
          onAnalyzed={(a) => {
            setAnalysis(a);
            setMapping(initialMapping(a));
            setSettings({
              fiscalYear: a.detectedFiscalYear,
              period: a.detectedPeriod === null ? '' : String(a.detectedPeriod),
              accountPattern: a.accountPattern,
            });
            setStep(2);
          }}
        />
      ) : null}
      {step === 2 && analysis ? (
        <LedgerMapStep
          analysis={analysis}
          mapping={mapping}
          onMappingChange={setMapping}
          settings={settings}
          onSettingsChange={setSettings}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      ) : null}
      {step === 3 && body ? (
        <LedgerPreviewStep
          body={body}
          onBack={() => setStep(2)}
          onImported={(r) => {
            setResult(r);
            setStep(4);
          }}
        />
      ) : null}
      {step === 4 && result && analysis ? (
        <LedgerCompleteStep result={result} fileName={analysis.originalName} onRestart={restart} />
      ) : null}
    </div>
  );
}
