import { useState, type FormEvent } from 'react';
import { cutTargetCents } from '@shared/budget-math';
import { centsOf, centsText, fromCents, parseMoneyText } from '@shared/money';
import { AI_PRIORITIES, BUDGET_YEAR_MESSAGE } from '@shared/schemas/ai-analysis';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { BudgetYear } from '@web/api/budget-years';
import { useBudgetSummary } from '@web/api/dashboard';
import { useFiscalYearChoice } from '@web/components/line-filters';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { formatMoneyAsTyped } from '@web/lib/format';

interface AnalysisFormProps {
  budgetYears: readonly BudgetYear[];
  budgetYearId: number | null;
  onBudgetYear(id: number): void;
  /** No key stored, or a run in progress: Analyze waits. */
  disabled: boolean;
  running: boolean;
  onAnalyze(body: { budgetYearId: number; fiscalYear?: number; targetAmount: string }): void;
}

/**
 * Budget year, the fiscal year to analyse (the year being planned), the target (starting at what
 * that year's budget is over its town goal, cutTargetCents), the fixed priorities, what leaves the
 * building, and Analyze.
 */
export function AnalysisForm({
  budgetYears,
  budgetYearId,
  onBudgetYear,
  disabled,
  running,
  onAnalyze,
}: AnalysisFormProps) {
  const budgetYear = budgetYears.find((y) => y.id === budgetYearId) ?? null;
  const years = useFiscalYearChoice(budgetYear);
  const fy = years.fiscalYear;
  const summary = useBudgetSummary(budgetYear && fy ? { budgetYearId: budgetYear.id, fiscalYear: fy } : null);
  const gap = summary.data?.guidanceGap ?? null;
  const suggested = summary.data
    ? cutTargetCents(gap === null ? null : centsOf(gap), summary.data.hasTownGoal)
    : null;
  // What was typed stands until another year is chosen, which starts from its own gap.
  const [typed, setTyped] = useState<string | null>(null);
  const target = typed ?? (suggested !== null ? centsText(suggested) : '');
  const fromGoal = typed === null && suggested !== null;
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
    onAnalyze({ budgetYearId, fiscalYear: fy, targetAmount: centsText(parsed.cents) });
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
                setTyped(null);
                onBudgetYear(Number(v));
              }}
              options={budgetYears.map((y) => ({ value: String(y.id), label: y.fiscalYear }))}
              placeholder="Select a budget year"
            />
          )}
        </Field>
        <Field id="ai-fiscal-year" label="Fiscal year">
          {(control) => (
            <Select
              {...control}
              value={fy ? String(fy) : ''}
              onValueChange={(v) => {
                setTyped(null);
                years.choose(Number(v));
              }}
              options={years.options}
              placeholder="Fiscal year"
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
          onChange={(event) => setTyped(event.target.value)}
          error={targetError}
          hint={
            fromGoal && fy
              ? `${formatMoneyAsTyped(fromCents(suggested!))}: what ${fiscalYearLabel(fy)}'s budget is over its town goal`
              : parsed.ok
                ? `${formatMoneyAsTyped(fromCents(parsed.cents))} to find`
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
            With your own API key: the fiscal year&rsquo;s proposed lines (id, description, category,
            building, amount) and the personnel budget as totals by position and work group (head count and
            total salary), the general fund&rsquo;s only: the target is measured against the town&rsquo;s
            goal, which pays that fund alone. <strong>No names and no individual salaries are sent.</strong>
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
