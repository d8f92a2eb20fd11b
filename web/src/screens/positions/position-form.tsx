import { useMemo, useState, type FormEvent } from 'react';
import {
  createPositionBody,
  updatePositionBody,
  type CreatePositionBody,
  type UpdatePositionBody,
} from '@shared/schemas/positions';
import { useDeseCodes } from '@web/api/budget-categories';
import { useFunds } from '@web/api/funds';
import { useBuildings, useWorkGroups } from '@web/api/lookups';
import {
  useCreatePosition,
  useUpdatePosition,
  useVacancyPlacements,
  type PositionDetail,
} from '@web/api/positions';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { Field } from '@web/components/form/field';
import { FormActions } from '@web/components/form/form-actions';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select, type SelectOption } from '@web/components/select';
import { PositionCategoryField } from '@web/screens/positions/position-category-field';
import {
  focusShareProblem,
  PositionFundFields,
  serverShareErrors,
  shareErrorsOf,
  type ShareErrors,
} from '@web/screens/positions/position-fund-fields';
import {
  createInput,
  EMPTY_POSITION,
  fundShareIssues,
  positionValues,
  updateInput,
  type PositionFormValues,
} from '@web/screens/positions/position-form-values';
import {
  defaultStepLabel,
  PositionRosterRate,
  stepChoices,
  withCurrent,
} from '@web/screens/positions/position-vacancy-price';
import { positionLabel } from '@web/screens/positions/position-rules';

// Radix Select items cannot have the value '': 'none' stands for it inside a picker.
const NONE = 'none';

function Picker(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled: boolean;
  options: SelectOption[];
  onChange(value: string): void;
}) {
  const { id, label, value, error, hint, required, disabled, options, onChange } = props;
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <Select
          {...control}
          value={value === '' ? NONE : value}
          options={options}
          disabled={disabled}
          onValueChange={(v) => onChange(v === NONE ? '' : v)}
        />
      )}
    </Field>
  );
}

interface PositionFormProps {
  /** null: a new position. */
  position: PositionDetail | null;
  scope: { budgetYearId: number; fiscalYear: number };
  canEdit: boolean;
  /** `lines`: the server's note when the salary lines the change costs into are locked (salaryLines). */
  onSaved(message: string, id: number, lines: string | null): void;
  onCancel(): void;
}

