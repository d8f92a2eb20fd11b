import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import { lineItemsApi, useLineMutation, type EmployeeLineItem } from '@web/api/line-items';
import { useBuildings, useCategories, useWorkGroups } from '@web/api/lookups';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { EditorModal } from '@web/components/editor-modal';
import { employeeName } from '@web/components/employee-cells';
import {
  buildEmployeePatch,
  NONE,
  STATUS_OPTIONS,
  toFormValues,
  type EmployeeFormErrors,
  type EmployeeFormValues,
} from '@web/components/employee-form';
import { HistoryPanel } from '@web/components/history-panel';
import { Select } from '@web/components/select';
import { formatMoneyCents } from '@web/lib/format';

interface EmployeeEditorProps {
  line: EmployeeLineItem | null;
  onClose(): void;
  /** Called with the saved line; the screen confirms it. */
  onSaved(line: EmployeeLineItem): void;
  /** Data Quality: saving also clears the review flag (metadata.needsReview = false). */
  review?: boolean;
  /** Shown above the form when saving fails ('Failed to save', '✗ Failed to save'). */
  failureTitle?: string;
}

type Field = keyof EmployeeFormValues;

/** Every field of one employee line, checked as the API checks it, with the line's history. */
export function EmployeeEditor({
  line,
  onClose,
  onSaved,
  review = false,
  failureTitle,
}: EmployeeEditorProps) {
  const [values, setValues] = useState<EmployeeFormValues | null>(null);
  const [errors, setErrors] = useState<EmployeeFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const buildings = useBuildings();
  const categories = useCategories();
  const workGroups = useWorkGroups();
  const save = useLineMutation(
    ({ id, body }: { id: number; body: Parameters<typeof lineItemsApi.updateEmployee>[1] }) =>
      lineItemsApi.updateEmployee(id, body),
  );

  useEffect(() => {
    setValues(line ? toFormValues(line) : null);
    setErrors({});
    setFailure(null);
  }, [line]);

  const buildingOptions = useMemo(
    () => [
      { value: NONE, label: DISTRICT_WIDE },
      ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    ],
    [buildings.data],
  );
  const categoryOptions = useMemo(
    () => [
      { value: NONE, label: 'No category' },
      ...(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [categories.data],
  );

  if (!line || !values) {
    return null;
  }
  const set = (field: Field) => (value: string) => {
    setValues({ ...values, [field]: value });
    if (errors[field]) {
      setErrors({ ...errors, [field]: undefined });
    }
  };
  const locked = values.employeeStatus !== 'Active';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: problems } = buildEmployeePatch(line, values);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) {
      return;
    }
    const payload = review ? { ...body, metadata: { needsReview: false } } : body;
    if (Object.keys(payload).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { id: line.id, body: payload },
      {
        onSuccess: ({ lineItem }) => onSaved(lineItem as EmployeeLineItem),
        onError: (err) => setFailure(errorMessage(err, 'Failed to save')),
      },
    );
  };

  const input = (field: Field, label: string, props: Record<string, unknown> = {}, hint?: ReactNode) => (
    <div className="field">
      <label htmlFor={`employee-${field}`}>{label}</label>
      <input
        id={`employee-${field}`}
        className="input"
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] || hint ? `employee-${field}-note` : undefined}
        onChange={(e) => set(field)(e.target.value)}
        {...props}
      />
      {errors[field] || hint ? (
        <span id={`employee-${field}-note`} className={errors[field] ? 'field__error' : 'field__hint'}>
          {errors[field] ?? hint}
        </span>
      ) : null}
    </div>
  );

  const warnings = line.metadata.importWarnings ?? [];
  return (
    <EditorModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit ${employeeName(line)}`}
      description={`FY${String(line.fiscalYear).slice(-2)} employee line${line.isProjected ? ' (projected)' : ''}`}
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {failure ? <Alert title={failureTitle ?? 'Failed to save'}>{failure}</Alert> : null}
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
          <div className="field">
            <label htmlFor="employee-employeeStatus">Status</label>
            <Select
              id="employee-employeeStatus"
              value={values.employeeStatus}
              options={STATUS_OPTIONS}
              onValueChange={set('employeeStatus')}
            />
          </div>
          {input(
            'currentSalary',
            'Current salary',
            { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' },
            '0 means a new hire starting next fiscal year',
          )}
          {input(
            'nextYearSalary',
            'Next-year salary',
            {
              type: locked ? 'text' : 'number',
              min: 0,
              step: 0.01,
              inputMode: 'decimal',
              disabled: locked,
              value: locked ? 'N/A' : values.nextYearSalary,
              placeholder: line.nextYearSalaryManual ? '' : formatMoneyCents(line.nextYearSalary),
            },
            locked
              ? 'Inactive and Retiring employees have no next-year salary'
              : 'Leave empty for the automatic (computed) salary; a value makes it manual',
          )}
          {input('currentFTE', 'FTE', { type: 'number', min: 0, max: 1.5, step: 0.01, inputMode: 'decimal' })}
          <div className="field">
            <label htmlFor="employee-buildingId">Building</label>
            <Select
              id="employee-buildingId"
              value={values.buildingId}
              options={buildingOptions}
              onValueChange={set('buildingId')}
            />
          </div>
          {input('workGroup', 'Work group', { list: 'employee-work-groups', autoComplete: 'off' })}
          <datalist id="employee-work-groups">
            {(workGroups.data?.workGroups ?? []).map((g) => (
              <option key={g.id} value={g.name} />
            ))}
          </datalist>
          <div className="field">
            <label htmlFor="employee-categoryId">Budget category</label>
            <Select
              id="employee-categoryId"
              value={values.categoryId}
              options={categoryOptions}
              onValueChange={set('categoryId')}
            />
          </div>
          {input('department', 'Department')}
          {input('jobClass', 'Job class')}
          {input('locationCode', 'Location code')}
          {input('deseCode', 'DESE code')}
          {input('hireDate', 'Hire date', { type: 'date' })}
          {input('dateOfDeparture', 'Departure date', { type: 'date' })}
          <div className="field field--full">
            <label htmlFor="employee-notes">Notes</label>
            <textarea
              id="employee-notes"
              className="input"
              rows={3}
              value={values.notes}
              onChange={(e) => set('notes')(e.target.value)}
            />
          </div>
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : review ? 'Save and mark reviewed' : 'Save'}
          </button>
        </div>
      </form>
      <HistoryPanel entity="line-item" id={line.id} />
    </EditorModal>
  );
}
