import { useState } from 'react';
import { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { bulkStatusBody, bulkWorkGroupBody } from '@shared/schemas/bulk-update';
import { isLocked } from '@shared/schemas/salary-rule-lines';
import { useBulkOptions, useBulkStatus, useBulkWorkGroup } from '@web/api/bulk-update';
import { useWorkGroups } from '@web/api/work-groups';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { BulkCard } from './bulk-card';
import { defaultFiscalYear, FiscalYearSelect } from './fiscal-year-select';
import { describeMatch, MatchFields, toMatch, type MatchState } from './match-fields';
import { TabHeader } from './tab-header';
import type { Flash } from './use-flash';
import { countOf } from '@web/lib/format';

const plural = (n: number, word: string) => countOf(n, word);

/** An empty choice is no match at all, so the schema says what is missing in its own words. */
const matchInput = (m: MatchState) => (m.value ? toMatch(m) : {});
const EMPTY_MATCH: MatchState = { field: 'position', value: '' };

/** Bulk changes to the employees of one fiscal year: their work group, or their status. */
export function BulkOperationsTab({ flash }: { flash: Flash }) {
  const { selected } = useBudgetYear();
  const [year, setYear] = useState<number | undefined>(undefined);
  const all = useBulkOptions(selected?.id);
  const years = all.data?.fiscalYears ?? [];
  const fiscalYear = year ?? defaultFiscalYear(years, selected?.currentFiscalYear);
  const options = useBulkOptions(selected?.id, fiscalYear);
  const groups = useWorkGroups();
  const workGroupMutation = useBulkWorkGroup();
  const statusMutation = useBulkStatus();
  // Checked with the API's own schemas (dryRun is the button's to decide).
  const scope = { budgetYearId: selected?.id, fiscalYear, dryRun: true };
  const groupForm = useSchemaForm(
    bulkWorkGroupBody,
    { match: EMPTY_MATCH, workGroupId: '' },
    {
      toInput: (v) => ({
        ...scope,
        match: matchInput(v.match),
        workGroupId: v.workGroupId ? Number(v.workGroupId) : undefined,
      }),
    },
  );
  const statusForm = useSchemaForm(
    bulkStatusBody,
    { match: EMPTY_MATCH, employeeStatus: '' },
    {
      toInput: (v) => ({
        ...scope,
        match: matchInput(v.match),
        employeeStatus: v.employeeStatus || undefined,
      }),
    },
  );
  const groupMatch = groupForm.values.match;
  const statusMatch = statusForm.values.match;
  const status = statusForm.values.employeeStatus;

  if (!selected) {
    return <Alert variant="info">Choose a budget year in the header first.</Alert>;
  }
  const where = fiscalYear ? fiscalYearLabel(fiscalYear) : '';
  const groupName =
    groups.data?.workGroups.find((g) => String(g.id) === groupForm.values.workGroupId)?.name ?? '';

  return (
    <>
      <TabHeader
        title="Bulk Operations"
        description={`Change many employees of ${selected.fiscalYear} at once. You see how many employees a change affects before it is applied, and every changed record keeps its history.`}
        actions={
          <FiscalYearSelect
            id="bulk-fiscal-year"
            label="Fiscal year"
            years={years}
            value={fiscalYear}
            onChange={setYear}
          />
        }
      />
      <div className="md-cards">
        <BulkCard
          title="Assign Work Group"
          description="Put every employee with a given position, job class or department into a work group."
          form={groupForm}
          actionLabel="Preview and Assign"
          busy={workGroupMutation.isPending}
          failure="Error assigning work group"
          flash={flash}
          run={(body, dryRun) => workGroupMutation.mutateAsync({ ...body, dryRun })}
          confirmMessage={(p) =>
            `${plural(p.matched, 'employee')} in ${where} match ${describeMatch(groupMatch)}; ${plural(p.totalUpdated, 'employee')} will move to ${groupName}. Apply?`
          }
          successMessage={(r) => `${plural(r.totalUpdated, 'employee')} moved to ${groupName}`}
        >
          <MatchFields
            idPrefix="bulk-group"
            options={options.data}
            match={groupMatch}
            onChange={groupForm.set('match')}
            error={groupForm.errors.match}
          />
          <Field id="bulk-group-target" label="Work group" error={groupForm.errors.workGroupId}>
            {(control) => (
              <Select
                {...control}
                value={groupForm.values.workGroupId}
                placeholder="Choose..."
                onValueChange={groupForm.set('workGroupId')}
                options={(groups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              />
            )}
          </Field>
        </BulkCard>
        <BulkCard
          title="Set Employee Status"
          description="Mark matching employees Active, Retiring or Inactive. Retiring and Inactive clear their next-year salaries; back to Active restores the automatic one."
          form={statusForm}
          actionLabel="Preview and Set Status"
          busy={statusMutation.isPending}
          failure="Failed to update status"
          flash={flash}
          run={(body, dryRun) => statusMutation.mutateAsync({ ...body, dryRun })}
          confirmMessage={(p) =>
            `${plural(p.matched, 'employee')} in ${where} match ${describeMatch(statusMatch)}; ${plural(p.totalUpdated, 'employee')} will be set to ${status}${isLocked(status) ? ' and lose their next-year salary' : ''}. Apply?`
          }
          successMessage={(r) => `${plural(r.totalUpdated, 'employee')} set to ${status}`}
        >
          <MatchFields
            idPrefix="bulk-status"
            options={options.data}
            match={statusMatch}
            onChange={statusForm.set('match')}
            error={statusForm.errors.match}
          />
          <Field id="bulk-status-target" label="Status" error={statusForm.errors.employeeStatus}>
            {(control) => (
              <Select
                {...control}
                value={status}
                placeholder="Choose..."
                onValueChange={statusForm.set('employeeStatus')}
                options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: s }))}
              />
            )}
          </Field>
        </BulkCard>
      </div>
    </>
  );
}
