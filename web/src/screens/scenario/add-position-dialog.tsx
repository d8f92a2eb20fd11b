import { useState, type FormEvent } from 'react';
import { positionAddBody } from '@shared/schemas/scenario-positions';
import { useBuildings, useCategories, useWorkGroups } from '@web/api/lookups';
import { refusalText, useAddPosition } from '@web/api/scenario-positions';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select, type SelectOption } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { formatMoneyCents } from '@web/lib/format';
import { AddPositionPrice } from './add-position-price';
import { count } from './scenario-math';
import './positions.css';

// Radix Select items cannot have the value '': 'none' stands for District Wide / no work group.
const NONE = 'none';

const EMPTY = {
  title: '',
  building: NONE,
  category: '',
  workGroup: NONE,
  fte: '1',
  count: '1',
  step: '',
  lane: '',
  reason: '',
};
type Values = typeof EMPTY;

const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));
const idOrNull = (value: string) => (value === NONE || value === '' ? null : Number(value));

/** The form's text as the server's body (checked by the same schema before it is sent). */
function bodyOf(v: Values) {
  return positionAddBody.safeParse({
    title: v.title,
    buildingId: idOrNull(v.building),
    categoryId: v.category === '' ? undefined : Number(v.category),
    workGroupId: idOrNull(v.workGroup),
    fte: num(v.fte),
    count: num(v.count),
    vacancyStep: num(v.step) ?? null,
    vacancyLane: v.lane.trim() || null,
    reason: v.reason.trim() || null,
  });
}

function Picker(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  options: SelectOption[];
  placeholder?: string;
  required?: boolean;
  onChange(value: string): void;
}) {
  return (
    <Field id={props.id} label={props.label} error={props.error} required={props.required}>
      {(control) => (
        <Select
          {...control}
          value={props.value}
          options={props.options}
          placeholder={props.placeholder}
          onValueChange={props.onChange}
        />
      )}
    </Field>
  );
}

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  scenarioId: number;
}

/** 'Add position': new vacant positions, priced as vacancies on their work group's schedule. */
export function AddPositionDialog({ open, onOpenChange, scenarioId }: DialogProps) {
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const buildings = useBuildings();
  const categories = useCategories();
  const workGroups = useWorkGroups();
  const add = useAddPosition(scenarioId);
  const notify = useToast();
  const set = (key: keyof Values) => (value: string) => {
    setV((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: '' }));
  };
  const text = (key: keyof Values) => ({
    value: v[key],
    error: errors[key] || undefined,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  const close = () => {
    setV(EMPTY);
    setErrors({});
    setFailure(null);
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bodyOf(v);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      const names: Record<string, keyof Values> = {
        buildingId: 'building',
        categoryId: 'category',
        workGroupId: 'workGroup',
        vacancyStep: 'step',
        vacancyLane: 'lane',
      };
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        fields[names[key] ?? key] ||= issue.message;
      }
      setErrors(fields);
      return;
    }
    setFailure(null);
    add.mutate(parsed.data, {
      onSuccess: (r) => {
        // An unpriced add is in the count but not the cost: the toast must not read as complete.
        const unpriced = r.totals.addsUnpriced
          ? `, leaving out ${count(r.totals.addsUnpriced, 'unpriced position')}`
          : '';
        notify({
          title: `Added ${count(parsed.data.count ?? 1, 'vacant position')}: ${parsed.data.title}`,
          description: `Positions added now cost ${formatMoneyCents(r.totals.addedCost)} in all${unpriced}`,
        });
        close();
      },
      onError: (err) => setFailure(refusalText(err, 'Failed to add the position')),
    });
  };

  const personnel = (categories.data?.categories ?? []).filter((c) => c.isPersonnel);
  const ready = bodyOf(v);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add position"
      description="A new vacant position, priced as a vacancy on its work group's schedule. It is created on the roster when the scenario is adopted."
      wide
    >
      <form className="position-form" onSubmit={submit} noValidate aria-label="Add position">
        {failure ? <Alert title="The position was not added">{failure}</Alert> : null}
        <div className="position-form__row">
          <Field id="add-title" label="Title" required maxLength={200} {...text('title')} />
          <Picker
            id="add-building"
            label="Building"
            value={v.building}
            options={[
              { value: NONE, label: DISTRICT_WIDE },
              ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
            ]}
            onChange={set('building')}
          />
          <Picker
            id="add-category"
            label="Budget category"
            required
            value={v.category}
            error={errors.category || undefined}
            placeholder="Choose a personnel category"
            options={personnel.map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={set('category')}
          />
          <Picker
            id="add-work-group"
            label="Work group"
            value={v.workGroup}
            options={[
              { value: NONE, label: 'None' },
              ...(workGroups.data?.workGroups ?? []).map((w) => ({ value: String(w.id), label: w.name })),
            ]}
            onChange={set('workGroup')}
          />
          <Field id="add-fte" label="FTE" required inputMode="decimal" {...text('fte')} />
          <Field id="add-count" label="How many" inputMode="numeric" {...text('count')} />
          <Field id="add-step" label="Step (optional)" inputMode="numeric" {...text('step')} />
          <Field id="add-lane" label="Lane (optional)" maxLength={50} {...text('lane')} />
        </div>
        <Field
          id="add-reason"
          label="Reason"
          maxLength={500}
          placeholder="e.g. New program"
          {...text('reason')}
        />
        <AddPositionPrice scenarioId={scenarioId} body={ready.success ? ready.data : null} />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={add.isPending} busyLabel="Adding...">
            Add
          </Button>
        </div>
      </form>
    </Modal>
  );
}
