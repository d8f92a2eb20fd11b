import { useMemo } from 'react';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import { SKIP } from '@shared/schemas/import';
import { useAllFiscalYears } from '@web/api/fiscal-years';
import { useBudgetYears } from '@web/api/budget-years';
import type { LedgerAnalysis } from '@web/api/ledger';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import type { FieldMapping } from '../mapping';
import type { SettingsProps } from '../wizard-kind';

/** The wizard's ledger settings beside the column mapping. */
export interface LedgerSettings {
  fiscalYear: number | null;
  /** Typed text; empty when the file's Period column gives it. */
  period: string;
  accountPattern: string;
}

/** The file's Period column gives each row's period, so none is typed. */
export const periodColumnMapped = (mapping: FieldMapping) =>
  Boolean(mapping.period && mapping.period !== SKIP);

/** What the settings lack before a preview: a fiscal year, and a period unless a column gives it. */
export function ledgerSettingsProblem(settings: LedgerSettings, mapping: FieldMapping): string | undefined {
  if (settings.fiscalYear === null) {
    return 'Choose the fiscal year of the ledger';
  }
  if (!periodColumnMapped(mapping) && !/^(1[0-3]|[1-9])$/.test(settings.period.trim())) {
    return 'Give the period, 1 to 13: the file has no Period column mapped';
  }
  return undefined;
}

/**
 * Above the ledger's mapping: the fiscal year, period and account pattern the import uses, and a
 * warning when the year is not one of the district's (the server refuses it).
 */
export function LedgerSettingsFields({
  analysis,
  mapping,
  settings,
  onSettingsChange,
}: SettingsProps<LedgerSettings> & { analysis: LedgerAnalysis; mapping: FieldMapping }) {
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
  const periodMapped = periodColumnMapped(mapping);

  return (
    <>
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
          disabled={periodMapped}
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
          hint="Where the fund (FUND), DESE function (FUNC), object (OBJECT) and building (LOC) codes sit in an account: x = one character, ... = any segments (once at most), a lower-case word = one segment, ignored. Saved for the district when you import."
          onChange={(e) => onSettingsChange({ ...settings, accountPattern: e.target.value })}
        />
      </div>
    </>
  );
}
