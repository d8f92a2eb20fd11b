import { useState } from 'react';
import { deseCodesBody } from '@shared/schemas/bulk-update';
import { useDeseCodes } from '@web/api/budget-categories';
import type { BudgetYear } from '@web/api/budget-years';
import { useBulkOptions, useUpdateDeseCodes } from '@web/api/bulk-update';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { BulkControls, BulkOutcome, useBulkRun } from './bulk-run';

type Mode = 'fill' | 'set';
const FAILURE = 'Failed to update DESE codes';
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Updates DESE codes by job class: fill each job class's missing codes with the code most of its
 * employees carry, or set one code on every employee of a chosen job class.
 */
export function DeseCodesCard({ budgetYear, years }: { budgetYear: BudgetYear; years: readonly number[] }) {
  const bulk = useBulkRun(
    useUpdateDeseCodes(),
    FAILURE,
    (r) => `Updated ${count(r.totalUpdated)} employee${r.totalUpdated === 1 ? '' : 's'}`,
  );
  const codes = useDeseCodes();
  const options = useBulkOptions(budgetYear.id, bulk.fiscalYear);
  const [mode, setMode] = useState<Mode>('fill');
  // The request is checked with the API's own schema; its one mapping's issues go on the two pickers.
  const form = useSchemaForm(
    deseCodesBody,
    { jobClass: '', deseCode: '' },
    {
      toInput: (v) => ({
        budgetYearId: budgetYear.id,
        fiscalYear: bulk.fiscalYear,
        ...(mode === 'set' ? { mappings: [{ jobClass: v.jobClass, deseCode: v.deseCode }] } : {}),
      }),
      fieldFor: (path) => (path.startsWith('mappings.') ? path.split('.').pop() : path),
    },
  );

  const run = (dryRun: boolean) => {
    const body = form.validate();
    if (body) {
      bulk.run({ ...body, dryRun }, (err) => form.applyServerError(err, FAILURE));
    }
  };
  const chooseMode = (next: Mode) => {
    setMode(next);
    form.setErrors({});
  };

  const missing = options.data?.missingDeseCodes;
  return (
    <section className="bo-card" aria-labelledby="bo-dese-title">
      <h3 id="bo-dese-title">Update DESE Codes</h3>
      <p>
        DESE function codes place each salary in the state&apos;s end-of-year report.
        {missing !== undefined ? ` ${count(missing)} employee${missing === 1 ? ' has' : 's have'} none.` : ''}
      </p>
      <fieldset className="option-group">
        <legend>What to do</legend>
        <label>
          <input
            type="radio"
            name="bo-dese-mode"
            checked={mode === 'fill'}
            onChange={() => chooseMode('fill')}
          />
          Fill missing codes with the code most employees of the same job class have
        </label>
        <label>
          <input
            type="radio"
            name="bo-dese-mode"
            checked={mode === 'set'}
            onChange={() => chooseMode('set')}
          />
          Set one code for every employee of a job class
        </label>
      </fieldset>
      <BulkControls
        yearId="bo-dese-year"
        years={years}
        fiscalYear={bulk.fiscalYear}
        onYearChange={bulk.chooseYear}
        pending={bulk.pending}
        actionLabel="Update DESE Codes"
        onRun={run}
      >
        {mode === 'set' ? (
          <>
            <Field id="bo-dese-job" label="Job class" error={form.errors.jobClass}>
              {(control) => (
                <Select
                  {...control}
                  value={form.values.jobClass}
                  placeholder="Choose..."
                  onValueChange={form.set('jobClass')}
                  options={(options.data?.jobClasses ?? []).map((j) => ({
                    value: j.value,
                    label: `${j.value} (${count(j.count)})`,
                  }))}
                />
              )}
            </Field>
            <Field id="bo-dese-code" label="DESE code" error={form.errors.deseCode}>
              {(control) => (
                <DeseCodeSelect
                  {...control}
                  emptyLabel="Choose..."
                  value={form.values.deseCode}
                  codes={codes.data?.codes ?? []}
                  onChange={form.set('deseCode')}
                />
              )}
            </Field>
          </>
        ) : null}
      </BulkControls>
      <BulkOutcome
        error={bulk.error ?? form.formError}
        result={bulk.result}
        summary={(result) => (
          <>
            <strong>
              {result.dryRun ? 'Would update' : 'Updated'} {count(result.totalUpdated)} employee
              {result.totalUpdated === 1 ? '' : 's'}
            </strong>
            {result.totalUpdated === 0 && mode === 'fill' ? ': no job class has missing codes to fill.' : '.'}
          </>
        )}
        caption="Employees updated per job class"
        headers={['Job class', 'DESE code', 'Function', 'Employees updated']}
        rowKey={(r) => r.jobClass}
        cells={(r) => [r.jobClass, r.deseCode, r.deseName ?? '', count(r.employeesUpdated)]}
      />
    </section>
  );
}
