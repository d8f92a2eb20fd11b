import { useEffect, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useApplyRules, type ApplyRulesResult } from '@web/api/function-codes';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

const lines = (n: number) => `${n.toLocaleString('en-US')} line${n === 1 ? '' : 's'}`;

/** What the server did (or would do): lines per rule, and the voted years it left alone. */
function outcome(result: ApplyRulesResult): string {
  const verb = result.dryRun ? 'would get' : 'got';
  const parts = result.byRule.filter((r) => r.lines > 0).map((r) => `${r.target}: ${lines(r.lines)}`);
  const locked = result.lockedYears.length
    ? ` ${result.lockedYears.map(fiscalYearLabel).join(', ')} left as voted (locked).`
    : '';
  const funded = result.funded
    ? ` ${lines(result.funded)} on the general fund ${verb} the fund a rule names.`
    : '';
  return `${lines(result.updated)} ${verb} a function code${parts.length ? ` (${parts.join('; ')})` : ''}.${funded}${locked}`;
}

/**
 * Applies the rules to a fiscal year's existing lines: first a dry run says how many lines would
 * change, then the ADMIN confirms. Lines with a code of their own keep it unless "overwrite" is set.
 */
export function ApplyRules({ onApplied }: { onApplied(message: string): void }) {
  const { selected } = useBudgetYear();
  const listed = useFiscalYears(selected?.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const { years, fiscalYear } = fiscalYearChoice(selected ?? null, listed.data, chosen);
  const [overwrite, setOverwrite] = useState(false);
  const [preview, setPreview] = useState<ApplyRulesResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = useApplyRules();
  useEffect(() => setChosen(null), [selected?.id]);

  if (!selected || !fiscalYear) {
    return null;
  }
  const body = { budgetYearId: selected.id, fiscalYear, overwrite };
  const check = () => {
    setProblem(null);
    apply.mutate(
      { ...body, dryRun: true },
      {
        onSuccess: setPreview,
        onError: (err) => setProblem(errorMessage(err, 'The rules could not be checked')),
      },
    );
  };
  const confirm = () =>
    apply.mutate(body, {
      onSuccess: (result) => {
        setPreview(null);
        onApplied(outcome(result));
      },
      onError: (err) => {
        setPreview(null);
        setProblem(errorMessage(err, 'The rules could not be applied'));
      },
    });

  return (
    <section className="card fc-apply" aria-labelledby="fc-apply-title">
      <h2 id="fc-apply-title" className="card__title">
        Apply to existing lines
      </h2>
      <p className="muted">
        Rules apply by themselves to later imports. To code the lines already in {selected.name}, apply them
        to a fiscal year; every change is recorded in the lines&apos; history.
      </p>
      {problem ? <Alert title="Nothing was changed">{problem}</Alert> : null}
      <div className="fc-apply__controls">
        <div className="field field--inline">
          <label htmlFor="fc-apply-year">Fiscal year</label>
          <Select
            id="fc-apply-year"
            value={String(fiscalYear)}
            onValueChange={(v) => setChosen(Number(v))}
            options={years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
          />
        </div>
        <label className="fc-check">
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
          Also replace codes lines already have
        </label>
        <Button variant="primary" busy={apply.isPending && !preview} busyLabel="Checking..." onClick={check}>
          Apply Rules…
        </Button>
      </div>
      <Modal
        open={preview !== null}
        onOpenChange={(open) => (open ? undefined : setPreview(null))}
        title={`Apply the rules to ${fiscalYearLabel(fiscalYear)}?`}
      >
        {preview ? (
          <div className="form-stack">
            <p role="status">{outcome(preview)}</p>
            <div className="form-actions">
              <Button onClick={() => setPreview(null)}>Cancel</Button>
              <Button
                variant="primary"
                disabled={preview.updated === 0 && preview.funded === 0}
                busy={apply.isPending}
                busyLabel="Applying..."
                onClick={confirm}
              >
                {preview.funded
                  ? `Apply: ${lines(preview.updated)} coded, ${lines(preview.funded)} funded`
                  : `Apply to ${lines(preview.updated)}`}
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </section>
  );
}
