import { useEffect, useState, type FormEvent } from 'react';
import { useBudgetSettings, useSaveBudgetSettings, type BudgetSettings } from '@web/api/budget-settings';
import { errorMessage } from '@web/api/client';
import { useWorkGroups } from '@web/api/work-groups';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatMoneyCents } from '@web/lib/format';
import { TabHeader } from './tab-header';
import type { Flash } from './use-flash';

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
  const groups = useWorkGroups();
  const save = useSaveBudgetSettings();
  const [type, setType] = useState<AdjustmentType>('PERCENTAGE');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [invalid, setInvalid] = useState<string | null>(null);

  const loaded = settings.data?.settings;
  useEffect(() => {
    if (loaded) {
      setType(loaded.stepLaneAdjustmentType);
      setValue(String(loaded.stepLaneAdjustmentValue));
      setDescription(loaded.stepLaneDescription ?? '');
      setChosen(new Set(loaded.stepsLanesWorkGroups));
      setInvalid(null);
    }
  }, [loaded]);

  if (!selected) {
    return <Alert variant="info">Choose a budget year in the header to see its settings.</Alert>;
  }

  const numeric = value.trim() === '' ? NaN : Number(value);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim() === '' || !Number.isFinite(numeric)) {
      setInvalid('Step/lane value is required');
      return;
    }
    if (numeric < 0) {
      setInvalid('Step/lane value must be at least 0');
      return;
    }
    setInvalid(null);
    save.mutate(
      {
        id: loaded!.id,
        input: {
          stepLaneAdjustmentType: type,
          stepLaneAdjustmentValue: numeric,
          stepLaneDescription: description.trim() || null,
          stepsLanesWorkGroups: [...chosen].sort((a, b) => a - b),
        },
      },
      {
        onSuccess: () => flash.ok('Budget settings updated successfully'),
        onError: (err) => flash.fail(errorMessage(err, 'Failed to save budget settings')),
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
            <div className="field">
              <label htmlFor="settings-type">Adjustment type</label>
              <Select
                id="settings-type"
                value={type}
                onValueChange={(v) => setType(v as AdjustmentType)}
                options={[
                  { value: 'PERCENTAGE', label: 'Percentage of salary (%)' },
                  { value: 'DOLLAR', label: 'Dollar amount per employee ($)' },
                ]}
              />
            </div>
            <div className="field">
              <label htmlFor="settings-value">
                {type === 'PERCENTAGE' ? 'Adjustment (%)' : 'Adjustment ($)'}
              </label>
              <input
                id="settings-value"
                className="input num"
                type="number"
                min={0}
                step={0.01}
                required
                aria-invalid={invalid !== null}
                aria-describedby="settings-value-hint"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
              <span
                id="settings-value-hint"
                className={invalid ? 'field__hint md-error-text' : 'field__hint'}
              >
                {invalid ??
                  (Number.isFinite(numeric) && numeric >= 0 ? example(type, numeric) : 'At least 0')}
              </span>
            </div>
          </div>
          <div className="field">
            <label htmlFor="settings-description">Description</label>
            <textarea
              id="settings-description"
              className="input md-textarea"
              placeholder="e.g. Average step movement under the Unit A contract"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
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
          <div className="form-actions">
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Settings'}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}
