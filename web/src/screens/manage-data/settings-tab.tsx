import { useEffect, useState, type FormEvent } from 'react';
import { useBudgetSettings, useSaveBudgetSettings, type BudgetSettings } from '@web/api/budget-settings';
import { useWorkGroupsInYear } from '@web/api/work-groups';
import { errorMessage } from '@web/api/client';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { updateBudgetSettingsBody } from '@shared/schemas/budget-settings';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatMoneyCents } from '@web/lib/format';
import { TabHeader } from './tab-header';
import type { Flash } from './use-flash';
import { FormActions } from '@web/components/form/form-actions';
import { useSavedNotice } from '@web/components/saved-notice';

type AdjustmentType = BudgetSettings['stepLaneAdjustmentType'];
const EXAMPLE_SALARY = 60000;

/** What the adjustment adds to an example salary, so the number's meaning is plain. */
function example(type: AdjustmentType, value: number): string {
  const added = type === 'PERCENTAGE' ? Math.round(EXAMPLE_SALARY * value) / 100 : value;
  return `A ${formatMoneyCents(EXAMPLE_SALARY)} salary would get ${formatMoneyCents(added)} more next year, on top of any COLA.`;
}

/** The budget year's step-and-lane adjustment and the work groups that receive it. */
export function SettingsTab({ flash }: { flash: Flash }) {
  const { selected } = useBudgetYear();
  const settings = useBudgetSettings(selected?.id);
  // Each group's employees in this budget year's fiscal year, the year the heading names.
  const groups = useWorkGroupsInYear(selected?.id);
  const save = useSaveBudgetSettings();
  // The recomputed salaries move a voted roster's cost too: its locked salary lines' note is said.
  const saved = useSavedNotice(flash.ok);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  // Checked with the server's own schema (which also caps a percentage at 100).
  const form = useSchemaForm(
    updateBudgetSettingsBody,
    {
      stepLaneAdjustmentType: 'PERCENTAGE' as AdjustmentType,
      stepLaneAdjustmentValue: '',
      stepLaneDescription: '',
    },
    {
      toInput: (v) => ({
        stepLaneAdjustmentType: v.stepLaneAdjustmentType,
        stepLaneAdjustmentValue:
          v.stepLaneAdjustmentValue.trim() === '' ? NaN : Number(v.stepLaneAdjustmentValue),
        stepLaneDescription: v.stepLaneDescription.trim() || null,
        stepsLanesWorkGroups: [...chosen].sort((x, y) => x - y),
      }),
    },
  );
  const { values, errors, setValue, reset } = form;
  const type = values.stepLaneAdjustmentType;

  const loaded = settings.data?.settings;
  useEffect(() => {
    if (loaded) {
      reset({
        stepLaneAdjustmentType: loaded.stepLaneAdjustmentType,
        stepLaneAdjustmentValue: String(loaded.stepLaneAdjustmentValue),
        stepLaneDescription: loaded.stepLaneDescription ?? '',
      });
      setChosen(new Set(loaded.stepsLanesWorkGroups));
    }
    // reset is a new function each render; only newly loaded settings refill the form.
  }, [loaded]);

  if (!selected) {
    return <Alert variant="info">Choose a budget year in the header to see its settings.</Alert>;
  }

  const numeric = values.stepLaneAdjustmentValue.trim() === '' ? NaN : Number(values.stepLaneAdjustmentValue);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) {
      return;
    }
    save.mutate(
      {
        id: loaded!.id,
        input: {
          ...input,
          stepLaneDescription: input.stepLaneDescription ?? null,
          stepsLanesWorkGroups: input.stepsLanesWorkGroups ?? [],
        },
      },
      {
        onSuccess: (answer) => saved('Budget settings updated successfully', answer),
        onError: (err) => {
          form.applyServerError(err, 'Failed to save budget settings');
          flash.fail(errorMessage(err, 'Failed to save budget settings'));
        },
      },
    );
  };

  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) {
      next.add(id);
    } else {
      next.delete(id);
    }
    setChosen(next);
  };

  return (
    <>
      <TabHeader
        title={`Step and Lane Settings for ${selected.fiscalYear}`}
        description="Automatic next-year salaries add this step-and-lane adjustment for employees in the chosen work groups, after the contract COLA."
      />
      {settings.isPending ? <Spinner label="Loading settings..." /> : null}
      {settings.isError ? (
        <Alert>{errorMessage(settings.error, 'Failed to load budget settings')}</Alert>
      ) : null}
      {loaded ? (
        <form className="form-stack md-settings" onSubmit={onSubmit} noValidate>
          <div className="md-two-col">
            <Field id="settings-type" label="Adjustment type">
              <Select
                id="settings-type"
                value={type}
                onValueChange={(v) => setValue('stepLaneAdjustmentType', v as AdjustmentType)}
                options={[
                  { value: 'PERCENTAGE', label: 'Percentage of salary (%)' },
                  { value: 'DOLLAR', label: 'Dollar amount per employee ($)' },
                ]}
              />
            </Field>
            <Field
              id="settings-value"
              label={type === 'PERCENTAGE' ? 'Adjustment (%)' : 'Adjustment ($)'}
              className="input num"
              type="number"
              min={0}
              step={0.01}
              required
              hint={Number.isFinite(numeric) && numeric >= 0 ? example(type, numeric) : 'At least 0'}
              {...form.bind('stepLaneAdjustmentValue')}
            />
          </div>
          <Field id="settings-description" label="Description" error={errors.stepLaneDescription}>
            {(control) => (
              <textarea
                {...control}
                className="input md-textarea"
                placeholder="e.g. Average step movement under the Unit A contract"
                value={values.stepLaneDescription}
                onChange={(e) => setValue('stepLaneDescription', e.target.value)}
              />
            )}
          </Field>
          <fieldset className="md-checklist">
            <legend>Work groups that receive steps and lanes</legend>
            {(groups.data?.workGroups ?? []).map((g) => (
              <label key={g.id} className="md-check">
                <input
                  type="checkbox"
                  checked={chosen.has(g.id)}
                  onChange={(e) => toggle(g.id, e.target.checked)}
                />
                {g.name}
                <span className="muted">({g.employeeCount.toLocaleString('en-US')})</span>
              </label>
            ))}
            {groups.isSuccess && !groups.data.workGroups.length ? (
              <span className="muted">No work groups yet: add them on the Work Groups tab.</span>
            ) : null}
          </fieldset>
          <FormActions busy={save.isPending} submitLabel="Save Settings" />
        </form>
      ) : null}
    </>
  );
}
