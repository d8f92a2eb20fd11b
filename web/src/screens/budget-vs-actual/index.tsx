import { useEffect, useMemo, useState } from 'react';
import { LEDGER_GROUPING_LABELS, LEDGER_GROUPINGS, type LedgerGrouping } from '@shared/schemas/ledger';
import { ledgerPeriodText } from '@shared/schemas/ledger-import';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { useLedgerReport, useLedgerImports } from '@web/api/ledger';
import { errorMessage } from '@web/api/client';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { ExportReportButton } from './export-report';
import { percentText } from './figures';
import { GroupsTable } from './groups-table';
import { Pager } from './pager';
import { Unmatched } from './unmatched';
import './budget-vs-actual.css';

/**
 * Budget vs Actual: a fiscal year's budget (its proposed lines, and the ledger's
 * revised budget) against what the ledger says was expended and encumbered, by category, DESE
 * function, building or account, with the projected year-end at the current rate and the rows
 * over budget flagged. A group opens onto its accounts; what matches nothing is listed below.
 */
export function BudgetVsActualScreen() {
  const { selected } = useBudgetYear();
  const years = useFiscalYears(selected?.id);
  const imports = useLedgerImports(undefined);
  const [fiscalYear, setFiscalYear] = useState<number | null>(null);
  const [by, setBy] = useState<LedgerGrouping>('category');
  // The page of groups shown (a view by account has a group per account of the ledger).
  const [rowsOffset, setRowsOffset] = useState(0);
  useEffect(
    () => setFiscalYear(selected?.currentFiscalYear ?? null),
    [selected?.id, selected?.currentFiscalYear],
  );
  useEffect(() => setRowsOffset(0), [fiscalYear, by]);
  const report = useLedgerReport(fiscalYear, by, rowsOffset);

  const yearOptions = useMemo(() => {
    const all = new Set<number>(years.data?.fiscalYears ?? []);
    for (const i of imports.data?.imports ?? []) {
      if (i.isCurrent) {
        all.add(i.fiscalYear);
      }
    }
    if (fiscalYear !== null) {
      all.add(fiscalYear);
    }
    return [...all].sort((a, b) => a - b).map((y) => ({ value: String(y), label: `FY${y}` }));
  }, [years.data, imports.data, fiscalYear]);

  const header = (
    <PageHeader
      title="Budget vs Actual"
      subtitle="The budget against what the ledger says was spent and committed so far, with the year-end at the current rate."
      actions={report.data ? <ExportReportButton report={report.data} /> : null}
    />
  );
  if (!selected) {
    return (
      <>
        {header}
        <EmptyState title="No budget year selected" />
      </>
    );
  }
  const data = report.data;
  return (
    <>
      {header}
      <div className="bva-toolbar">
        <div className="field field--inline">
          <label htmlFor="bva-year">Fiscal year</label>
          <Select
            id="bva-year"
            value={fiscalYear === null ? '' : String(fiscalYear)}
            onValueChange={(v) => setFiscalYear(Number(v))}
            options={yearOptions}
          />
        </div>
        <div className="field field--inline">
          <label htmlFor="bva-by">Group by</label>
          <Select
            id="bva-by"
            value={by}
            onValueChange={(v) => setBy(v as LedgerGrouping)}
            options={LEDGER_GROUPINGS.map((g) => ({ value: g, label: LEDGER_GROUPING_LABELS[g] }))}
          />
        </div>
      </div>
      {report.isPending ? <Spinner label="Loading budget vs actual..." /> : null}
      {report.isError ? (
        <Alert title="Failed to load budget vs actual">
          {errorMessage(report.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      {data ? (
        <>
          <p className="bva-source" role="status">
            {data.ledger
              ? `${fiscalYearLabel(data.fiscalYear)} ledger at ${ledgerPeriodText(data.ledger.period)} (${data.ledger.fileName}, imported ${formatDateTime(data.ledger.importedAt)}${data.ledger.importedBy ? ` by ${data.ledger.importedBy}` : ''}).`
              : `No ledger imported for ${fiscalYearLabel(data.fiscalYear)} yet: an administrator imports it under Admin Panel → CSV Import → Ledger (actuals).`}{' '}
            {data.budgetSource
              ? `Budget: the ${data.budgetSource.lineCount} proposed lines of budget year ${data.budgetSource.budgetYear}.`
              : 'No budget year holds proposed lines for this year.'}
          </p>
          <dl className="bva-kpis">
            <div className="bva-kpi">
              <dt>Budget (proposed)</dt>
              <dd className="money">{formatMoney(data.totals.budget)}</dd>
            </div>
            <div className="bva-kpi">
              <dt>Revised budget</dt>
              <dd className="money">{formatMoney(data.totals.revisedBudget)}</dd>
            </div>
            <div className="bva-kpi">
              <dt>Expended</dt>
              <dd className="money">{formatMoney(data.totals.expended)}</dd>
            </div>
            <div className="bva-kpi">
              <dt>Encumbered</dt>
              <dd className="money">{formatMoney(data.totals.encumbered)}</dd>
            </div>
            <div className="bva-kpi">
              <dt>Available</dt>
              <dd className="money">{formatMoney(data.totals.available)}</dd>
            </div>
            <div className="bva-kpi">
              <dt>Used</dt>
              <dd className="num">{percentText(data.totals.percentUsed)}</dd>
            </div>
            <div className="bva-kpi">
              <dt>Projected year-end</dt>
              <dd className="money">{formatMoney(data.totals.projectedYearEnd)}</dd>
            </div>
          </dl>
          <section
            className="card card--flush bva-card"
            aria-label={`By ${LEDGER_GROUPING_LABELS[by].toLowerCase()}`}
          >
            <GroupsTable key={`${data.fiscalYear}-${data.by}-${data.rowsPage.offset}`} report={data} />
          </section>
          <Pager page={data.rowsPage} what="Rows" onOffset={setRowsOffset} />
          <p className="field__hint bva-legend">
            {data.projectionRule} Over budget: expended plus encumbered beyond the revised budget. Projected
            over: the projected year-end beyond it. {data.matchRule}
          </p>
          <Unmatched report={data} />
        </>
      ) : null}
    </>
  );
}
