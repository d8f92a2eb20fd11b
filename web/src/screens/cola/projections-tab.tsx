import { useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { useColaScenarios, useMultiYearProjection, type MultiYearParams } from '@web/api/cola';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatMoney } from '@web/lib/format';
import {
  DEFAULT_BASELINE_BUDGET,
  DEFAULT_PROJECTION_END_YEAR,
  DEFAULT_RIF_FISCAL_YEAR,
  multiYearQuery,
} from '@server/schemas/cola-calc';
import { ProjectionResult } from './projection-result';
import { DEFAULT_SCENARIO, scenarioOptions } from './scenario-options';

const DEFAULTS: MultiYearParams = {
  startYear: DEFAULT_RIF_FISCAL_YEAR,
  endYear: DEFAULT_PROJECTION_END_YEAR,
  baselineBudget: DEFAULT_BASELINE_BUDGET,
};

/** Multi-Year Projections: district need year by year against the town's funding. */
export function ProjectionsTab() {
  const scenarios = useColaScenarios();
  const [params, setParams] = useState<MultiYearParams>(DEFAULTS);
  const projection = useMultiYearProjection(params);
  const form = useSchemaForm(
    multiYearQuery,
    {
      startYear: String(DEFAULTS.startYear),
      endYear: String(DEFAULTS.endYear),
      scenarioId: DEFAULT_SCENARIO,
      baselineBudget: String(DEFAULT_BASELINE_BUDGET),
      townFunding: '',
    },
    { toInput: (v) => ({ ...v, scenarioId: v.scenarioId === DEFAULT_SCENARIO ? undefined : v.scenarioId }) },
  );
  const { values, setValue, bind } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = form.validate();
    if (parsed) {
      setParams({
        startYear: parsed.startYear,
        endYear: parsed.endYear,
        scenarioId: parsed.scenarioId,
        baselineBudget: parsed.baselineBudget,
        townFunding: parsed.townFunding,
      });
    }
  };

  const moneyField = {
    type: 'number',
    inputMode: 'decimal' as const,
    min: 0,
    step: 0.01,
    className: 'input input--money',
  };
  const amount = (text: string) => (text.trim() === '' ? null : Number(text));
  const scenarioName =
    params.scenarioId === undefined
      ? `default (${scenarios.data?.scenarios.find((s) => s.isDefault)?.name ?? 'none set'})`
      : (scenarios.data?.scenarios.find((s) => s.id === params.scenarioId)?.name ?? `#${params.scenarioId}`);
  return (
    <div className="cola-tab">
      <div className="cola-tab__header">
        <div>
          <h2>Multi-Year Projections</h2>
          <p>
            District need year by year: each year’s baseline is the year before’s need, grown by the COLA and
            the steps and lanes of the active employees, against the town’s funding for that year.
          </p>
        </div>
      </div>
      <form className="card cola-inputs" onSubmit={submit} noValidate aria-label="Projection inputs">
        {form.formError ? <Alert title="Failed to load projections">{form.formError}</Alert> : null}
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
          <Field
            id="proj-baseline"
            label="Baseline budget ($)"
            {...moneyField}
            {...bind('baselineBudget')}
            hint={form.errors.baselineBudget ? undefined : formatMoney(amount(values.baselineBudget))}
          />
          <Field
            id="proj-funding"
            label="Fallback town funding ($)"
            {...moneyField}
            {...bind('townFunding')}
            hint={form.errors.townFunding ? undefined : 'Optional: assumed for years before any town goal'}
          />
        </div>
        <div className="cola-actions">
          <Button type="submit" variant="primary" busy={projection.isFetching} busyLabel="Projecting...">
            Project
          </Button>
        </div>
      </form>
      {projection.isPending ? <Spinner label="Projecting..." /> : null}
      {projection.isError ? (
        <Alert title="Failed to load projections">{errorMessage(projection.error, '') || null}</Alert>
      ) : null}
      {projection.data ? <ProjectionResult data={projection.data} scenarioName={scenarioName} /> : null}
    </div>
  );
}
