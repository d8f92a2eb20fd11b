import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useColaScenarios,
  useMultiYearProjection,
  usePlanningDefaults,
  type MultiYearParams,
} from '@web/api/cola';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { BaseChoice } from '@web/components/form/base-choice';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatAmount, formatMoney, formatMoneyAsTyped, plainAmount } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/budget-math';
import type { Base } from '@shared/schemas/ledger-base';
import { multiYearQuery } from '@shared/schemas/cola-calc';
import { typedYear } from './cola-format';
import { ProjectionResult } from './projection-result';
import { DEFAULT_SCENARIO, scenarioOptions } from './scenario-options';

/**
 * Multi-Year Projections: district need year by year against the town's funding. It opens on the
 * district's own figures (GET /cola/planning-defaults: the selected budget year's next year, the
 * budget of the year before as baseline) and runs once they are known; a year without a budget
 * runs nothing until a baseline is entered. The base may instead be last year's actual spending
 * (the ledger's projected year-end); a baseline left as the district's figure is sent as the base
 * alone, so the server fills it in and the result says which base it used.
 */
export function ProjectionsTab() {
  const scenarios = useColaScenarios();
  const { selected } = useBudgetYear();
  const [basis, setBasis] = useState<Base>('budget');
  // Whether the person chose a base: until then the server's suggestion (a closed year's actuals) is taken.
  const [choseBasis, setChoseBasis] = useState(false);
  // The start year whose figures the form shows: the budget year's planned one until another is
  // typed in full (the baseline once followed only the first start year).
  const [startFor, setStartFor] = useState<number | undefined>(undefined);
  const defaults = usePlanningDefaults(
    { budgetYearId: selected?.id, basis, fiscalYear: startFor },
    selected !== null,
  );
  const [params, setParams] = useState<MultiYearParams | null>(null);
  const projection = useMultiYearProjection(params);
  const form = useSchemaForm(
    multiYearQuery,
    { startYear: '', endYear: '', scenarioId: DEFAULT_SCENARIO, baselineBudget: '', townFunding: '' },
    {
      // The money boxes read as written ('45,342,684.50', as they are prefilled): the schema gets the digits.
      toInput: (v) => ({
        ...v,
        baselineBudget: plainAmount(v.baselineBudget),
        townFunding: plainAmount(v.townFunding),
        scenarioId: v.scenarioId === DEFAULT_SCENARIO ? undefined : v.scenarioId,
        budgetYearId: selected?.id,
      }),
    },
  );
  const { values, setValue, bind } = form;
  const suggested = defaults.data?.baseline.suggestedBasis;
  useEffect(() => {
    if (!choseBasis && suggested === 'actual' && basis === 'budget') {
      setBasis('actual');
    }
  }, [suggested, choseBasis, basis]);
  // The figures of the base chosen (the previous ones show while another base loads).
  const d = defaults.data?.baseline.basis === basis ? defaults.data : undefined;
  // The budget year, base and start year whose figures filled the form: another's fill it again.
  const [filledFor, setFilledFor] = useState<{
    budgetYearId: number;
    basis: Base;
    fiscalYear: number;
  } | null>(null);
  // A start year typed in full asks for that year's figures (the baseline is the year before's budget).
  const typedStart = typedYear(values.startYear);
  useEffect(() => {
    if (typedStart !== null && typedStart !== (startFor ?? d?.fiscalYear)) {
      setStartFor(typedStart);
    }
  }, [typedStart]);
  // Another budget year starts again from its own planned year.
  useEffect(() => setStartFor(undefined), [selected?.id]);

  // The data's figures fill the form once, and the projection runs on them when there is a baseline.
  useEffect(() => {
    if (
      !d ||
      (filledFor?.budgetYearId === d.budgetYearId &&
        filledFor.basis === basis &&
        filledFor.fiscalYear === d.fiscalYear)
    ) {
      return;
    }
    const newYear = filledFor?.budgetYearId !== d.budgetYearId;
    const newStart = !newYear && filledFor?.basis === basis && filledFor.fiscalYear !== d.fiscalYear;
    setFilledFor({ budgetYearId: d.budgetYearId, basis, fiscalYear: d.fiscalYear });
    if (newStart) {
      // Another start year typed: its baseline fills in, and Project runs it.
      form.setValues((v) => ({
        ...v,
        baselineBudget: formatAmount(d.baseline.amount),
      }));
      return;
    }
    form.setValues((v) => ({
      ...v,
      // Another base changes only the baseline: the years and the rest stay as the user set them.
      ...(newYear ? { startYear: String(d.fiscalYear), endYear: String(d.endYear) } : {}),
      baselineBudget: formatAmount(d.baseline.amount),
    }));
    const amount = d.baseline.amount;
    const base =
      newYear || params === null
        ? { startYear: d.fiscalYear, endYear: d.endYear, budgetYearId: d.budgetYearId }
        : params;
    setParams(
      amount === null
        ? null
        : base.startYear === d.fiscalYear
          ? // The server fills the district's figure in and says where it came from.
            { ...base, baselineBudget: undefined, baselineBasis: basis }
          : { ...base, baselineBudget: amount, baselineBasis: undefined },
    );
    // Once per budget year and base: later edits are the user's.
  }, [d, basis]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.baselineBudget.trim()) {
      form.setErrors((e) => ({ ...e, baselineBudget: 'Enter the baseline budget' }));
      return;
    }
    const parsed = form.validate();
    if (parsed) {
      // The district's own figure for the year is left for the server to fill in and name.
      const theData =
        d !== undefined && parsed.startYear === d.fiscalYear && parsed.baselineBudget === d.baseline.amount;
      setParams({
        startYear: parsed.startYear,
        endYear: parsed.endYear,
        scenarioId: parsed.scenarioId,
        ...(theData ? { baselineBasis: basis } : { baselineBudget: parsed.baselineBudget }),
        townFunding: parsed.townFunding,
        budgetYearId: parsed.budgetYearId,
      });
    }
  };

  // Text boxes, so an amount shows grouped and to the cent as money boxes elsewhere do (formatAmount).
  const moneyField = { inputMode: 'decimal' as const, autoComplete: 'off', className: 'input input--money' };
  const amount = (text: string) => (text.trim() === '' ? null : Number(plainAmount(text)));
  const baselineHint = () => {
    if (form.errors.baselineBudget) {
      return undefined;
    }
    const dollars = formatMoneyAsTyped(amount(values.baselineBudget));
    if (!d) {
      return dollars;
    }
    if (d.baseline.amount === null) {
      return d.baseline.source;
    }
    return amount(values.baselineBudget) === d.baseline.amount
      ? `${dollars} · ${d.baseline.source}`
      : `${dollars} (entered; the data: ${d.baseline.source})`;
  };
  const scenarioName =
    params?.scenarioId === undefined
      ? `default (${scenarios.data?.scenarios.find((s) => s.isDefault)?.name ?? 'none set'})`
      : (scenarios.data?.scenarios.find((s) => s.id === params.scenarioId)?.name ?? `#${params.scenarioId}`);
  return (
    <div className="cola-tab">
      <div className="cola-tab__header">
        <div>
          <h2>Multi-Year Projections</h2>
          <p>
            District need year by year: each year’s baseline is the year before’s need, grown by the COLA and
            the steps and lanes of the active employees the general fund pays, against the town’s funding for
            that year.
          </p>
        </div>
      </div>
      <form className="card cola-inputs" onSubmit={submit} noValidate aria-label="Projection inputs">
        {form.formError ? <Alert title="Failed to load projections">{form.formError}</Alert> : null}
        {defaults.isError ? (
          <Alert title="Failed to load the district’s figures">
            {errorMessage(defaults.error, 'Enter the baseline to project.')}
          </Alert>
        ) : null}
        <div className="form-row">
          <Field
            id="proj-start"
            label="Start year"
            type="number"
            inputMode="numeric"
            {...bind('startYear')}
          />
          <Field id="proj-end" label="End year" type="number" inputMode="numeric" {...bind('endYear')} />
          <Field id="proj-scenario" label="COLA scenario">
            {(control) => (
              <Select
                {...control}
                value={values.scenarioId}
                onValueChange={(v) => setValue('scenarioId', v)}
                options={scenarioOptions(scenarios.data?.scenarios ?? [])}
              />
            )}
          </Field>
          <BaseChoice
            id="proj-base"
            value={basis}
            onChange={(next) => {
              setChoseBasis(true);
              setBasis(next);
            }}
          />
          <Field
            id="proj-baseline"
            label="Baseline budget ($)"
            {...moneyField}
            {...bind('baselineBudget')}
            hint={baselineHint()}
          />
          <Field
            id="proj-funding"
            label="Fallback town funding ($)"
            {...moneyField}
            {...bind('townFunding')}
            hint={
              form.errors.townFunding
                ? undefined
                : 'Optional: assumed for years before any town goal; each year otherwise takes its town goal'
            }
          />
        </div>
        {d ? (
          <p className="cola-muted" aria-label="Where the figures come from">
            Budget year {d.budgetYear}:{' '}
            {d.baseline.amount === null
              ? 'no baseline figure (enter one, or choose another base)'
              : `baseline from the ${d.baseline.source}`}
            ; town funding from each year’s town goal ({d.townFunding.source.replace(/: enter .*/, '')}).
            {d.ownBudget
              ? ` ${fiscalYearLabel(d.fiscalYear)} has its own proposed budget (${formatMoney(d.ownBudget.amount)}, ${d.ownBudget.source}): its need is that budget and its gap Town Guidance’s.`
              : null}
          </p>
        ) : null}
        <div className="cola-actions">
          <Button type="submit" variant="primary" busy={projection.isFetching} busyLabel="Projecting...">
            Project
          </Button>
        </div>
      </form>
      {defaults.isPending || (params !== null && projection.isPending) ? (
        <Spinner label="Projecting..." />
      ) : null}
      {projection.isError ? (
        <Alert title="Failed to load projections">{errorMessage(projection.error, '') || null}</Alert>
      ) : null}
      {projection.data ? <ProjectionResult data={projection.data} scenarioName={scenarioName} /> : null}
    </div>
  );
}
