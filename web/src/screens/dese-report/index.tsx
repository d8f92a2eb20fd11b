import { useEffect, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useDeseReport, useDownloadDeseReport } from '@web/api/function-codes';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';
import { Alert } from '@web/components/alert';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { Button } from '@web/components/form/button';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { formatDateTime, formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { NssComputation } from './nss-computation';
import { ScheduleTable } from './schedule-table';
import { reportTitle } from './report-title';
import '@web/styles/report-print.css';
import './dese-report.css';
import { FiscalYearField } from '@web/components/fiscal-year-field';
import { StaffingSection } from '@web/components/staffing-table';

/**
 * The DESE Report: a fiscal year's budget by DESE function code, salaries and
 * other expenses, in the End-of-Year Report's Schedule 19 layout, with the net school spending
 * computation beneath. Every figure is the server's; the workbook it builds carries formulas.
 */
export function DeseReportScreen() {
  const { selected } = useBudgetYear();
  const listed = useFiscalYears(selected?.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const { years, fiscalYear } = fiscalYearChoice(selected ?? null, listed.data, chosen);
  useEffect(() => setChosen(null), [selected?.id]);
  const scope = selected && fiscalYear ? { budgetYearId: selected.id, fiscalYear } : null;
  const report = useDeseReport(scope);
  const download = useDownloadDeseReport();

  if (!selected || !scope) {
    return (
      <>
        <PageHeader title="DESE Report" />
        <NoBudgetYear shows="its budget by DESE function" />
      </>
    );
  }
  const fy = fiscalYearLabel(scope.fiscalYear);
  const data = report.data;
  return (
    <div className="dese-report print-report">
      <PageHeader
        title="DESE Report"
        subtitle={`${selected.name}: the budget by DESE function, as the End-of-Year Report's Schedule 19 lays it out.`}
      />
      <div className="screen-toolbar no-print" role="toolbar" aria-label="DESE report controls">
        <FiscalYearField id="dese-fiscal-year" years={years} value={scope.fiscalYear} onChange={setChosen} />
        <div className="screen-toolbar__actions">
          <Button
            variant="primary"
            disabled={!data}
            busy={download.isPending}
            busyLabel="Preparing..."
            onClick={() => download.mutate(scope)}
          >
            Download Excel
          </Button>
          <Button disabled={!data} onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      {download.isError ? (
        <div className="page-message no-print">
          <Alert title="The workbook could not be downloaded">{errorMessage(download.error, '')}</Alert>
        </div>
      ) : null}
      {report.isPending ? <Spinner label="Loading the report..." /> : null}
      {report.isError ? (
        <div className="page-message">
          <Alert title="Failed to load the report">{errorMessage(report.error, 'Reload the page.')}</Alert>
        </div>
      ) : null}
      {data ? (
        <div className="dese-report__body" aria-busy={report.isFetching}>
          <header className="dese-report__title">
            <h2>{reportTitle(selected.name, fy)}</h2>
            <p className="muted">Prepared {formatDateTime(data.generatedAt)}</p>
          </header>
          <section className="card dese-section" aria-label={`${fy} budget by function`}>
            <ScheduleTable report={data} fy={fy} />
            <p className="dese-check" data-testid="dese-check">
              {data.totals.total === data.dashboard.proposedBudget
                ? `Equals the Budget Dashboard's proposed budget, ${formatMoneyCents(data.dashboard.proposedBudget)} in ${data.dashboard.proposedCount.toLocaleString('en-US')} lines.`
                : `The Budget Dashboard shows ${formatMoneyCents(data.dashboard.proposedBudget)}: reload to see the same figures.`}{' '}
              {data.totals.payroll === null
                ? 'Employee payroll is shown only to administrators and finance staff: it is the pay of fewer than five people.'
                : `Employee payroll coded the same way, for reference: ${formatMoneyCents(data.totals.payroll)}.`}
            </p>
          </section>
          <NssComputation report={data} fy={fy} />
          <StaffingSection
            fiscalYear={scope.fiscalYear}
            title="Staffing by DESE function"
            initial="byFunction"
            className="dese-section"
          />
          {data.notes.length ? (
            <section className="dese-notes" aria-labelledby="dese-notes-title">
              <h2 id="dese-notes-title" className="dese-notes__title">
                Notes
              </h2>
              <ol>
                {data.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
