import { RadioGroup } from 'radix-ui';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { useSaveTownGoal, type TownGoal, type TownGoalInput } from '@web/api/town-goals';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';
import { formatMoney } from '@web/lib/format';
import type { GoalType } from '@server/schemas/town-goals';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import { dollarsFromPercent, formatPercent, percentFromDollars, previousGoal } from './goal-math';

/** Fiscal years a goal can be set for (SPEC section 9: FY2020 to FY2034). */
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
 * from the baseline, which defaults to the previous year's dollar goal (SPEC section 5).
 */
export function GoalForm({ open, onOpenChange, goal, goals, defaultYear, onSaved }: GoalFormProps) {
  const save = useSaveTownGoal();
  const [fiscalYear, setFiscalYear] = useState(defaultYear);
  const [goalType, setGoalType] = useState<GoalType>('DOLLAR');
  const [dollar, setDollar] = useState('');
  const [percent, setPercent] = useState('');
  const [baseline, setBaseline] = useState('');
  const [actual, setActual] = useState('');
  const [notes, setNotes] = useState('');
  const [isBaseline, setIsBaseline] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!open) {
      return;
    }
    setFiscalYear(goal?.fiscalYear ?? defaultYear);
    setGoalType(goal?.goalType ?? 'DOLLAR');
    setDollar(text(goal?.dollarGoal));
    setPercent(text(goal?.percentGoal));
    setBaseline(text(goal?.baselineAmount));
    setActual(text(goal?.actualAmount));
    setNotes(goal?.notes ?? '');
    setIsBaseline(goal?.isBaseline ?? false);
    setError(null);
    setFieldErrors({});
  }, [open, goal, defaultYear]);

  const previous = previousGoal(goals, fiscalYear);
  const baselineValue = num(baseline) ?? previous?.dollarGoal ?? null;
  const dollarValue = num(dollar);
  const percentValue = num(percent);
  const derived =
    goalType === 'PERCENT' && percentValue !== null && baselineValue !== null && Number.isFinite(percentValue)
      ? `= ${formatMoney(dollarsFromPercent(baselineValue, percentValue))} (baseline × (1 + ${percentValue}/100))`
      : goalType === 'DOLLAR' && dollarValue !== null && baselineValue !== null
        ? `= ${formatPercent(percentFromDollars(baselineValue, dollarValue))} over the baseline`
        : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (goalType !== 'PERCENT' && (dollarValue === null || !(dollarValue >= 0))) {
      problems.dollarGoal = 'Enter a dollar goal of $0 or more';
    }
    if (goalType !== 'DOLLAR' && (percentValue === null || !Number.isFinite(percentValue))) {
      problems.percentGoal = 'Enter a percent, such as 3.5 or -1';
    }
    if (goalType === 'PERCENT' && baselineValue === null) {
      problems.baselineAmount = `Enter a baseline amount, or set a dollar goal for ${fiscalYearLabel(fiscalYear - 1)} first`;
    }
    const actualValue = num(actual);
    if (actualValue !== null && !(actualValue >= 0)) {
      problems.actualAmount = 'Enter an amount of $0 or more';
    }
    setFieldErrors(problems);
    if (Object.keys(problems).length) {
      setError('Please correct the highlighted fields');
      return;
    }
    setError(null);
    const body: TownGoalInput = {
      ...(goal ? { id: goal.id } : {}),
      fiscalYear,
      goalType,
      dollarGoal: goalType === 'PERCENT' ? null : dollarValue,
      percentGoal: goalType === 'DOLLAR' ? null : percentValue,
      baselineAmount: baselineValue,
      actualAmount: actualValue,
      notes: notes.trim() || null,
      isBaseline,
    };
    save.mutate(body, {
      onSuccess: (r) => {
        onSaved(r.goal, r.created);
        onOpenChange(false);
      },
      onError: (err) => {
        setError(errorMessage(err, 'Failed to save town goal'));
        if (err instanceof ApiError && err.details) {
          const byField: Record<string, string> = {};
          for (const d of err.details as { path?: string; message?: string }[]) {
            if (d.path && d.message) {
              byField[d.path] = d.message;
            }
          }
          setFieldErrors(byField);
        }
      },
    });
  };

  const invalid = (field: string) =>
    fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {};
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <span id={`${field}-error`} className="field__error">
        {fieldErrors[field]}
      </span>
    ) : null;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={goal ? `Edit ${fiscalYearLabel(goal.fiscalYear)} Goal` : 'Add Town Goal'}
      description="The town’s guidance for the school budget of one fiscal year."
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {error ? (
          <Alert title="Failed to save town goal">
            {error === 'Failed to save town goal' ? null : error}
          </Alert>
        ) : null}
        <div className="form-row">
          <div className="field">
            <label htmlFor="goal-year">Fiscal year</label>
            <Select
              id="goal-year"
              value={String(fiscalYear)}
              onValueChange={(v) => setFiscalYear(Number(v))}
              options={GOAL_YEARS.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
            />
          </div>
          <div className="field">
            <span className="field__label" id="goal-type-label">
              Goal type
            </span>
            <RadioGroup.Root
              className="radio-row"
              aria-labelledby="goal-type-label"
              value={goalType}
              onValueChange={(v) => setGoalType(v as GoalType)}
            >
              {TYPES.map((t) => (
                <label key={t.value} className="check">
                  <RadioGroup.Item value={t.value} className="radio">
                    <RadioGroup.Indicator className="radio__dot" />
                  </RadioGroup.Item>
                  {t.label}
                </label>
              ))}
            </RadioGroup.Root>
          </div>
        </div>
        <div className="form-row">
          {goalType !== 'PERCENT' ? (
            <div className="field">
              <label htmlFor="goal-dollar">Dollar goal</label>
              <input
                id="goal-dollar"
                className="input input--money"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={dollar}
                onChange={(e) => setDollar(e.target.value)}
                {...invalid('dollarGoal')}
              />
              {fieldError('dollarGoal')}
            </div>
          ) : null}
          {goalType !== 'DOLLAR' ? (
            <div className="field">
              <label htmlFor="goal-percent">Percent over baseline</label>
              <input
                id="goal-percent"
                className="input input--money"
                type="number"
                inputMode="decimal"
                step={0.001}
                value={percent}
                onChange={(e) => setPercent(e.target.value)}
                {...invalid('percentGoal')}
              />
              {fieldError('percentGoal')}
            </div>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="goal-baseline">Baseline amount</label>
          <input
            id="goal-baseline"
            className="input input--money"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder={previous?.dollarGoal != null ? String(previous.dollarGoal) : ''}
            aria-describedby="goal-baseline-hint"
            value={baseline}
            onChange={(e) => setBaseline(e.target.value)}
            {...invalid('baselineAmount')}
          />
          <span id="goal-baseline-hint" className="field__hint">
            {previous?.dollarGoal != null
              ? `Leave empty to use the ${fiscalYearLabel(previous.fiscalYear)} goal, ${formatMoney(previous.dollarGoal)}.`
              : `No ${fiscalYearLabel(fiscalYear - 1)} goal to start from: enter the baseline for a percent goal.`}
          </span>
          {fieldError('baselineAmount')}
        </div>
        {derived ? (
          <p className="derived" role="status">
            {derived}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="goal-actual">Actual amount (optional)</label>
          <input
            id="goal-actual"
            className="input input--money"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={actual}
            onChange={(e) => setActual(e.target.value)}
            {...invalid('actualAmount')}
          />
          {fieldError('actualAmount')}
        </div>
        <div className="field">
          <label htmlFor="goal-notes">Notes</label>
          <textarea
            id="goal-notes"
            className="input"
            rows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={isBaseline} onChange={(e) => setIsBaseline(e.target.checked)} />
          This year is the baseline later goals grow from
        </label>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Goal'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
