import { useMemo } from 'react';
import { Link } from 'react-router';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { SKIP } from '@shared/schemas/import';
import type { LedgerAnalysis } from '@web/api/ledger';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import type { FieldMapping } from '../mapping';
import type { SettingsProps } from '../wizard-kind';
import { missingYear, useDistrictYears, useRecheckYearsOnMount, type DistrictYears } from './ledger-years';

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
 * The chosen year is not one of the district's, so the server would refuse the import (Preview
 * Import waits): what to do, and a button to ask for the district's years again once it is done.
 */
function MissingYearAlert({ year, years }: { year: number; years: DistrictYears }) {
  const fy = fiscalYearLabel(year);
  return (
    <Alert variant="warning" title={`${fy} is not a year of this district`}>
      <p className="imp-missing-year">
        No budget year is named for {fy} or holds lines of it, so the ledger cannot be imported into it.
        Choose another fiscal year below, or create the {fy} budget year under{' '}
        <Link to="/admin/setup" target="_blank" rel="noreferrer">
          Admin, Setup (opens in a new tab)
        </Link>{' '}
        and then press Check again.
      </p>
      <Button busy={years.checking} busyLabel="Checking..." onClick={() => void years.recheck()}>
        Check again
      </Button>
    </Alert>
  );
}

/**
 * Above the ledger's mapping: the fiscal year, period and account pattern the import uses, and
 * what to do when the year is not one of the district's (the server refuses it).
 */
export function LedgerSettingsFields({
  analysis,
  mapping,
  settings,
  onSettingsChange,
}: SettingsProps<LedgerSettings> & { analysis: LedgerAnalysis; mapping: FieldMapping }) {
  const years = useDistrictYears();
  useRecheckYearsOnMount(years);
  const { known } = years;
  const yearOptions = useMemo(() => {
    const options = new Set(known);
    if (analysis.detectedFiscalYear !== null) {
      options.add(analysis.detectedFiscalYear);
    }
    return [...options].sort((a, b) => b - a).map((y) => ({ value: String(y), label: fiscalYearLabel(y) }));
  }, [known, analysis.detectedFiscalYear]);
  const missing = missingYear(years, settings.fiscalYear);
  const periodMapped = periodColumnMapped(mapping);

  return (
    <>
      {missing !== null ? <MissingYearAlert year={missing} years={years} /> : null}
      <div className="form-grid imp-ledger-settings">
        <Field
          id="ledger-fiscal-year"
          label="Fiscal year"
          required
          hint={
            analysis.detectedFiscalYear !== null
              ? `The year the ledger is imported into. The file says ${fiscalYearLabel(analysis.detectedFiscalYear)}.`
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
