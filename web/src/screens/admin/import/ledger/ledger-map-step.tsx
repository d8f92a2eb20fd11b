import { useMemo, useState } from 'react';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import { SKIP } from '@shared/schemas/import';
import type { LedgerAnalysis } from '@web/api/actuals';
import { useAllFiscalYears } from '@web/api/fiscal-years';
import { useBudgetYears } from '@web/api/budget-years';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { FieldColumnCells } from '../field-column-cells';
import { missingRequired, requiredMessage, sampleValue, type FieldMapping } from '../mapping';

/** The wizard's ledger settings beside the column mapping. */
export interface LedgerSettings {
  fiscalYear: number | null;
  /** Typed text; empty when the file's Period column gives it. */
  period: string;
  accountPattern: string;
}

/**
 * Step 2 of the ledger import: which column holds each field, and the fiscal year, period and
 * account pattern the import uses (the pattern's split of the first account is shown as it is typed).
 */
export function LedgerMapStep({
  analysis,
  mapping,
  onMappingChange,
  settings,
  onSettingsChange,
  onBack,
  onNext,
}: {
  analysis: LedgerAnalysis;
  mapping: FieldMapping;
  onMappingChange(m: FieldMapping): void;
  settings: LedgerSettings;
  onSettingsChange(s: LedgerSettings): void;
  onBack(): void;
  onNext(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const budgetYears = useBudgetYears();
  const allYears = useAllFiscalYears();
  // The years the district has (a budget year's, or lines'): the server imports only into these.
  const knownYears = useMemo(() => {
    const years = new Set<number>();
    budgetYears.data?.budgetYears.forEach((b) => {
      for (const y of [b.currentFiscalYear, parseFiscalYear(b.fiscalYear)]) {
        if (y !== null) {
          years.add(y);
        }
      }
    });
    allYears.data?.fiscalYears.forEach((y) => years.add(y.fiscalYear));
    return years;
  }, [budgetYears.data, allYears.data]);
  const yearOptions = useMemo(() => {
    const years = new Set(knownYears);
    if (analysis.detectedFiscalYear !== null) {
      years.add(analysis.detectedFiscalYear);
    }
    return [...years].sort((a, b) => b - a).map((y) => ({ value: String(y), label: `FY${y}` }));
  }, [knownYears, analysis.detectedFiscalYear]);
  const yearsLoaded = budgetYears.isSuccess && allYears.isSuccess;
  const unknownYear = yearsLoaded && settings.fiscalYear !== null && !knownYears.has(settings.fiscalYear);
  const periodMapped = mapping.period && mapping.period !== SKIP;

  const next = () => {
    const missing = missingRequired(analysis, mapping);
    if (missing.length) {
      setError(requiredMessage(missing));
      return;
    }
    if (settings.fiscalYear === null) {
      setError('Choose the fiscal year of the ledger');
      return;
    }
    if (!periodMapped && !/^(1[0-3]|[1-9])$/.test(settings.period.trim())) {
      setError('Give the period, 1 to 13: the file has no Period column mapped');
      return;
    }
    setError(null);
    onNext();
  };

  return (
    <>
      <dl className="imp-facts">
        <div>
          <dt>File</dt>
          <dd>{analysis.originalName}</dd>
        </div>
        <div>
          <dt>Column headers on row</dt>
          <dd className="num">{analysis.headerRow}</dd>
        </div>
        <div>
          <dt>Columns</dt>
          <dd className="num">{analysis.detectedColumns.length}</dd>
        </div>
      </dl>
      {analysis.savedMapping ? (
        <Alert variant="info">The mapping you confirmed for files with these columns is filled in.</Alert>
      ) : null}
      {analysis.encodingNotice ? (
        <Alert variant="info" title="Not all of the file is UTF-8 text">
          {analysis.encodingNotice}
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {unknownYear ? (
        <Alert variant="info" title={`FY${settings.fiscalYear} is not a year of this district`}>
          No budget year is named for FY{settings.fiscalYear} or holds lines of it, so the server will refuse
          the import. Choose another fiscal year, or create its budget year first.
        </Alert>
      ) : null}
      <div className="form-grid imp-ledger-settings">
        <Field
          id="ledger-fiscal-year"
          label="Fiscal year"
          required
          hint={
            analysis.detectedFiscalYear !== null
              ? `The year the ledger is imported into. The file says FY${analysis.detectedFiscalYear}.`
              : 'The year the ledger is imported into: the file does not say.'
          }
        >
          {(control) => (
            <Select
              {...control}
              value={settings.fiscalYear === null ? '' : String(settings.fiscalYear)}
              options={yearOptions}
              placeholder="Choose a fiscal year"
              onValueChange={(v) => onSettingsChange({ ...settings, fiscalYear: Number(v) })}
            />
          )}
        </Field>
        <Field
          id="ledger-period"
          label="Period"
          inputMode="numeric"
          value={periodMapped ? (analysis.detectedPeriod?.toString() ?? settings.period) : settings.period}
          disabled={Boolean(periodMapped)}
          hint={
            periodMapped
              ? 'Read from the Period column.'
              : '1 to 12 for the months, 13 for the year-end closing.'
          }
          onChange={(e) => onSettingsChange({ ...settings, period: e.target.value })}
        />
        <Field
          id="ledger-pattern"
          label="Account pattern"
          full
          value={settings.accountPattern}
          hint="Where the DESE function (FUNC), object (OBJECT) and building (LOC) codes sit in an account: x = one character, ... = any segments (once at most), a word = one segment. Saved for the district when you import."
          onChange={(e) => onSettingsChange({ ...settings, accountPattern: e.target.value })}
        />
      </div>
      <div className="table-wrap" role="group" aria-label="Column mapping" tabIndex={0}>
        <table className="table imp-map">
          <caption className="visually-hidden">Map the ledger file&apos;s columns to fields</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Column in the file</th>
              <th scope="col">First value</th>
            </tr>
          </thead>
          <tbody>
            {analysis.expectedColumns.map((f) => {
              const chosen = mapping[f.field] ?? SKIP;
              return (
                <tr key={f.field}>
                  <FieldColumnCells
                    field={f}
                    chosen={chosen}
                    columns={analysis.detectedColumns}
                    onChoose={(value) => {
                      setError(null);
                      onMappingChange({ ...mapping, [f.field]: value });
                    }}
                  />
                  <td>
                    <span className="imp-sample">{sampleValue(analysis, chosen)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="imp-actions">
        <Button className="imp-actions__start" onClick={onBack}>
          Back
        </Button>
        <Button variant="primary" onClick={next}>
          Preview Import
        </Button>
      </div>
    </>
  );
}
