import { useState, type FormEvent } from 'react';
import { formatMoneyCents, formatNumber } from '@shared/money';
import {
  defaultRollFrom,
  positionsLine,
  rollFromProblem,
  rollTargetYear,
  type RollForwardResponse,
} from '@shared/schemas/roll-forward';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import { useBudgetYears } from '@web/api/budget-years';
import { useAllFiscalYears } from '@web/api/fiscal-years';
// The API names the field a refusal is about (fromFiscalYear: ...); the screen shows its words alone.
import { refusalText } from '@web/api/scenario-positions';
import {
  useLatestRollForward,
  useRollForward,
  useRollForwardPreview,
  useUndoRollForward,
} from '@web/api/roll-forward';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { PageHeader } from '@web/components/page-header';
import { copyCaption, fromHint, offeredText, startedWords, totalsRows, undoneText } from './words';
import './roll-forward.css';

/** The figures of a roll forward, as the dry run and the real run both answer them. */
function Totals({ result }: { result: RollForwardResponse }) {
  const rows = totalsRows(result);
  return (
    <>
      <table className="roll-forward__totals">
        <caption>{copyCaption(result)}</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Lines</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([what, count, amount]) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td>{count === null ? '' : formatNumber(count, 0)}</td>
              <td>{amount === null ? '' : formatMoneyCents(amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{positionsLine(result)}.</p>
    </>
  );
}

/**
 * Roll Forward (Admin menu): the next fiscal year's budget started from a year's. The admin names the
 * year, sees the dry run's totals, confirms (and, for a year not yet Town Appropriated, confirms the
 * warning), then sees what was written and may undo it while the new year is Draft and unedited.
 */
export function RollForwardScreen() {
  // Until the admin types (or enters the field), it offers the latest year with lines (one that can be rolled).
  const withLines = useAllFiscalYears().data?.fiscalYears ?? [];
  const offered = defaultRollFrom(withLines.map((y) => y.fiscalYear));
  const [typed, setTyped] = useState<string | null>(null);
  const from = typed ?? offeredText(offered);
  // The budget year that plans a fiscal year (its home), so the hint can say where the lines are.
  const budgetYears = useBudgetYears().data;
  const budgetYearOf = (fiscalYear: number) => {
    const home = budgetYears?.homes.find((h) => h.fiscalYear === fiscalYear);
    return budgetYears?.budgetYears.find((b) => b.id === home?.budgetYearId)?.fiscalYear ?? null;
  };
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [understood, setUnderstood] = useState(false);
  const [done, setDone] = useState<RollForwardResponse | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const preview = useRollForwardPreview();
  const roll = useRollForward();
  const undo = useUndoRollForward();
  const plan = preview.data ?? null;
  const fromYear = parseFiscalYear(from.trim());
  const toYear = fromYear === null ? null : rollTargetYear(fromYear);
  // A roll forward into the next year that still stands (after a reload, or by another admin).
  const standing = useLatestRollForward(toYear !== null && !rollFromProblem(from.trim()) ? toYear : null).data
    ?.rollForward;

  // The last attempt's answers are about what the field said then: a new year or attempt drops them.
  const forget = () => {
    preview.reset();
    roll.reset();
    setFieldError(undefined);
  };
  const edit = (value: string) => {
    setTyped(value);
    forget();
  };
  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    const problem = rollFromProblem(from.trim());
    // The year previewed stays in the field when the offered one changes (after a roll forward).
    setTyped(from);
    forget();
    undo.reset();
    setFieldError(problem ?? undefined);
    setDone(null);
    setUndone(null);
    setUnderstood(false);
    if (!problem) {
      preview.mutate({ fromFiscalYear: from.trim() });
    }
  };
  const confirm = () => {
    if (!plan) {
      return;
    }
    roll.mutate(
      { fromFiscalYear: plan.from.fiscalYear, confirm: plan.warning !== null },
      {
        onSuccess: (res) => {
          setDone(res);
          preview.reset();
        },
      },
    );
  };
  const undoIt = (toFiscalYear: number) => {
    undo.mutate(
      { toFiscalYear },
      {
        onSuccess: (res) => {
          setDone(null);
          setUndone(undoneText(res));
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Roll forward"
        subtitle="Start next year's budget from this year's: employees at their next-year salaries, departures and one-time lines left out."
      />
      <section className="card roll-forward" aria-labelledby="roll-forward-step1">
        <h2 id="roll-forward-step1">1. Choose the year to start from</h2>
        <form className="roll-forward__form" onSubmit={showPreview} noValidate>
          <Field
            id="roll-forward-from"
            label="Fiscal year to copy"
            hint={fromHint(from.trim(), budgetYearOf)}
            value={from}
            error={fieldError}
            required
            onChange={(e) => edit(e.target.value)}
            // Once the field has focus it is the person's: an offered year arriving while they begin
            // to type would otherwise land beside what they type ('FY2028FY2027').
            onFocus={() => setTyped((t) => t ?? from)}
          />
          <div>
            <Button type="submit" variant="primary" busy={preview.isPending} busyLabel="Working it out...">
              Preview the totals
            </Button>
          </div>
        </form>
        {preview.isError ? (
          <Alert title="Cannot roll forward">{refusalText(preview.error, 'The preview failed')}</Alert>
        ) : null}
      </section>
      {plan ? (
        <section className="card roll-forward" aria-labelledby="roll-forward-step2">
          <h2 id="roll-forward-step2">2. Check the totals (nothing written yet)</h2>
          <Totals result={plan} />
          {plan.carried.length ? <p>Also carried: {plan.carried.join('; ')}.</p> : null}
          {plan.warning ? (
            <Alert variant="warning" title="Not yet Town Appropriated">
              <p>{plan.warning}.</p>
              <label className="roll-forward__check">
                <input
                  type="checkbox"
                  checked={understood}
                  onChange={(e) => setUnderstood(e.target.checked)}
                />{' '}
                Roll forward anyway
              </label>
            </Alert>
          ) : null}
          {roll.isError ? (
            <Alert title="Roll forward refused">{refusalText(roll.error, 'Roll forward failed')}</Alert>
          ) : null}
          <div>
            <Button
              variant="primary"
              onClick={confirm}
              disabled={plan.warning !== null && !understood}
              busy={roll.isPending}
              busyLabel="Rolling forward..."
            >
              {startedWords(plan.to.fiscalYear).button}
            </Button>
          </div>
        </section>
      ) : null}
      {done ? (
        <section className="card roll-forward" aria-labelledby="roll-forward-done">
          <h2 id="roll-forward-done">{startedWords(done.to.fiscalYear).done}</h2>
          <Totals result={done} />
          <p>
            Budget Stages shows its first snapshot, recording where it came from.{' '}
            {startedWords(done.to.fiscalYear).undoWhile}
          </p>
          {undo.isError ? <Alert title="Undo refused">{refusalText(undo.error, 'Undo failed')}</Alert> : null}
          <div>
            <Button onClick={() => undoIt(done.to.fiscalYear)} busy={undo.isPending} busyLabel="Undoing...">
              Undo the roll forward
            </Button>
          </div>
        </section>
      ) : null}
      {!done && !plan && standing?.undoable && toYear !== null ? (
        <section className="card roll-forward" aria-labelledby="roll-forward-standing">
          <h2 id="roll-forward-standing">{startedWords(toYear).standing}</h2>
          <p>Nobody has edited it yet, so the roll forward can still be undone.</p>
          {undo.isError ? <Alert title="Undo refused">{refusalText(undo.error, 'Undo failed')}</Alert> : null}
          <div>
            <Button onClick={() => undoIt(toYear)} busy={undo.isPending} busyLabel="Undoing...">
              Undo the roll forward
            </Button>
          </div>
        </section>
      ) : null}
      {undone ? (
        <Alert variant="success" title="Roll forward undone">
          {undone}
        </Alert>
      ) : null}
    </>
  );
}
