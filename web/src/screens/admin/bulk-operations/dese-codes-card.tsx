import { useState } from 'react';
import { useDeseCodes } from '@web/api/budget-categories';
import type { BudgetYear } from '@web/api/budget-years';
import { useBulkOptions, useUpdateDeseCodes, type DeseCodesResult } from '@web/api/bulk-update';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { YearChoice } from './year-choice';

type Mode = 'fill' | 'set';
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Updates DESE codes by job class: fill each job class's missing codes with the code most of its
 * employees carry, or set one code on every employee of a chosen job class.
 */
export function DeseCodesCard({ budgetYear, years }: { budgetYear: BudgetYear; years: readonly number[] }) {
  const update = useUpdateDeseCodes();
  const codes = useDeseCodes();
  const [fiscalYear, setFiscalYear] = useState<number | undefined>(undefined);
  const options = useBulkOptions(budgetYear.id, fiscalYear);
  const [mode, setMode] = useState<Mode>('fill');
  const [jobClass, setJobClass] = useState('');
  const [code, setCode] = useState('');
  const [result, setResult] = useState<DeseCodesResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (dryRun: boolean) => {
    setError(null);
    if (mode === 'set' && (!jobClass || !code)) {
      setError('Choose a job class and a DESE code');
      return;
    }
    update.mutate(
      {
        budgetYearId: budgetYear.id,
        fiscalYear,
        dryRun,
        ...(mode === 'set' ? { mappings: [{ jobClass, deseCode: code }] } : {}),
      },
      {
        onSuccess: setResult,
        onError: (err) => setError(errorMessage(err, 'Failed to update DESE codes')),
      },
    );
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
      <div className="bo-controls">
        <YearChoice
          id="bo-dese-year"
          years={years}
          value={fiscalYear}
          onChange={(y) => {
            setFiscalYear(y);
            setResult(null);
          }}
        />
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
                className="bo-select"
                emptyLabel="Choose..."
                value={code}
                codes={codes.data?.codes ?? []}
                onChange={setCode}
              />
            </div>
          </>
        ) : null}
        <button
          type="button"
          className="btn btn--secondary"
          disabled={update.isPending}
          onClick={() => run(true)}
        >
          Preview
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={update.isPending}
          onClick={() => run(false)}
        >
          {update.isPending ? 'Working...' : 'Update DESE Codes'}
        </button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {result ? (
        <div className="bo-result" role="status">
          <p>
            <strong>
              {result.dryRun ? 'Would update' : 'Updated'} {count(result.totalUpdated)} employee
              {result.totalUpdated === 1 ? '' : 's'}
            </strong>
            {result.totalUpdated === 0 && mode === 'fill' ? ': no job class has missing codes to fill.' : '.'}
          </p>
          {result.results.length ? (
            <table className="table">
              <caption className="visually-hidden">Employees updated per job class</caption>
              <thead>
                <tr>
                  <th scope="col">Job class</th>
                  <th scope="col">DESE code</th>
                  <th scope="col">Function</th>
                  <th scope="col" className="num">
                    Employees updated
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.results.map((r) => (
                  <tr key={r.jobClass}>
                    <th scope="row">{r.jobClass}</th>
                    <td>{r.deseCode}</td>
                    <td>{r.deseName ?? ''}</td>
                    <td className="num">{count(r.employeesUpdated)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
