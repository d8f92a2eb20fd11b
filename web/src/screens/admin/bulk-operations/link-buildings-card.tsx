import type { BudgetYear } from '@web/api/budget-years';
import { useLinkBuildings, type LinkBuildingsResult } from '@web/api/bulk-update';
import { BulkControls, BulkOutcome, useBulkRun } from './bulk-run';

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
  const bulk = useBulkRun(
    useLinkBuildings(),
    'Failed to normalize buildings',
    (r) => `Linked ${count(r.totalLinked)} employee${r.totalLinked === 1 ? '' : 's'}`,
  );

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
      <BulkControls
        yearId="bo-link-year"
        years={years}
        fiscalYear={bulk.fiscalYear}
        onYearChange={bulk.chooseYear}
        pending={bulk.pending}
        actionLabel="Link Employees"
        onRun={(dryRun) => bulk.run({ budgetYearId: budgetYear.id, fiscalYear: bulk.fiscalYear, dryRun })}
      />
      <BulkOutcome
        error={bulk.error}
        result={bulk.result}
        summary={(result) => (
          <>
            <strong>
              {result.dryRun ? 'Would link' : 'Linked'} {count(result.totalLinked)} employee
              {result.totalLinked === 1 ? '' : 's'}
            </strong>
            ; {count(result.stillUnassigned)} without a building {result.dryRun ? 'would remain' : 'remain'}{' '}
            (District Wide).
          </>
        )}
        caption="Employees linked per building"
        headers={['Building', 'Code', 'Matched by', 'Employees linked']}
        rowKey={(r) => `${r.buildingId}-${r.method}`}
        cells={(r) => [
          r.buildingName,
          r.buildingCode ?? '',
          METHOD_LABELS[r.method],
          count(r.employeesLinked),
        ]}
      />
    </section>
  );
}
