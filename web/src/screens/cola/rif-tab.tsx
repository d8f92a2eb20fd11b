import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useCalculateRif,
  useColaScenarios,
  usePlanningDefaults,
  useRifHistory,
  type RifCalculation,
} from '@web/api/cola';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatDateTime, formatMoney, formatMoneyAsTyped, formatMoneyCents } from '@web/lib/format';
import { rifGapBody } from '@shared/schemas/cola-calc';
import { fiscalYearLabel } from '@shared/budget-math';
import { typedYear } from './cola-format';
import { RifResult } from './rif-result';
import { DEFAULT_SCENARIO, scenarioOptions } from './scenario-options';
import { ScrollArea } from './scroll-area';
import { numCol, TableHead, unseen } from '@web/components/table-head';

const num = (text: string) => (text.trim() === '' ? undefined : Number(text));
const amountText = (n: number | null) => (n === null ? '' : String(n));

/** RIF Gap Calculator: district need against town funding for one fiscal year, saved each time. */
export function RifTab() {
  const scenarios = useColaScenarios();
  const history = useRifHistory();
  const calculate = useCalculateRif();
  const canRun = useCan('cola.write');
  const [shown, setShown] = useState<RifCalculation | null>(null);
  const { selected } = useBudgetYear();
  // The district's own figures (the year before's budget, the year's town goal) fill the form;
  // values are named as the API's fields so its errors land on them.
  const form = useSchemaForm(
    rifGapBody,
    {
      fiscalYear: '',
      scenarioId: DEFAULT_SCENARIO,
      baselineBudget: '',
      townFundingAmount: '',
      includeStepsLanes: true,
    },
    {
      toInput: (v) => ({
        fiscalYear: v.fiscalYear.trim(),
        scenarioId: v.scenarioId === DEFAULT_SCENARIO ? null : Number(v.scenarioId),
        baselineBudget: num(v.baselineBudget),
        townFundingAmount: num(v.townFundingAmount),
        includeStepsLanes: v.includeStepsLanes,
        budgetYearId: selected?.id,
      }),
    },
  );
  const { values, setValue, bind } = form;
  const defaults = usePlanningDefaults(
    { budgetYearId: selected?.id, fiscalYear: typedYear(values.fiscalYear) ?? undefined },
    selected !== null,
  );
  // Which amounts still follow the data (a typed amount is the user's until the page reloads).
  const [typed, setTyped] = useState({ baselineBudget: false, townFundingAmount: false });
  const d = defaults.data;
  useEffect(() => {
    if (!d) {
      return;
    }
    form.setValues((v) => ({
      ...v,
      fiscalYear: v.fiscalYear.trim() === '' ? String(d.fiscalYear) : v.fiscalYear,
      // The year being built needs its own proposed budget (the server's, as Town Guidance's): no baseline.
      baselineBudget: typed.baselineBudget
        ? v.baselineBudget
        : d.ownBudget
          ? ''
          : amountText(d.baseline.amount),
      townFundingAmount: typed.townFundingAmount ? v.townFundingAmount : amountText(d.townFunding.amount),
    }));
    // Only new defaults refill the form, not the user's typing.
  }, [d]);
  const bindAmount = (field: 'baselineBudget' | 'townFundingAmount') => ({
    ...bind(field),
    onChange: (event: { target: { value: string } }) => {
      setTyped((t) => ({ ...t, [field]: true }));
      setValue(field, event.target.value);
    },
  });
  /** The amount's dollars and where the figure the form opened with comes from. */
  const sourceHint = (field: 'baselineBudget' | 'townFundingAmount') => {
    if (form.errors[field]) {
      return undefined;
    }
    const figure = field === 'baselineBudget' ? d?.baseline : d?.townFunding;
    const dollars = formatMoneyAsTyped(num(values[field]));
    if (field === 'baselineBudget' && d?.ownBudget && !values.baselineBudget.trim()) {
      return `Not needed: ${fiscalYearLabel(d.fiscalYear)}’s need is its own ${formatMoney(d.ownBudget.amount)} (${d.ownBudget.source}). Enter a baseline to grow one instead.`;
    }
    if (!figure) {
      return dollars;
    }
    if (typed[field]) {
      return `${dollars} (entered; the data: ${figure.source})`;
    }
    return figure.amount === null ? figure.source : `${dollars} · ${figure.source}`;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    // A blank amount would take the schema's default: ask for it instead.
    const blank: Record<string, string> = {};
    if (!values.baselineBudget.trim() && !d?.ownBudget) {
      blank.baselineBudget = 'Enter the baseline budget';
    }
    if (!values.townFundingAmount.trim()) {
      blank.townFundingAmount =
        d?.townFunding.hasGoal === false ? d.townFunding.source : 'Enter the town funding';
    }
    if (Object.keys(blank).length) {
      form.setErrors((e) => ({ ...e, ...blank }));
      return;
    }
    if (!body) {
      return;
    }
    calculate.mutate(body, {
      onSuccess: (r) => setShown(r.calculation),
      onError: (err) => form.applyServerError(err, 'Failed to calculate RIF gap'),
    });
  };

  const moneyField = {
    type: 'number',
    inputMode: 'decimal' as const,
    min: 0,
    step: 0.01,
    className: 'input input--money',
  };
  const saved = history.data?.calculations ?? [];
  return (
    <div className="cola-tab">
      <div className="cola-tab__header">
        <div>
          <h2>RIF Gap Calculator</h2>
          <p>
            Whether next year’s district need fits the town’s funding, and if not, about how many positions a
            reduction in force would take. Each calculation is saved with its inputs.
          </p>
        </div>
      </div>
      <form className="card cola-inputs" onSubmit={submit} noValidate aria-label="RIF gap inputs">
        {defaults.isError ? (
          <Alert title="Failed to load the district’s figures">
            {errorMessage(defaults.error, 'Enter the baseline and the town funding.')}
          </Alert>
        ) : null}
        {form.formError ? (
          <Alert title="Failed to calculate RIF gap">
            {form.formError === 'Failed to calculate RIF gap' ? null : form.formError}
          </Alert>
        ) : null}
        <div className="form-row">
          <Field
            id="rif-year"
            label="Fiscal year"
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            {...bind('fiscalYear')}
          />
          <Field id="rif-scenario" label="COLA scenario">
            {(control) => (
              <Select
                {...control}
                value={values.scenarioId}
                onValueChange={(v) => setValue('scenarioId', v)}
                options={scenarioOptions(scenarios.data?.scenarios ?? [])}
              />
            )}
          </Field>
          <Field
            id="rif-baseline"
            label="Baseline budget ($)"
            {...moneyField}
            {...bindAmount('baselineBudget')}
            hint={sourceHint('baselineBudget')}
          />
          <Field
            id="rif-funding"
            label="Town funding ($)"
            {...moneyField}
            {...bindAmount('townFundingAmount')}
            hint={sourceHint('townFundingAmount')}
          />
        </div>
        <div className="cola-actions">
          <label className="check">
            <input
              type="checkbox"
              checked={values.includeStepsLanes}
              onChange={(e) => setValue('includeStepsLanes', e.target.checked)}
            />
            Include steps and lanes
          </label>
          {canRun ? (
            <Button type="submit" variant="primary" busy={calculate.isPending} busyLabel="Calculating...">
              Calculate RIF Gap
            </Button>
          ) : null}
        </div>
      </form>
      {shown ? (
        <RifResult calculation={shown} scenarioName={scenarioName(shown, scenarios.data?.scenarios ?? [])} />
      ) : (
        <p className="cola-muted">Calculate to see the district need, the gap and the positions it means.</p>
      )}
      <section className="card cola-card" aria-labelledby="rif-saved-title">
        <h3 id="rif-saved-title">Saved calculations</h3>
        <p className="cola-muted">The latest 10, newest first. Choose one to show it above.</p>
        {history.isPending ? <Spinner label="Loading saved calculations..." /> : null}
        {history.isError ? (
          <Alert title="Failed to load COLA data">
            {errorMessage(history.error, 'Please reload the page.')}
          </Alert>
        ) : null}
        {history.isSuccess && saved.length === 0 ? <p>No calculations saved yet.</p> : null}
        {saved.length > 0 ? (
          <ScrollArea label="Saved calculations">
            <table className="table table--compact" aria-labelledby="rif-saved-title">
              <TableHead
                cols={[
                  'Calculated',
                  'Year',
                  numCol('District need'),
                  numCol('Town funding'),
                  numCol('Gap'),
                  'RIF',
                  numCol('Positions'),
                  unseen('Show'),
                ]}
              />
              <tbody>
                {saved.map((c) => (
                  <tr key={c.id} aria-current={shown?.id === c.id ? 'true' : undefined}>
                    <th scope="row" className="nowrap">
                      {formatDateTime(c.calculatedAt)}
                      {c.calculatedBy ? <span className="cola-cell-note">{c.calculatedBy}</span> : null}
                    </th>
                    <td>{fiscalYearLabel(c.fiscalYear)}</td>
                    <td className="num">{formatMoneyCents(c.districtNeed)}</td>
                    <td className="num">{formatMoneyCents(c.townFundingAmount)}</td>
                    <td className="num">{formatMoneyCents(c.gap)}</td>
                    <td>{c.rifRequired ? <span className="badge badge--danger">Required</span> : 'No'}</td>
                    <td className="num">{c.positionsEstimate}</td>
                    <td>
                      <Button
                        className="btn--small"
                        onClick={() => setShown(c)}
                        aria-label={`Show calculation ${c.id}`}
                      >
                        Show
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        ) : null}
      </section>
    </div>
  );
}

function scenarioName(c: RifCalculation, scenarios: { id: number; name: string }[]): string {
  if (c.scenarioId === null) {
    return 'none';
  }
  return scenarios.find((s) => s.id === c.scenarioId)?.name ?? `#${c.scenarioId}`;
}
