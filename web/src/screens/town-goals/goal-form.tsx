import * as RadioGroup from '@radix-ui/react-radio-group';
import { useEffect, type FormEvent } from 'react';
import { useSaveTownGoal, type TownGoal, type TownGoalInput } from '@web/api/town-goals';
import { Alert } from '@web/components/alert';
import { Field, FieldGroup } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';
import { formatMoneyCents } from '@web/lib/format';
import { saveTownGoalBody, type GoalType } from '@shared/schemas/town-goals';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  dollarsFromPercent,
  changeWords,
  percentFromDollars,
  previousGoal,
  serverProblems,
} from './goal-math';
import { RadioOption } from '@web/components/form/radio-option';
import { FormActions } from '@web/components/form/form-actions';

/** Fiscal years a goal can be set for (FY2020 to FY2034). */
export const GOAL_YEARS = Array.from({ length: 15 }, (_, i) => 2020 + i);

const TYPES: { value: GoalType; label: string }[] = [
  { value: 'DOLLAR', label: 'Dollars' },
  { value: 'PERCENT', label: 'Percent' },
  { value: 'BOTH', label: 'Both' },
];

interface GoalFormProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The goal being edited; null adds one. */
  goal: TownGoal | null;
  goals: readonly TownGoal[];
  defaultYear: number;
  onSaved(goal: TownGoal, created: boolean): void;
}

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const num = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * Adds or edits a town goal. A percent goal shows its dollars and a dollar goal its percent, both
 * from the baseline, which defaults to the previous year's dollar goal: left empty, the goal
 * follows that goal as it changes (nothing is sent, so the server reads it as it stands).
 */
