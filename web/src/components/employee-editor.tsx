import { useMemo, type FormEvent } from 'react';
import { updateEmployeeBody, type UpdateEmployeeBody } from '@shared/schemas/line-items';
import { isLocked } from '@shared/schemas/salary-rule-lines';
import { lineItemsApi, useLineMutation, type EmployeeLineItem } from '@web/api/line-items';
import { useWorkGroups } from '@web/api/lookups';
import { Alert } from '@web/components/alert';
import { ChangeReasonField, useStagePassed, withChangeReason } from '@web/components/change-reason-field';
import { NotesField, useEditorForm, useLineLookupOptions } from '@web/components/editor-fields';
import { EditorModal } from '@web/components/editor-modal';
import { employeeName } from '@web/components/employee-cells';
import {
  employeePatchInput,
  NONE,
  STATUS_OPTIONS,
  toFormValues,
  UNLISTED,
} from '@web/components/employee-form';
import { HistoryPanel } from '@web/components/history-panel';
import { formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/budget-math';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { FormActions } from '@web/components/form/form-actions';

type FormValues = ReturnType<typeof toFormValues> & { changeReason: string };

interface EmployeeEditorProps {
  line: EmployeeLineItem | null;
  onClose(): void;
  /**
   * Called with the saved line, and the server's note when the locked salary lines its position's
   * cost is budgeted into do not have the change; the screen confirms it.
   */
  onSaved(line: EmployeeLineItem, salaryLines?: SalaryLinesLocked): void;
  /** Data Quality: saving also clears the review flag (metadata.needsReview = false). */
  review?: boolean;
  /** Shown above the form when saving fails ('Failed to save', '✗ Failed to save'). */
  failureTitle?: string;
}

/**
 * Every field of one employee line, checked with the API's own schema (each problem, and each of
 * the server's, under its field), with the line's history.
 */
export function EmployeeEditor({
  line,
  onClose,
  onSaved,
  review = false,
  failureTitle,
}: EmployeeEditorProps) {
  // Once the line's year has passed a budget stage, an edit may say why.
  const stage = useStagePassed(line);
  // What is sent: the fields that changed, and (Data Quality) the review flag cleared.
  const changesOf = (v: ReturnType<typeof toFormValues>) => {
    const body = line ? employeePatchInput(line, v) : {};
    return review ? { ...body, metadata: { needsReview: false } } : body;
  };
  const toInput = (v: FormValues) => withChangeReason(changesOf(v), v.changeReason, stage.passed);
  const form = useEditorForm(
    'employee',
    updateEmployeeBody,
    line,
    { ...toFormValues(line), changeReason: '' },
    { toInput },
  );
  const { values, input, select } = form;
  const { buildingOptions, categoryOptions } = useLineLookupOptions();
  const workGroups = useWorkGroups();
  // Work groups are chosen, not typed (a typo would make a group no contract covers); a line whose
  // imported label is no work group's shows it until another choice is made.
  const unlisted = line && line.workGroupId === null ? line.workGroup : null;
  const workGroupOptions = useMemo(
    () => [
      { value: NONE, label: 'No work group' },
      ...(unlisted ? [{ value: UNLISTED, label: `${unlisted} (not a work group)` }] : []),
      ...(workGroups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
    ],
    [workGroups.data, unlisted],
  );
  const save = useLineMutation(({ id, body }: { id: number; body: UpdateEmployeeBody }) =>
    lineItemsApi.updateEmployee(id, body),
  );

  if (!line) {
    return null;
  }
  const locked = isLocked(values.employeeStatus);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A reason alone changes nothing.
    if (Object.keys(changesOf(values)).length === 0) {
      onClose();
      return;
    }
    const body = form.validate();
    if (!body) {
      return;
    }
    save.mutate(
      { id: line.id, body },
      {
        onSuccess: ({ lineItem, salaryLines }) => onSaved(lineItem as EmployeeLineItem, salaryLines),
        onError: (err) => form.applyServerError(err, 'Failed to save'),
      },
    );
  };

  const warnings = line.metadata.importWarnings ?? [];
  return (
    <EditorModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit ${employeeName(line)}`}
      description={`${fiscalYearLabel(line.fiscalYear)} employee line${line.isProjected ? ' (projected)' : ''}`}
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {form.formError ? <Alert title={failureTitle ?? 'Failed to save'}>{form.formError}</Alert> : null}
        {review && warnings.length > 0 ? (
          <Alert variant="info" title="Import warnings">
            <ul className="warning-list">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="form-grid">
          {input('firstName', 'First name', { autoComplete: 'off' })}
          {input('lastName', 'Last name', { autoComplete: 'off' })}
          {input('position', 'Position')}
          {select('employeeStatus', 'Status', STATUS_OPTIONS)}
          {input('currentSalary', 'Current salary', {
            type: 'number',
            min: 0,
            step: 0.01,
            inputMode: 'decimal',
            hint: '0 means a new hire starting next fiscal year',
          })}
          {input('nextYearSalary', 'Next-year salary', {
            type: locked ? 'text' : 'number',
            min: 0,
            step: 0.01,
            inputMode: 'decimal',
            disabled: locked,
            value: locked ? 'N/A' : values.nextYearSalary,
            placeholder: line.nextYearSalaryManual ? '' : formatMoneyCents(line.nextYearSalary),
            hint: locked
              ? 'Inactive and Retiring employees have no next-year salary'
              : 'Leave empty for the automatic (computed) salary; a value makes it manual',
          })}
          {input('currentFTE', 'FTE', {
            type: 'number',
            min: 0.001,
            max: 1.5,
            // To the thousandth, as a position's FTE (0.875).
            step: 0.001,
            inputMode: 'decimal',
            hint: 'Changing it alone moves the current salary: its schedule cell x FTE, else in proportion',
          })}
          {select('buildingId', 'Building', buildingOptions)}
          {select('workGroupId', 'Work group', workGroupOptions)}
          {select('categoryId', 'Budget category', categoryOptions)}
          {input('department', 'Department')}
          {input('jobClass', 'Job class')}
          {input('locationCode', 'Location code')}
          {input('deseCode', 'DESE code')}
          {input('hireDate', 'Hire date', { type: 'date' })}
          {input('dateOfDeparture', 'Departure date', { type: 'date' })}
          <NotesField
            id="employee-notes"
            value={values.notes}
            onValueChange={form.set('notes')}
            error={form.errors.notes}
          />
          {stage.passed ? (
            <ChangeReasonField
              id="employee-changeReason"
              value={values.changeReason}
              onValueChange={form.set('changeReason')}
              error={form.errors.changeReason}
              caption={stage.caption}
            />
          ) : null}
        </div>
        <FormActions
          onCancel={onClose}
          busy={save.isPending}
          submitLabel={review ? 'Save and mark reviewed' : 'Save'}
        />
      </form>
      <HistoryPanel entity="line-item" id={line.id} />
    </EditorModal>
  );
}
