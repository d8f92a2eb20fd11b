import { useEffect, useState } from 'react';
import { amountOrWithheld } from '@shared/schemas/dese-report';
import { FUND_MESSAGES } from '@shared/schemas/funds';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { ledgerPeriodText } from '@shared/schemas/ledger-import';
import { errorMessage } from '@web/api/client';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useFundsReport, type FundsReport } from '@web/api/funds-report';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';
import { Alert } from '@web/components/alert';
import { ExportButton } from '@web/components/export-button';
import { FiscalYearField } from '@web/components/fiscal-year-field';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { countOf, formatMoneyCents as formatMoney } from '@web/lib/format';
import { FundBreakdown } from './fund-breakdown';
import { FundsReportTable, signedMoney } from './report-table';
import { fundBreakdownSheet, fundsReportSheet } from './workbook';
import './funds-report.css';
import { LEDGER_IMPORT_PLACE } from '@web/lib/directions';

const TITLE = 'Budget of All Funds';

/** Where the year before's actual comes from, and what no fund's row holds. */
function ledgerNote(data: FundsReport, previousFy: string): string {
  const l = data.previousLedger;
  if (!l) {
    return `No ledger is imported for ${previousFy}: its actual spending shows as 'No ledger' (an administrator imports it under ${LEDGER_IMPORT_PLACE}).`;
  }
  const base = `${previousFy} actual: what the ${previousFy} ledger (${ledgerPeriodText(l.period)}, ${l.fileName}) says each fund's accounts expended, by their fund segment.`;
  return l.unmatchedAccountCount
    ? `${base} ${formatMoney(l.unmatchedExpended)} expended on ${countOf(l.unmatchedAccountCount, 'account')} whose fund segment names no fund is in no fund's row (Budget vs Actual lists them).`
    : base;
}

/**
 * The budget of all funds, as a school business manager presents it to the school committee: each
 * fund (the general fund appropriation, grants, revolving funds, the Circuit Breaker) with this
 * year's budget beside last year's, every fund together beside the general fund the town votes.
 * It opens on the header's budget year and its current fiscal year, as the DESE Report does.
 */
export function FundsReportScreen() {
  const { selected } = useBudgetYear();
  const listed = useFiscalYears(selected?.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const { years, fiscalYear } = fiscalYearChoice(selected ?? null, listed.data, chosen);
  // Another budget year has fiscal years of its own: start again from its current one.
  useEffect(() => setChosen(null), [selected?.id]);
  const report = useFundsReport(selected?.id ?? null, fiscalYear ?? null);

  if (!selected || !fiscalYear) {
    return (
      <>
        <PageHeader title={TITLE} />
        <NoBudgetYear shows="the budgets of its funds" />
      </>
    );
  }
  const fy = fiscalYearLabel(fiscalYear);
  const previousFy = fiscalYearLabel(fiscalYear - 1);
  const data = report.data;
  const overAward = data?.funds.filter((f) => f.overAward) ?? [];
  return (
    <div className="funds-report">
      <PageHeader
        title={TITLE}
        subtitle={`Every fund's budget beside last year's budget and actual spending, and all funds together beside the general fund the town votes. ${fy} is the proposed budget's lines by the fund that pays them; ${previousFy} is that year's own budget, and its actual what its ledger says each fund spent.`}
      />
      <div className="screen-toolbar" role="toolbar" aria-label="Budget of all funds controls">
        <FiscalYearField
          id="funds-report-fiscal-year"
          years={years}
          value={fiscalYear}
          onChange={setChosen}
        />
        {data ? (
          <div className="screen-toolbar__actions">
            <ExportButton
              sheets={() => [
                fundsReportSheet(data, selected.name ?? selected.fiscalYear, fy, previousFy),
                fundBreakdownSheet(data, fy),
              ]}
              fileName={`${fy}-budget-of-all-funds.xlsx`}
            />
          </div>
        ) : null}
      </div>
      {report.isPending ? <Spinner label="Loading the budget of all funds..." /> : null}
      {report.isError ? (
        <div className="funds-report__message">
          <Alert title="Failed to load the budget of all funds">
            {errorMessage(report.error, 'Reload the page.')}
          </Alert>
        </div>
      ) : null}
      {data ? (
        <div className="funds-report__body" aria-busy={report.isFetching}>
          {overAward.map((f) => (
            <Alert key={f.fundId}>
              {FUND_MESSAGES.overAward(f.name, amountOrWithheld(f.budget), formatMoney(f.awardAmount))}
            </Alert>
          ))}
          <dl className="funds-report__kpis">
            <div className="funds-report__kpi funds-report__kpi--general" data-testid="funds-report-general">
              <dt>General fund appropriation</dt>
              <dd className="money">{amountOrWithheld(data.generalFund.budget)}</dd>
              <dd className="funds-report__kpi-note">
                What the town votes; {signedMoney(data.generalFund.change)} from {previousFy}
              </dd>
            </div>
            <div className="funds-report__kpi" data-testid="funds-report-all">
              <dt>All funds</dt>
              <dd className="money">{formatMoney(data.allFunds.budget)}</dd>
              <dd className="funds-report__kpi-note">
                {countOf(data.funds.length, 'fund')}, {countOf(data.allFunds.lineCount, 'line')};{' '}
                {signedMoney(data.allFunds.change)} from {previousFy}
              </dd>
            </div>
          </dl>
          <section className="card card--flush" aria-label={`${fy} budget of all funds`}>
            <FundsReportTable report={data} fy={fy} previousFy={previousFy} />
          </section>
          <p className="field__hint" data-testid="funds-report-ledger">
            {ledgerNote(data, previousFy)}
          </p>
          <FundBreakdown report={data} fy={fy} />
          {data.notes.map((n) => (
            <p key={n} className="field__hint" data-testid="funds-report-note">
              {n}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
