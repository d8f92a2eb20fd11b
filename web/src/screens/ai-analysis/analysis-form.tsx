import { useState, type FormEvent } from 'react';
import { AI_PRIORITIES, BUDGET_YEAR_MESSAGE, centsText } from '@server/schemas/ai-analysis';
import type { BudgetYear } from '@web/api/budget-years';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { formatMoneyText } from '@web/lib/format';
import { parseMoneyText } from '@web/lib/money-text';

interface AnalysisFormProps {
  budgetYears: readonly BudgetYear[];
  budgetYearId: number | null;
  onBudgetYear(id: number): void;
  /** No key stored, or a run in progress: Analyze waits. */
  disabled: boolean;
  running: boolean;
  onAnalyze(body: { budgetYearId: number; targetAmount: string }): void;
}

/** Budget year, target, the fixed priorities, what leaves the building, and Analyze. */
export function AnalysisForm({
  budgetYears,
  budgetYearId,
  onBudgetYear,
  disabled,
  running,
  onAnalyze,
}: AnalysisFormProps) {
  const [target, setTarget] = useState('');
  const [yearError, setYearError] = useState<string | undefined>();
  const parsed = parseMoneyText(target);
  // Say what is wrong only once something was typed; an empty field just keeps Analyze disabled.
  const targetError = target.trim() && !parsed.ok ? parsed.error : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (budgetYearId === null) {
      setYearError(BUDGET_YEAR_MESSAGE);
      return;
    }
    if (!parsed.ok) {
      return;
    }
    onAnalyze({ budgetYearId, targetAmount: centsText(parsed.cents) });
  };

  return (
    <form className="card ai-form" onSubmit={submit} noValidate aria-label="Analysis request">
      <div className="ai-form__fields">
        <Field id="ai-budget-year" label="Budget year" error={yearError} required>
          {(control) => (
            <Select
              {...control}
              value={budgetYearId === null ? '' : String(budgetYearId)}
              onValueChange={(v) => {
                setYearError(undefined);
                onBudgetYear(Number(v));
              }}
              options={budgetYears.map((y) => ({ value: String(y.id), label: y.fiscalYear }))}
              placeholder="Select a budget year"
            />
          )}
        </Field>
        <Field
          id="ai-target"
          label="Target reduction"
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="1,200,000"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          error={targetError}
          hint={
            parsed.ok
              ? `${formatMoneyText(centsText(parsed.cents))} to find`
              : 'Dollars, e.g. 1,200,000 or 1.2M'
          }
        />
      </div>
      <div className="ai-form__about">
        <div>
          <h2 className="ai-form__heading">Priorities</h2>
          <p className="ai-muted">Every analysis protects the same three, in this order:</p>
          <ol className="ai-priorities">
            {AI_PRIORITIES.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </div>
        <div>
          <h2 className="ai-form__heading">What is sent to Claude</h2>
          <p className="ai-muted">
            With your own API key: the budget year&rsquo;s proposed lines (id, description, category,
            building, amount) and the personnel budget as totals by position and work group (head count and
            total salary). <strong>No names and no individual salaries are sent.</strong>
          </p>
          <p className="ai-muted">
            Every suggestion is checked before it is shown: it must name lines or position groups that exist
            and cannot save more than they cost. Totals are added up here, not by the model.
          </p>
        </div>
      </div>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={disabled || !parsed.ok}
          busy={running}
          busyLabel="Analyzing..."
        >
          Analyze
        </Button>
      </div>
    </form>
  );
}