/** Every field of a position; the server's refusals are shown under the field they name. */
export function PositionForm({ position, scope, canEdit, onSaved, onCancel }: PositionFormProps) {
  const initial = useMemo(() => (position ? positionValues(position) : EMPTY_POSITION), [position]);
  const funds = useFunds();
  const generalFundId = funds.data?.funds.find((f) => f.kind === 'general')?.id;
  const form = useSchemaForm(position ? updatePositionBody : createPositionBody, initial, {
    toInput: (v: PositionFormValues) =>
      position ? updateInput(v, initial, position.version, generalFundId) : createInput(v, scope),
  });
  // The shares' problems by row and field (the form's errors hold one message per field).
  const [shareErrors, setShareErrors] = useState<ShareErrors>({});
  const create = useCreatePosition();
  const update = useUpdatePosition();
  const buildings = useBuildings();
  const workGroups = useWorkGroups();
  // The codes in force in the year the roster's positions are budgeted in (its costFiscalYear).
  const codes = useDeseCodes(true, position?.costFiscalYear ?? scope.fiscalYear + 1);
  const placements = useVacancyPlacements();
  const v = form.values;
  const e = form.errors;
  const readOnly = !canEdit;
  const schedule = placements.data?.placements.find((p) => String(p.workGroupId) === v.workGroupId);
  const groupDefault = defaultStepLabel(v.vacancyRate !== '', schedule?.step, schedule?.lane);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    // The server's sum rule, said before asking it (it checks again).
    const shareIssues = shareErrorsOf(fundShareIssues(form.values));
    setShareErrors(shareIssues);
    if (!body || Object.keys(shareIssues).length) {
      focusShareProblem(shareIssues);
      return;
    }
    const done = (saved: { position: PositionDetail; salaryLines?: { message: string } }) => {
      form.setValue('reason', '');
      onSaved(
        `${position ? 'Saved' : 'Added'} ${positionLabel(saved.position)}`,
        saved.position.id,
        saved.salaryLines?.message ?? null,
      );
    };
    const failed = (err: unknown) => {
      form.applyServerError(err, 'The position was not saved');
      const refused = serverShareErrors(err);
      setShareErrors(refused);
      focusShareProblem(refused);
    };
    if (position) {
      // The schema was the update's (the form's schema follows `position`).
      update.mutate(
        { id: position.id, body: body as UpdatePositionBody },
        { onSuccess: done, onError: failed },
      );
    } else {
      create.mutate(body as CreatePositionBody, { onSuccess: done, onError: failed });
    }
  };

  return (
    <form className="form-grid" onSubmit={submit} noValidate aria-label="Position details">
      {form.formError ? (
        <div className="field--full">
          <Alert title="The position was not saved">{form.formError}</Alert>
        </div>
      ) : null}
      <Field id="pos-title" label="Title" required readOnly={readOnly} {...form.bind('title')} />
      <Picker
        id="pos-building"
        label="Building"
        value={v.buildingId}
        error={e.buildingId}
        disabled={readOnly}
        options={[
          { value: NONE, label: DISTRICT_WIDE },
          ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
        ]}
        onChange={form.set('buildingId')}
      />
      <Field id="pos-function" label="DESE function code" error={e.deseCode}>
        {(control) => (
          <DeseCodeSelect
            {...control}
            value={v.deseCode}
            codes={codes.data?.codes ?? []}
            emptyLabel="None (the category's)"
            disabled={readOnly}
            onChange={form.set('deseCode')}
          />
        )}
      </Field>
      <PositionCategoryField
        value={v.categoryId}
        error={e.categoryId}
        disabled={readOnly}
        current={
          position?.categoryId != null ? { id: position.categoryId, name: position.categoryName ?? '' } : null
        }
        onChange={form.set('categoryId')}
      />
      <Picker
        id="pos-work-group"
        label="Work group"
        value={v.workGroupId}
        error={e.workGroupId}
        disabled={readOnly}
        options={[
          { value: NONE, label: 'None' },
          ...(workGroups.data?.workGroups ?? []).map((w) => ({ value: String(w.id), label: w.name })),
        ]}
        onChange={form.set('workGroupId')}
      />
      <Field
        id="pos-fte"
        label="FTE"
        required
        inputMode="decimal"
        readOnly={readOnly}
        hint="Above 0 and at most 1.5, to the thousandth (0.625)"
        {...form.bind('fte')}
      />
      {readOnly ? null : (
        <PositionFundFields
          rows={v.fundShares}
          fte={v.fte}
          read={position ? { fte: initial.fte, split: initial.fundShares.length > 0 } : null}
          errors={shareErrors}
          fallbackError={e.fundShares}
          onChange={(rows) => {
            form.setValue('fundShares', rows);
            setShareErrors({});
          }}
        />
      )}
      {position ? null : (
        <Picker
          id="pos-status"
          label="Status"
          value={v.status}
          error={e.status}
          disabled={readOnly}
          options={[
            { value: 'vacant', label: 'Vacant' },
            { value: 'posted', label: 'Posted' },
            { value: 'frozen', label: 'Frozen' },
          ]}
          onChange={form.set('status')}
        />
      )}
      {initial.vacancyRate ? (
        <PositionRosterRate
          rate={initial.vacancyRate}
          cleared={v.vacancyRate === ''}
          readOnly={readOnly}
          onChange={(cleared) => form.setValue('vacancyRate', cleared ? '' : initial.vacancyRate)}
        />
      ) : null}
      <Picker
        id="pos-step"
        label="Vacancy step"
        value={v.vacancyStep}
        error={e.vacancyStep}
        hint="What a vacancy here is budgeted at"
        disabled={readOnly}
        options={[
          { value: NONE, label: groupDefault },
          ...stepChoices(schedule?.topStep ?? 0, v.vacancyStep).map((step) => ({
            value: step,
            label: `Step ${step}`,
          })),
        ]}
        onChange={form.set('vacancyStep')}
      />
      <Picker
        id="pos-lane"
        label="Vacancy lane"
        value={v.vacancyLane}
        error={e.vacancyLane}
        disabled={readOnly}
        options={[
          { value: NONE, label: "Work group's" },
          ...withCurrent(schedule?.lanes ?? [], v.vacancyLane).map((lane) => ({ value: lane, label: lane })),
        ]}
        onChange={form.set('vacancyLane')}
      />
      <Field id="pos-notes" label="Notes" full readOnly={readOnly} {...form.bind('notes')} />
      {readOnly ? null : (
        <>
          <Field
            id="pos-reason"
            label="Reason for the change"
            full
            hint="Kept in the position's history"
            {...form.bind('reason')}
          />
          {/* The form's own child, not wrapped: the dialog pins a form's footer (sticky) within its
              parent, and a wrapper only as tall as the footer left it below the fold on a phone. */}
          <FormActions
            onCancel={onCancel}
            busy={create.isPending || update.isPending}
            submitLabel={position ? 'Save Position' : 'Add Position'}
          />
        </>
      )}
    </form>
  );
}
