import { PositionsChanged } from './positions-changed';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '@web/api/client';
import { useBudgetStages, type StageEvent } from '@web/api/budget-stages';
import { useDistrictName } from '@web/api/budget-years';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useDownloadComparison, useStageComparison, type CompareParams } from '@web/api/stage-compare';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { Button } from '@web/components/form/button';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { longDate } from '@shared/schemas/budget-stages';
import { CURRENT, CURRENT_LABEL, SAME_STAGE_MESSAGE } from '@shared/schemas/budget-stages-compare';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { BreakdownTable, LinesTable, SummaryTable } from './report';
import '@web/styles/report-print.css';
import './stage-compare.css';
import { FiscalYearField } from '@web/components/fiscal-year-field';
import { StaffingSection } from '@web/components/staffing-table';
import { FundChoiceField, useFundChoiceParam } from '@web/components/fund-choice-field';

type Side = number | typeof CURRENT;

const sideOf = (raw: string | null, allowed: readonly Side[]): Side | null => {
  if (raw === null) {
    return null;
  }
  const side: Side = raw === CURRENT ? CURRENT : Number(raw);
  return allowed.includes(side) ? side : null;
};

const stageOption = (e: StageEvent) => ({
  value: String(e.id),
  label: `${e.stageLabel}, ${longDate(e.date)}`,
});

/**
 * What changed between two budget stages, and why (GFOA asks for what changed
 * between the proposed and the adopted budget): the totals, by category, DESE function and
 * building, and every changed line with its reason, for the budget year chosen in the header and
 * one of its fiscal years. Exported to Excel by the server; printed on US Letter for the school
 * committee's packet (stage-compare.css).
 */
