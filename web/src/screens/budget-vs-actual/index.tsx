import { useEffect, useMemo, useState } from 'react';
import { LEDGER_GROUPING_LABELS, LEDGER_GROUPINGS, type LedgerGrouping } from '@shared/schemas/ledger';
import { ledgerPeriodText } from '@shared/schemas/ledger-import';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { ALL_FUNDS, useLedgerReport, useLedgerImports, type LedgerReport } from '@web/api/ledger';
import { errorMessage } from '@web/api/client';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/format';
import { ExportReportButton } from './export-report';
import { inSentence } from './figures';
import { Kpis } from './kpis';
import { FundTotals } from './fund-totals';
import { GroupsTable } from './groups-table';
import { Pager } from './pager';
import { Unmatched } from './unmatched';
import { UnmatchedFund } from './unmatched-fund';
import './budget-vs-actual.css';
import { LEDGER_IMPORT_PLACE } from '@web/lib/directions';

const SUBTITLE =
  'the budget against what the ledger says was spent and committed so far, with the year-end at the current rate.';

/**
 * The fund choices: every fund, the general fund, then each other fund by id, from the funds a
 * report lists (any report lists every fund); the one chosen stays listed while a report loads.
 */
function fundOptions(report: LedgerReport | undefined, chosen: string) {
  const funds = report?.fundTotals ?? [];
  const general = funds.find((f) => f.kind === 'general');
  const options = [
    { value: ALL_FUNDS, label: 'All funds' },
    { value: 'general', label: general ? `General fund: ${general.name} (${general.code})` : 'General fund' },
    ...funds
      .filter((f) => f.kind !== 'general')
      .map((f) => ({ value: String(f.fundId), label: `${f.name} (${f.code})` })),
  ];
  return options.some((o) => o.value === chosen) ? options : [...options, { value: chosen, label: chosen }];
}

/**
 * Budget vs Actual: a fiscal year's budget (its proposed lines, and the ledger's
 * revised budget) against what the ledger says was expended and encumbered, by category, DESE
 * function, building or account, for every fund, the general fund or one fund (the ledger's fund
 * segment), with the projected year-end at the current rate and the rows over budget flagged. A
 * group opens onto its accounts; each fund's totals and what matches nothing are listed below.
 */
export function BudgetVsActualScreen() {
  const { selected } = useBudgetYear();
  const years = useFiscalYears(selected?.id);
  const imports = useLedgerImports(undefined);
  const [fiscalYear, setFiscalYear] = useState<number | null>(null);
  const [by, setBy] = useState<LedgerGrouping>('category');
  // Every fund unless chosen: what the report always summed (the API's default too).
  const [fund, setFund] = useState<string>(ALL_FUNDS);
  // The page of groups shown (a view by account has a group per account of the ledger).
  const [rowsOffset, setRowsOffset] = useState(0);
  useEffect(
    () => setFiscalYear(selected?.currentFiscalYear ?? null),
    [selected?.id, selected?.currentFiscalYear],
  );
  useEffect(() => setRowsOffset(0), [fiscalYear, by, fund]);
  const report = useLedgerReport(fiscalYear, by, fund, rowsOffset);

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
    return [...all].sort((a, b) => a - b).map((y) => ({ value: String(y), label: fiscalYearLabel(y) }));
  }, [years.data, imports.data, fiscalYear]);

  const header = (
    <PageHeader
      title="Budget vs Actual"
      subtitle={
        report.data
          ? `${report.data.fund.label}: ${SUBTITLE}`
          : `${SUBTITLE[0].toUpperCase()}${SUBTITLE.slice(1)}`
      }
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
        <div className="field field--inline">
          <label htmlFor="bva-fund">Fund</label>
          <Select
            id="bva-fund"
            value={fund}
            onValueChange={setFund}
            options={fundOptions(report.data, fund)}
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
              : `No ledger imported for ${fiscalYearLabel(data.fiscalYear)} yet: the ledger's figures read — (No ledger) until an administrator imports it under ${LEDGER_IMPORT_PLACE}.`}{' '}
            {data.budgetSource
              ? `Budget: the ${data.budgetSource.lineCount} proposed lines of budget year ${data.budgetSource.budgetYear}${data.fund.scope === 'all' ? '' : ` that ${data.fund.label} pays`}.`
              : 'No budget year holds proposed lines for this year.'}
            {data.unmatchedFund.accountCount
              ? ` ${data.unmatchedFund.accountCount} ledger account${data.unmatchedFund.accountCount === 1 ? '' : 's'} name no fund: listed under By fund${data.fund.scope === 'all' ? '' : ', and counted in All funds only'}.`
              : ''}
          </p>
          <Kpis report={data} />
          <section
            className="card card--flush bva-card"
            aria-label={`By ${inSentence(LEDGER_GROUPING_LABELS[by])}`}
          >
            <GroupsTable key={`${data.fiscalYear}-${data.by}-${data.rowsPage.offset}`} report={data} />
          </section>
          <Pager page={data.rowsPage} what="Rows" onOffset={setRowsOffset} />
          <p className="field__hint bva-legend">
            {data.projectionRule} Over budget: expended plus encumbered beyond the revised budget. Projected
            over: the projected year-end beyond it. {data.matchRule}
            {data.payWithheld ? ` ${data.payWithheld}` : null}
          </p>
          <FundTotals report={data} />
          <UnmatchedFund report={data} />
          <Unmatched report={data} />
        </>
      ) : null}
    </>
  );
}
