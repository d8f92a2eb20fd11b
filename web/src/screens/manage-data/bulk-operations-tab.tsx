import { useState } from 'react';
import { EMPLOYEE_STATUSES } from '@server/schemas/common';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import { useBulkOptions, useBulkStatus, useBulkWorkGroup, type EmployeeStatus } from '@web/api/bulk-update';
import { useWorkGroups } from '@web/api/work-groups';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { BulkCard } from './bulk-card';
import { defaultFiscalYear, FiscalYearSelect } from './fiscal-year-select';
import { describeMatch, MatchFields, toMatch, type MatchState } from './match-fields';
import { TabHeader } from './tab-header';
import type { Flash } from './use-flash';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

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
  const [groupMatch, setGroupMatch] = useState<MatchState>({ field: 'position', value: '' });
  const [groupId, setGroupId] = useState('');
  const [statusMatch, setStatusMatch] = useState<MatchState>({ field: 'position', value: '' });
  const [status, setStatus] = useState<EmployeeStatus | ''>('');

  if (!selected) {
    return <Alert variant="info">Choose a budget year in the header first.</Alert>;
  }
  const where = fiscalYear ? fiscalYearLabel(fiscalYear) : '';
  const groupName = groups.data?.workGroups.find((g) => String(g.id) === groupId)?.name ?? '';

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
          missing={
            !fiscalYear
              ? 'Choose a fiscal year'
              : !groupMatch.value
                ? 'Choose which employees to change'
                : !groupId
                  ? 'Choose a work group'
                  : null
          }
          actionLabel="Preview and Assign"
          busy={workGroupMutation.isPending}
          failure="Error assigning work group"
          flash={flash}
          run={(dryRun) =>
            workGroupMutation.mutateAsync({
              budgetYearId: selected.id,
              fiscalYear: fiscalYear!,
              match: toMatch(groupMatch),
              workGroupId: Number(groupId),
              dryRun,
            })
          }
          confirmMessage={(p) =>
            `${plural(p.matched, 'employee')} in ${where} match ${describeMatch(groupMatch)}; ${plural(p.totalUpdated, 'employee')} will move to ${groupName}. Apply?`
          }
          successMessage={(r) => `${plural(r.totalUpdated, 'employee')} moved to ${groupName}`}
        >
          <MatchFields
            idPrefix="bulk-group"
            options={options.data}
            match={groupMatch}
            onChange={setGroupMatch}
          />
          <Field id="bulk-group-target" label="Work group">
            <Select
              id="bulk-group-target"
              value={groupId}
              placeholder="Choose..."
              onValueChange={setGroupId}
              options={(groups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            />
          </Field>
        </BulkCard>
        <BulkCard
          title="Set Employee Status"
          description="Mark matching employees Active, Retiring or Inactive. Retiring and Inactive clear their next-year salaries; back to Active restores the automatic one."
          missing={
            !fiscalYear
              ? 'Choose a fiscal year'
              : !statusMatch.value
                ? 'Choose which employees to change'
                : !status
                  ? 'Choose a status'
                  : null
          }
          actionLabel="Preview and Set Status"
          busy={statusMutation.isPending}
          failure="Failed to update status"
          flash={flash}
          run={(dryRun) =>
            statusMutation.mutateAsync({
              budgetYearId: selected.id,
              fiscalYear: fiscalYear!,
              match: toMatch(statusMatch),
              employeeStatus: status as EmployeeStatus,
              dryRun,
            })
          }
          confirmMessage={(p) =>
            `${plural(p.matched, 'employee')} in ${where} match ${describeMatch(statusMatch)}; ${plural(p.totalUpdated, 'employee')} will be set to ${status}${status === 'Active' ? '' : ' and lose their next-year salary'}. Apply?`
          }
          successMessage={(r) => `${plural(r.totalUpdated, 'employee')} set to ${status}`}
        >
          <MatchFields
            idPrefix="bulk-status"
            options={options.data}
            match={statusMatch}
            onChange={setStatusMatch}
          />
          <Field id="bulk-status-target" label="Status">
            <Select
              id="bulk-status-target"
              value={status}
              placeholder="Choose..."
              onValueChange={(v) => setStatus(v as EmployeeStatus)}
              options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: s }))}
            />
          </Field>
        </BulkCard>
      </div>
    </>
  );
}