export function StageCompareScreen() {
  const { selected } = useBudgetYear();
  const districtName = useDistrictName();
  const [params, setParams] = useSearchParams();
  const [funds, setFunds] = useFundChoiceParam();
  const listed = useFiscalYears(selected?.id);
  const chosenYear = params.get('fiscalYear') ? Number(params.get('fiscalYear')) : null;
  const { years, fiscalYear } = fiscalYearChoice(selected ?? null, listed.data, chosenYear);
  const scope = selected && fiscalYear ? { budgetYearId: selected.id, fiscalYear } : null;
  const stages = useBudgetStages(scope);
  const advances = useMemo(
    () => (stages.data?.events ?? []).filter((e) => e.event === 'advance'),
    [stages.data],
  );
  const allowed: Side[] = [...advances.map((e) => e.id), CURRENT];
  // By default the latest stage against today's working figures.
  const from = sideOf(params.get('from'), allowed) ?? advances.at(-1)?.id ?? null;
  const to = sideOf(params.get('to'), allowed) ?? CURRENT;
  const compare: CompareParams | null = scope && from !== null ? { ...scope, from, to, funds } : null;
  const comparison = useStageComparison(compare);
  const exportXlsx = useDownloadComparison();

  const set = (changes: Record<string, string>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      Object.entries(changes).forEach(([k, v]) => next.set(k, v));
      return next;
    });
  const options = [...advances.map(stageOption), { value: CURRENT, label: CURRENT_LABEL }];
  const header = (
    <PageHeader
      title="Stage Comparison"
      subtitle="What changed between two budget stages, or a stage and today's working figures, and why."
      actions={
        <Link
          to={fiscalYear ? `/budget-stages?fiscalYear=${fiscalYear}` : '/budget-stages'}
          className="btn btn--secondary no-print"
        >
          Budget Stages
        </Link>
      }
    />
  );

  if (!selected || !scope) {
    return (
      <div className="stage-compare print-report">
        {header}
        <NoBudgetYear shows="its stages compared" />
      </div>
    );
  }
  const data = comparison.data;
  const same = from !== null && from === to;
  return (
    <div className="stage-compare print-report">
      {header}
      <div className="compare-controls no-print" role="group" aria-label="Stages to compare">
        <FiscalYearField
          id="compare-fiscal-year"
          inline={false}
          years={years}
          value={scope.fiscalYear}
          // Another year's stages are its own: the sides start again; the fund choice stays.
          onChange={(y) => setParams({ fiscalYear: String(y), ...(funds === 'general' ? { funds } : {}) })}
        />
        <FundChoiceField id="compare-funds" inline={false} value={funds} onChange={setFunds} />
        {advances.length ? (
          <>
            <div className="field">
              <label htmlFor="compare-from">From</label>
              <Select
                id="compare-from"
                value={String(from)}
                onValueChange={(v) => set({ fiscalYear: String(fiscalYear), from: v, to: String(to) })}
                options={options}
              />
            </div>
            <div className="field">
              <label htmlFor="compare-to">To</label>
              <Select
                id="compare-to"
                value={String(to)}
                onValueChange={(v) => set({ fiscalYear: String(fiscalYear), from: String(from), to: v })}
                options={options}
              />
            </div>
            <div className="compare-controls__actions">
              <Button
                onClick={() => compare && exportXlsx.mutate(compare)}
                busy={exportXlsx.isPending}
                busyLabel="Exporting..."
                disabled={!data}
              >
                Export to Excel
              </Button>
              <Button onClick={() => window.print()} disabled={!data}>
                Print
              </Button>
            </div>
          </>
        ) : null}
      </div>
      {exportXlsx.isError ? (
        <div className="page-message no-print">
          <Alert title="Export failed">{errorMessage(exportXlsx.error, 'Try again.')}</Alert>
        </div>
      ) : null}
      {stages.isPending ? <Spinner label="Loading the budget stages..." /> : null}
      {stages.data && !advances.length ? (
        <EmptyState title={`No stage recorded for ${fiscalYearLabel(scope.fiscalYear)} yet`}>
          <p>
            Once the year moves to the superintendent&apos;s recommendation on{' '}
            <Link to="/budget-stages">Budget Stages</Link>, its figures can be compared here.
          </p>
        </EmptyState>
      ) : null}
      {same ? (
        <div className="page-message">
          <Alert variant="info">{SAME_STAGE_MESSAGE}.</Alert>
        </div>
      ) : null}
      {comparison.isError ? (
        <div className="page-message">
          <Alert title="Failed to load the comparison">
            {errorMessage(comparison.error, 'Reload the page.')}
          </Alert>
        </div>
      ) : null}
      {compare && !same && comparison.isPending ? <Spinner label="Comparing..." /> : null}
      {data && !same ? (
        <article className="compare-report" aria-label="Stage comparison">
          <header className="compare-report__head">
            <p className="compare-report__district">{districtName}</p>
            <p className="compare-report__title">
              {fiscalYearLabel(data.fiscalYear)} budget (budget year {data.budgetYear}): what changed, and why
            </p>
            <p className="compare-report__sides">
              From <strong>{data.from.label}</strong> to <strong>{data.to.label}</strong>
            </p>
            <p className="compare-report__funds">{data.fundsLabel}</p>
            <p className="compare-report__counts">
              {data.lineCounts.changed === 1 ? '1 line' : `${data.lineCounts.changed} lines`} changed,{' '}
              {data.lineCounts.added} added, {data.lineCounts.removed} removed, {data.lineCounts.unchanged}{' '}
              unchanged
            </p>
          </header>
          <SummaryTable data={data} />
          <BreakdownTable
            id="compare-category"
            title="By category"
            first="Category"
            rows={data.byCategory}
            data={data}
          />
          <BreakdownTable
            id="compare-function"
            title="By DESE function"
            first="DESE function"
            rows={data.byFunction}
            data={data}
          />
          <BreakdownTable
            id="compare-building"
            title="By building"
            first="Building"
            rows={data.byBuilding}
            data={data}
          />
          {data.linesListed === 'none' ? (
            // The server lists lines (they carry salaries) only to ADMIN and FINANCE.
            <p className="compare-report__note" data-testid="compare-lines-withheld">
              Line-by-line changes list employees&apos; salaries and are shown to finance staff only.
            </p>
          ) : (
            <>
              <LinesTable
                id="compare-proposed-lines"
                title="Proposed budget lines"
                lines={data.lines.filter((l) => l.kind === 'proposed')}
              />
              <LinesTable
                id="compare-employee-lines"
                title="Employee lines"
                lines={data.lines.filter((l) => l.kind === 'employee')}
              />
            </>
          )}
          <PositionsChanged data={data} />
        </article>
      ) : null}
      <StaffingSection
        fiscalYear={scope.fiscalYear}
        title="Staffing against last year and the last stage"
        className="compare-staffing"
      />
    </div>
  );
}
