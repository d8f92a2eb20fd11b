import { useState } from 'react';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { useVersions } from '@web/api/versions';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { budgetYearLabel } from '@web/budget-year/budget-year-label';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { useYearLock } from '@web/components/year-lock';
import { Alert } from '@web/components/alert';
import { BUDGET_STAGES_PLACE } from '@web/lib/directions';
import { CreateVersionModal } from '../create-version-modal';
import type { SettingsProps } from '../wizard-kind';
import type { LineSettings } from './lines';
import type { ImportType } from '@shared/schemas/import';

/**
 * Which fiscal year a file belongs in, said where its version is chosen: a payroll goes in the year
 * its people are paid in, and their next-year salaries become the next year's proposed salary lines
 * (a payroll of FY28 put into FY28 fills FY29's proposed budget, which nothing said).
 */
export function versionHint(importType: ImportType, fiscalYear: number | undefined): string {
  if (importType !== 'operating') {
    return "The version's fiscal year is the fiscal year of the imported lines.";
  }
  const year = fiscalYear === undefined ? null : fiscalYearLabel(fiscalYear);
  const next = fiscalYear === undefined ? null : fiscalYearLabel(fiscalYear + 1);
  return year
    ? `A payroll goes in the fiscal year its people are paid in. Imported here as ${year}'s payroll, its next-year salaries become ${next}'s proposed salary lines.`
    : "A payroll goes in the fiscal year its people are paid in (the version's); its next-year salaries become the next fiscal year's proposed salary lines.";
}

/** Beside the file of a line import: the budget year (from the header) and a version, or a new one. */
export function VersionField({
  importType,
  settings,
  onSettingsChange,
  error,
  onErrorClear,
}: SettingsProps<LineSettings> & { importType: ImportType; error?: string; onErrorClear(): void }) {
  const { selected: budgetYear, isLoading: yearsLoading, isUnavailable } = useBudgetYear();
  const versions = useVersions({ budgetYearId: budgetYear?.id }, Boolean(budgetYear));
  const notify = useToast();
  const [creating, setCreating] = useState(false);
  const choose = (versionId: number) => onSettingsChange({ ...settings, versionId });
  // The chosen version's fiscal year locked by a vote refuses every file: said here, before a file
  // is uploaded and mapped only for its preview to be refused.
  const version = versions.data?.versions.find((v) => v.id === settings.versionId);
  const lock = useYearLock(budgetYear?.id, version?.fiscalYear);

  const options = (versions.data?.versions ?? []).map((v) => ({
    value: String(v.id),
    label: `${fiscalYearLabel(v.fiscalYear)} · ${v.label}${v.versionNumber > 1 ? ` (v${v.versionNumber})` : ''}`,
  }));
  // isLoading, not isPending: a query disabled for want of a budget year stays pending forever
  // without running, and 'Loading...' then never ended.
  const versionPlaceholder =
    yearsLoading || versions.isLoading
      ? 'Loading versions...'
      : versions.isError
        ? 'The versions could not be loaded'
        : 'Select a version';
  return (
    <div className="form-stack">
      <div className="field">
        <span className="field__label">Budget year</span>
        <span>
          {budgetYear
            ? budgetYearLabel(budgetYear)
            : yearsLoading
              ? 'Loading budget years...'
              : isUnavailable
                ? 'The budget years could not be loaded'
                : 'None selected'}
        </span>
        <span className="field__hint">Lines go into the budget year chosen in the header.</span>
      </div>
      <Field
        id="import-version"
        label="Version"
        required
        error={error}
        hint={versionHint(importType, version?.fiscalYear)}
      >
        {(control) => (
          <div className="imp-row">
            <Select
              {...control}
              value={settings.versionId ? String(settings.versionId) : ''}
              options={options}
              placeholder={versionPlaceholder}
              onValueChange={(v) => {
                onErrorClear();
                choose(Number(v));
              }}
            />
            <Button onClick={() => setCreating(true)}>New Version</Button>
          </div>
        )}
      </Field>
      {lock.locked && version ? (
        <Alert variant="warning" title="This year is locked">
          {lock.message}. No file can be imported into {fiscalYearLabel(version.fiscalYear)} until then: an
          administrator reopens it on {BUDGET_STAGES_PLACE}.
        </Alert>
      ) : null}
      <CreateVersionModal
        open={creating}
        onOpenChange={setCreating}
        budgetYearId={budgetYear?.id}
        defaultFiscalYear={budgetYear?.currentFiscalYear}
        onCreated={(version) => {
          choose(version.id);
          onErrorClear();
          notify({ title: `Version "${version.label}" created as a draft` });
        }}
      />
    </div>
  );
}
