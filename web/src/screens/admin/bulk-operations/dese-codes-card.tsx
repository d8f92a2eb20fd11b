import { useState } from 'react';
import { useDeseCodes } from '@web/api/budget-categories';
import type { BudgetYear } from '@web/api/budget-years';
import { useBulkOptions, useUpdateDeseCodes } from '@web/api/bulk-update';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { BulkControls, BulkOutcome, useBulkRun } from './bulk-run';

type Mode = 'fill' | 'set';
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Updates DESE codes by job class: fill each job class's missing codes with the code most of its
 * employees carry, or set one code on every employee of a chosen job class.
 */
export function DeseCodesCard({ budgetYear, years }: { budgetYear: BudgetYear; years: readonly number[] }) {
  const bulk = useBulkRun(useUpdateDeseCodes(), 'Failed to update DESE codes');
  const codes = useDeseCodes();
  const options = useBulkOptions(budgetYear.id, bulk.fiscalYear);
  const [mode, setMode] = useState<Mode>('fill');
  const [jobClass, setJobClass] = useState('');
  const [code, setCode] = useState('');

  const run = (dryRun: boolean) => {
    if (mode === 'set' && (!jobClass || !code)) {
      bulk.setError('Choose a job class and a DESE code');
      return;
    }
    bulk.run({
      budgetYearId: budgetYear.id,
      fiscalYear: bulk.fiscalYear,
      dryRun,
      ...(mode === 'set' ? { mappings: [{ jobClass, deseCode: code }] } : {}),
    });
  };

  const missing = options.data?.missingDeseCodes;
  return (
    <section className="bo-card" aria-labelledby="bo-dese-title">
      <h3 id="bo-dese-title">Update DESE Codes</h3>
      <p>
        DESE function codes place each salary in the state&apos;s end-of-year report.
        {missing !== undefined ? ` ${count(missing)} employee${missing === 1 ? ' has' : 's have'} none.` : ''}
      </p>
      <fieldset className="bo-modes">
        <legend>What to do</legend>
        <label>
          <input
            type="radio"
            name="bo-dese-mode"
            checked={mode === 'fill'}
            onChange={() => setMode('fill')}
          />
          Fill missing codes with the code most employees of the same job class have
        </label>
        <label>
          <input type="radio" name="bo-dese-mode" checked={mode === 'set'} onChange={() => setMode('set')} />
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
            <div className="bo-field">
              <label htmlFor="bo-dese-job">Job class</label>
              <select
                id="bo-dese-job"
                className="bo-select"
                value={jobClass}
                onChange={(e) => setJobClass(e.target.value)}
              >
                <option value="">Choose...</option>
                {(options.data?.jobClasses ?? []).map((j) => (
                  <option key={j.value} value={j.value}>{`${j.value} (${count(j.count)})`}</option>
                ))}
              </select>
            </div>
            <div className="bo-field">
              <label htmlFor="bo-dese-code">DESE code</label>
              <DeseCodeSelect
                id="bo-dese-code"
                emptyLabel="Choose..."
                value={code}
                codes={codes.data?.codes ?? []}
                onChange={setCode}
              />
            </div>
          </>
        ) : null}
      </BulkControls>
      <BulkOutcome
        error={bulk.error}
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
