import { useState } from 'react';
import type { BudgetYear } from '@web/api/budget-years';
import { useLinkBuildings, type LinkBuildingsResult } from '@web/api/bulk-update';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { YearChoice } from './year-choice';

const METHOD_LABELS: Record<LinkBuildingsResult['results'][number]['method'], string> = {
  code: 'Location code',
  name: 'Building name',
  'name-prefix': 'Start of building name',
};

const count = (n: number) => n.toLocaleString('en-US');

/** Links employees without a building, previewing first; the result lists each building and how. */
export function LinkBuildingsCard({
  budgetYear,
  years,
}: {
  budgetYear: BudgetYear;
  years: readonly number[];
}) {
  const link = useLinkBuildings();
  const [fiscalYear, setFiscalYear] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<LinkBuildingsResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (dryRun: boolean) => {
    setError(null);
    link.mutate(
      { budgetYearId: budgetYear.id, fiscalYear, dryRun },
      {
        onSuccess: setResult,
        onError: (err) => setError(errorMessage(err, 'Failed to normalize buildings')),
      },
    );
  };

  return (
    <section className="bo-card" aria-labelledby="bo-link-title">
      <h3 id="bo-link-title">Link Employees to Buildings</h3>
      <p>Employees imported without a building are matched, in this order:</p>
      <ol className="bo-rules">
        <li>their location code is a building&apos;s code (MHS);</li>
        <li>
          their location or department is a building&apos;s name, ignoring case, punctuation and abbreviations
          (Millbrook HS = Millbrook High School);
        </li>
        <li>
          their location code is the first word(s) of exactly one building&apos;s name (HILLSIDE = Hillside
          Elementary School).
        </li>
      </ol>
      <p>Anything unclear is left alone and stays District Wide.</p>
      <div className="bo-controls">
        <YearChoice
          id="bo-link-year"
          years={years}
          value={fiscalYear}
          onChange={(y) => {
            setFiscalYear(y);
            setResult(null);
          }}
        />
        <button
          type="button"
          className="btn btn--secondary"
          disabled={link.isPending}
          onClick={() => run(true)}
        >
          Preview
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={link.isPending}
          onClick={() => run(false)}
        >
          {link.isPending ? 'Working...' : 'Link Employees'}
        </button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {result ? (
        <div className="bo-result" role="status">
          <p>
            <strong>
              {result.dryRun ? 'Would link' : 'Linked'} {count(result.totalLinked)} employee
              {result.totalLinked === 1 ? '' : 's'}
            </strong>
            ; {count(result.stillUnassigned)} without a building {result.dryRun ? 'would remain' : 'remain'}{' '}
            (District Wide).
          </p>
          {result.results.length ? (
            <table className="table">
              <caption className="visually-hidden">Employees linked per building</caption>
              <thead>
                <tr>
                  <th scope="col">Building</th>
                  <th scope="col">Code</th>
                  <th scope="col">Matched by</th>
                  <th scope="col" className="num">
                    Employees linked
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.results.map((r) => (
                  <tr key={`${r.buildingId}-${r.method}`}>
                    <th scope="row">{r.buildingName}</th>
                    <td>{r.buildingCode ?? ''}</td>
                    <td>{METHOD_LABELS[r.method]}</td>
                    <td className="num">{count(r.employeesLinked)}</td>
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