export function GoalForm({ open, onOpenChange, goal, goals, defaultYear, onSaved }: GoalFormProps) {
  const save = useSaveTownGoal();
  // Values are named as the API's fields, so the server's field errors land on them.
  const form = useSchemaForm(saveTownGoalBody, {
    fiscalYear: defaultYear,
    goalType: 'DOLLAR' as GoalType,
    dollarGoal: '',
    percentGoal: '',
    baselineAmount: '',
    actualAmount: '',
    notes: '',
    isBaseline: false,
  });
  const { values, errors, setValue, reset } = form;
  const { fiscalYear, goalType } = values;

  useEffect(() => {
    if (!open) {
      return;
    }
    reset({
      fiscalYear: goal?.fiscalYear ?? defaultYear,
      goalType: goal?.goalType ?? 'DOLLAR',
      dollarGoal: text(goal?.dollarGoal),
      percentGoal: text(goal?.percentGoal),
      // A goal following its baseline year's goal shows the field empty, as it was saved.
      baselineAmount: goal?.baselineFromGoal ? '' : text(goal?.baselineAmount),
      actualAmount: text(goal?.actualAmount),
      notes: goal?.notes ?? '',
      isBaseline: goal?.isBaseline ?? false,
    });
    // reset is a new function each render; only opening (or another goal) refills the form.
  }, [open, goal, defaultYear]);

  const previous = previousGoal(goals, fiscalYear);
  const enteredBaseline = num(values.baselineAmount);
  const baselineValue = enteredBaseline ?? previous?.dollarGoal ?? null;
  // Which baseline the percent applies to, in words: the previous goal (followed) or the amount
  // entered. To the cent, as the fields take them: a percent of a baseline often has cents.
  const baselineWords =
    enteredBaseline === null && previous
      ? `the ${fiscalYearLabel(previous.fiscalYear)} goal, now ${formatMoneyCents(previous.dollarGoal!)}`
      : `the baseline entered, ${baselineValue === null ? '' : formatMoneyCents(baselineValue)}`;
  const dollarValue = num(values.dollarGoal);
  const percentValue = num(values.percentGoal);
  // The server's own arithmetic (exact, in cents); null while a figure has too many decimals.
  const fromPercent =
    goalType !== 'DOLLAR' && percentValue !== null && baselineValue !== null
      ? dollarsFromPercent(baselineValue, percentValue)
      : null;
  const fromDollars =
    goalType === 'DOLLAR' && dollarValue !== null && baselineValue !== null
      ? percentFromDollars(baselineValue, dollarValue)
      : null;
  const derived =
    fromPercent !== null && percentValue !== null
      ? `= ${formatMoneyCents(fromPercent)}: ${changeWords(percentValue)} ${baselineWords}`
      : fromDollars !== null
        ? `= ${changeWords(fromDollars)} ${baselineWords}`
        : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Plainer messages for the common mistakes first; then whatever the shared schema refuses.
    const problems: Record<string, string> = {};
    if (goalType !== 'PERCENT' && (dollarValue === null || !(dollarValue >= 0))) {
      problems.dollarGoal = 'Enter a dollar goal of $0 or more';
    }
    if (goalType !== 'DOLLAR' && (percentValue === null || !Number.isFinite(percentValue))) {
      problems.percentGoal = 'Enter a percent, such as 3.5 or -1';
    }
    if (goalType !== 'DOLLAR' && baselineValue === null) {
      problems.baselineAmount = `Enter a baseline amount, or set a dollar goal for ${fiscalYearLabel(fiscalYear - 1)} first`;
    }
    const actualValue = num(values.actualAmount);
    if (actualValue !== null && !(actualValue >= 0)) {
      problems.actualAmount = 'Enter an amount of $0 or more';
    }
    const body: TownGoalInput = {
      ...(goal ? { id: goal.id } : {}),
      fiscalYear,
      goalType,
      dollarGoal: goalType === 'PERCENT' ? null : dollarValue,
      percentGoal: goalType === 'DOLLAR' ? null : percentValue,
      // Empty: the server takes the baseline year's goal, and a DOLLAR or PERCENT goal follows it.
      baselineAmount: enteredBaseline,
      actualAmount: actualValue,
      notes: values.notes.trim() || null,
      isBaseline: values.isBaseline,
    };
    // Checked against the baseline the server will use, entered or the previous goal.
    for (const [field, message] of Object.entries(
      serverProblems({ ...body, baselineAmount: baselineValue }),
    )) {
      problems[field] ??= message;
    }
    form.setErrors(problems);
    if (Object.keys(problems).length) {
      form.setFormError('Please correct the highlighted fields');
      return;
    }
    form.setFormError(null);
    save.mutate(body, {
      onSuccess: (r) => {
        onSaved(r.goal, r.created);
        onOpenChange(false);
      },
      onError: (err) => form.applyServerError(err, 'Failed to save town goal'),
    });
  };

  const money = {
    className: 'input input--money',
    type: 'number',
    inputMode: 'decimal' as const,
    min: 0,
    step: 0.01,
  };
  const bindText = (field: 'dollarGoal' | 'percentGoal' | 'baselineAmount' | 'actualAmount') => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setValue(field, e.target.value),
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={goal ? `Edit ${fiscalYearLabel(goal.fiscalYear)} Goal` : 'Add Town Goal'}
      description="The town’s guidance for the school budget of one fiscal year."
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {form.formError ? (
          <Alert title="Failed to save town goal">
            {form.formError === 'Failed to save town goal' ? null : form.formError}
          </Alert>
        ) : null}
        <div className="form-row">
          <Field id="goal-year" label="Fiscal year">
            <Select
              id="goal-year"
              value={String(fiscalYear)}
              onValueChange={(v) => setValue('fiscalYear', Number(v))}
              options={GOAL_YEARS.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
            />
          </Field>
          <FieldGroup id="goal-type" label="Goal type">
            {(labelledBy) => (
              <RadioGroup.Root
                className="radio-row"
                aria-labelledby={labelledBy}
                value={goalType}
                onValueChange={(v) => setValue('goalType', v as GoalType)}
              >
                {TYPES.map((t) => (
                  <RadioOption key={t.value} value={t.value}>
                    {t.label}
                  </RadioOption>
                ))}
              </RadioGroup.Root>
            )}
          </FieldGroup>
        </div>
        <div className="form-row">
          {goalType !== 'PERCENT' ? (
            <Field id="goal-dollar" label="Dollar goal" {...money} {...bindText('dollarGoal')} />
          ) : null}
          {goalType !== 'DOLLAR' ? (
            <Field
              id="goal-percent"
              label="Percent over baseline"
              {...money}
              min={undefined}
              step={0.001}
              {...bindText('percentGoal')}
            />
          ) : null}
        </div>
        <Field
          id="goal-baseline"
          label="Baseline amount"
          {...money}
          placeholder={previous?.dollarGoal != null ? String(previous.dollarGoal) : ''}
          hint={
            previous?.dollarGoal == null
              ? `No ${fiscalYearLabel(fiscalYear - 1)} goal to start from: enter the baseline for a percent goal.`
              : goalType === 'BOTH'
                ? `Leave empty to use the ${fiscalYearLabel(previous.fiscalYear)} goal, ${formatMoneyCents(previous.dollarGoal)}.`
                : `Leave empty to follow the ${fiscalYearLabel(previous.fiscalYear)} goal, now ${formatMoneyCents(previous.dollarGoal)}: this goal then changes when that one does.`
          }
          {...bindText('baselineAmount')}
        />
        {derived ? (
          <p className="derived" role="status">
            {derived}
          </p>
        ) : null}
        <Field id="goal-actual" label="Actual amount (optional)" {...money} {...bindText('actualAmount')} />
        <Field id="goal-notes" label="Notes">
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={2}
              value={values.notes}
              onChange={(e) => setValue('notes', e.target.value)}
            />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={values.isBaseline}
            onChange={(e) => setValue('isBaseline', e.target.checked)}
          />
          This year is the baseline later goals grow from
        </label>
        <FormActions onCancel={() => onOpenChange(false)} busy={save.isPending} submitLabel="Save Goal" />
      </form>
    </Modal>
  );
}
