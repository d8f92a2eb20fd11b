import { useMemo, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useStateFigures } from '@web/api/nss';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatMoney } from '@web/lib/format';
import { FiguresForm } from '@web/screens/admin/state-figures/figures-form';
import { ImportForm } from '@web/screens/admin/state-figures/import-form';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import '@web/screens/admin/state-figures/state-figures.css';
import { ScrollArea } from '@web/components/scroll-area';
import { ClosedYearNote, useClosedYearNotes } from '@web/components/year-lock';
import { numCol, TableHead } from '@web/components/table-head';

/**
 * State Figures: per fiscal year, the figures DESE publishes for the district and
 * the town's spending on the schools' behalf, entered here or imported from a CSV; they drive the
 * Net School Spending meter and spending per pupil by DESE's method.
 */
export function StateFiguresTab() {
  const { selected } = useBudgetYear();
  const list = useStateFigures();
  const current = selected?.currentFiscalYear ?? new Date().getFullYear();
  const [fiscalYear, setFiscalYear] = useState<number>(current);
  const figures = list.data?.figures;
  const closed = useClosedYearNotes();
  const years = useMemo(() => {
    const set = new Set<number>([
      current - 1,
      current,
      current + 1,
      current + 2,
      ...(figures ?? []).map((f) => f.fiscalYear),
    ]);
    return [...set].sort((a, b) => a - b);
  }, [current, figures]);
  if (list.isPending) {
    return <Spinner label="Loading state figures..." />;
  }
  if (list.isError) {
    return (
      <Alert title="Failed to load the state figures">
        {errorMessage(list.error, 'Please reload the page.')}
      </Alert>
    );
  }
  const entered = figures ?? [];
  return (
    <div className="state-figures-tab">
      <p className="muted">
        The figures DESE publishes for the district each year (Chapter 70 aid and required contribution, the
        foundation budget, the compliance report’s carry-forward) and the town’s spending on the schools’
        behalf. They drive the Net School Spending meter and per-pupil spending by DESE’s method.
      </p>
      {entered.length ? (
        <ScrollArea label="State figures entered">
          <table className="table table--compact">
            <caption className="table-caption">State figures entered</caption>
            <TableHead
              cols={[
                'Fiscal year',
                numCol('Foundation enrollment'),
                numCol('Foundation budget'),
                numCol('Required NSS'),
                numCol('Carry-forward'),
                'Updated by',
              ]}
            />
            <tbody>
              {entered.map((f) => (
                <tr key={f.fiscalYear}>
                  <th scope="row">{fiscalYearLabel(f.fiscalYear)}</th>
                  <td className="num">{f.foundationEnrollment.toLocaleString('en-US')}</td>
                  <td className="num">{formatMoney(f.foundationBudget)}</td>
                  <td className="num">{formatMoney(f.requiredNss)}</td>
                  <td className="num">{formatMoney(f.carryForward)}</td>
                  <td>{f.updatedBy ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : (
        <p>No state figures yet: the Net School Spending meter says ‘Enter the state figures to see NSS’.</p>
      )}
      <div className="field field--inline">
        <label htmlFor="sf-fiscal-year">Fiscal year</label>
        <Select
          id="sf-fiscal-year"
          value={String(fiscalYear)}
          onValueChange={(v) => setFiscalYear(Number(v))}
          options={years.map((y) => ({
            value: String(y),
            label: `${fiscalYearLabel(y)}${entered.some((f) => f.fiscalYear === y) ? '' : ' (none yet)'}`,
          }))}
        />
      </div>
      {closed.has(fiscalYear) ? (
        <ClosedYearNote message={closed.get(fiscalYear)!} />
      ) : (
        <FiguresForm fiscalYear={fiscalYear} figures={entered.find((f) => f.fiscalYear === fiscalYear)} />
      )}
      <ImportForm />
    </div>
  );
}
