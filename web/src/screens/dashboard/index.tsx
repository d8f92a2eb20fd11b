import { useEffect, useMemo, useState } from 'react';
import {
  useBudgetSummary,
  useByBuilding,
  useByCategory,
  useEmployeeStats,
  useSalaryDistribution,
} from '@web/api/dashboard';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearOption } from '@web/budget-year/fiscal-year-choice';
import { Alert } from '@web/components/alert';
import { LeadToSetup, NoBudgetYear } from '@web/components/no-budget-year';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { PublishLag, StageLine } from '@web/components/stage-line';
import { BuildingCard } from '@web/components/budget-cards/building-card';
import { CategoryCard } from '@web/components/budget-cards/category-card';
import { HeadcountCard } from '@web/components/budget-cards/headcount-card';
import { cardStatus } from '@web/components/charts/chart-card';
import { COLOR_DISTRICT_WIDE } from '@web/components/charts/palette';
import { StaffingSection } from '@web/components/staffing-table';
import { useDashboardSettings } from './dashboard-settings';
import { yearState } from './year-state';
import { SalaryCards } from './salary-cards';
import { FundChoiceField, useFundChoiceParam } from '@web/components/fund-choice-field';
import { FUND_CHOICE_LABELS } from '@shared/schemas/fund-words';
import { DiagnosticsPanel } from './diagnostics-panel';
import { EmployeeCard } from './employee-card';
import { GapCard } from './gap-card';
import { NssCard } from './nss-card';
import { ActualsCard } from './actuals-card';
import { PerPupilCard } from './per-pupil-card';
import { UnmappedCodes } from './unmapped-codes';
import { ReviewCount } from './review-count';
import { GenerateProjections } from './generate-projections';
import { SettingsPanel } from './settings-panel';
import { budgetYearWords } from './year-heading';
import { countedWord, locationTitle, staffSourceCaption } from './staff-source';
import { ProjectedBanner } from './projected-banner';
import './dashboard.css';

/** More proposed lines than this suggests a duplicated or misdirected import. */
export const CLEANUP_THRESHOLD = 500;

/** One year before the current fiscal year, the current year, and five after. */
export function dashboardYears(current: number): number[] {
  return Array.from({ length: 7 }, (_, i) => current - 1 + i);
}

/**
 * The Budget Dashboard: where the selected budget year's budget stands against the town's guidance
 * and where the money goes, for one fiscal year. Every figure comes from SQL aggregates.
 */
export function DashboardScreen() {
  const { selected, isLoading, isUnavailable, budgetYears } = useBudgetYear();
  const settings = useDashboardSettings();
  const canProject = useCan('projections.write');
  const current = selected?.currentFiscalYear ?? null;
  const [fiscalYear, setFiscalYear] = useState<number | null>(current);
  const [showDiagnostics, setShowDiagnostics] = useState(false);
  const [showCalculation, setShowCalculation] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  // Every figure from lines follows it (the NSS meter counts each fund its own way and does not).
  const [funds, setFunds] = useFundChoiceParam();

  // A different budget year starts at its own current fiscal year.
  useEffect(() => {
    setFiscalYear(current);
  }, [selected?.id, current]);

  const years = useMemo(() => (current === null ? [] : dashboardYears(current)), [current]);
  const scope = selected && fiscalYear !== null ? { budgetYearId: selected.id, fiscalYear } : null;
  // The figures summed from lines, of the funds chosen (the stages, the meter and the rest are not).
  const figures = scope && { ...scope, funds };
  const summary = useBudgetSummary(figures);
  const stats = useEmployeeStats(figures);
  const categories = useByCategory(figures);
  const buildings = useByBuilding(figures);
  const salaries = useSalaryDistribution(figures);

  if (isLoading) {
    return <Spinner label="Loading budget years..." />;
  }
  if (isUnavailable || !selected || fiscalYear === null) {
    return (
      <>
        <PageHeader title="Budget Dashboard" />
        {!isUnavailable && budgetYears.length === 0 ? <LeadToSetup /> : null}
        <NoBudgetYear shows="its figures" />
      </>
    );
  }

  const fy = fiscalYearLabel(fiscalYear);
  const yearWords = budgetYearWords(fy, selected);
  const queries = [summary, stats, categories, buildings, salaries];
  const failed = queries.find((q) => q.isError);
  const money = (v: number) => settings.money(v);
  // The staff cards say what they count (employees, or a roster's positions), which is the year's
  // own: another year's answer, kept on screen while this one's loads, would title them wrongly
  // (QA: FY27's read 'Headcount by Location', then 'Positions by Location'), so until it comes they
  // say they are loading, under a title that guesses neither.
  const staff = stats.isPlaceholderData ? undefined : stats.data;
  // The header's note and the projected banner are the year's own too (QA: a year switch showed
  // the last year's 'projected figures' until the new year's came): neither until it comes.
  const yearSummary = summary.isPlaceholderData ? undefined : summary.data;
  const state = yearState(yearSummary, staff);
  const staffStatus = cardStatus({ data: staff, isError: stats.isError });
  const staffNote = staff ? staffSourceCaption(staff, fiscalYear) : null;

  return (
    <>
      <PageHeader
        title="Budget Dashboard"
        subtitle={
          <>
            <span className="badge badge--accent">{fy}</span>
            {yearWords ? ` ${yearWords}` : null} ·{' '}
            <span className="dash-funds">{FUND_CHOICE_LABELS[funds]}</span> · <StageLine scope={scope} />
            {state ? <span className="dash-notes"> · {state}</span> : null}
          </>
        }
      />
      <div className="screen-toolbar" role="toolbar" aria-label="Dashboard controls">
        <div className="field field--inline">
          <label htmlFor="dashboard-fiscal-year">Fiscal year</label>
          <Select
            id="dashboard-fiscal-year"
            value={String(fiscalYear)}
            onValueChange={(v) => setFiscalYear(Number(v))}
            options={years.map((y) => ({
              value: String(y),
              label: fiscalYearOption(y, current),
            }))}
          />
        </div>
        <FundChoiceField id="dashboard-funds" value={funds} onChange={setFunds} />
        <div className="screen-toolbar__actions">
          {canProject ? <GenerateProjections budgetYearId={selected.id} onError={setActionError} /> : null}
          <button
            type="button"
            className="btn btn--secondary"
            aria-expanded={showDiagnostics}
            onClick={() => setShowDiagnostics((v) => !v)}
          >
            {showDiagnostics ? 'Hide Data Diagnostics' : 'Show Data Diagnostics'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-expanded={showCalculation}
            onClick={() => setShowCalculation((v) => !v)}
          >
            {showCalculation ? 'Hide Budget Calculation' : 'Show Budget Calculation'}
          </button>
          <SettingsPanel api={settings} positions={staff?.source === 'roster'} />
        </div>
      </div>

      {actionError ? (
        <div className="page-message">
          <Alert>{actionError}</Alert>
        </div>
      ) : null}
      <PublishLag scope={scope} />
      {failed ? (
        <div className="page-message">
          <Alert title="Some dashboard figures could not be loaded">Reload the page to try again.</Alert>
        </div>
      ) : null}
      <ProjectedBanner stats={staff} fy={fy} />
      {(summary.data?.proposedCount ?? 0) > CLEANUP_THRESHOLD ? (
        <div className="page-message">
          <Alert
            variant="info"
            title={`${fy} has ${summary.data!.proposedCount.toLocaleString('en-US')} proposed lines`}
          >
            A proposed budget is usually a few hundred category lines. More than {CLEANUP_THRESHOLD} often
            means a file was imported twice or payroll detail went into the proposed budget: review the lines
            in the Proposed Budget Manager.
          </Alert>
        </div>
      ) : null}
      <UnmappedCodes scope={scope} />
      <ReviewCount budgetYearId={selected.id} />
      {showDiagnostics ? (
        <div className="page-message">
          <DiagnosticsPanel budgetYearId={selected.id} years={years} />
        </div>
      ) : null}

      {/* Each card says it is loading or could not load its own figures (cardStatus), never zeros. */}
      <div className="dash-grid" aria-busy={queries.some((q) => q.isFetching)}>
        {settings.shows('gap') ? (
          <GapCard
            fiscalYear={fiscalYear}
            summary={summary.data}
            showCalculation={showCalculation}
            money={money}
            status={cardStatus(summary)}
          />
        ) : null}
        {settings.shows('employees') ? (
          <EmployeeCard
            stats={staff}
            money={money}
            status={staffStatus}
            fiscalYear={fiscalYear}
            budgetYearId={selected.id}
          />
        ) : null}
        {settings.shows('nss') ? <NssCard scope={scope} unbudgeted={yearSummary?.noSalaryLine} /> : null}
        {settings.shows('perPupil') ? <PerPupilCard scope={figures} /> : null}
        {settings.shows('staffing') ? (
          <StaffingSection fiscalYear={fiscalYear} className="dash-wide" />
        ) : null}
        {settings.shows('actuals') ? <ActualsCard fiscalYear={current} /> : null}
        {settings.shows('categories') ? (
          <CategoryCard
            status={cardStatus(categories)}
            categories={(categories.data?.categories ?? []).map((c) => ({
              key: String(c.categoryId ?? 'none'),
              name: c.category,
              amount: c.total,
              count: c.count,
              color: c.color,
            }))}
            total={categories.data?.total ?? 0}
            money={money}
          />
        ) : null}
        {settings.shows('buildings') ? (
          <BuildingCard
            status={cardStatus(buildings)}
            buildings={(buildings.data?.buildings ?? []).map((b) => ({
              key: String(b.buildingId ?? 'district'),
              name: b.building,
              amount: b.total,
              count: b.count,
              color: b.buildingId === null ? COLOR_DISTRICT_WIDE : b.color,
            }))}
            total={buildings.data?.total ?? 0}
            money={money}
          />
        ) : null}
        {settings.shows('salaries') ? (
          <SalaryCards salaries={salaries.data} status={cardStatus(salaries)} fiscalYear={fiscalYear} />
        ) : null}
        {settings.shows('headcount') ? (
          <HeadcountCard
            status={staffStatus}
            // Drawn from the employee stats the dashboard already loads (the same counts
            // /line-items/headcount-by-location answers), so the page scans the payroll once.
            locations={[...(staff?.byBuilding ?? [])]
              .sort((a, b) => b.count - a.count || (b.total ?? 0) - (a.total ?? 0))
              .map((b) => ({
                key: String(b.buildingId ?? 'district'),
                location: b.building,
                count: b.count,
                totalSalary: b.total,
                fte: b.fte,
                muted: b.buildingId === null,
              }))}
            totalEmployees={staff?.totalEmployees ?? 0}
            totalSalary={staff ? staff.totalSalary : 0}
            totalFte={staff?.totalFte ?? 0}
            // A planned year counts the roster its salaries come from, a year with neither says so.
            title={locationTitle(staff)}
            counted={countedWord(staff)}
            note={staff?.source === 'roster' ? (staffNote ?? undefined) : undefined}
            emptyText={staff?.source === 'none' ? (staffNote ?? undefined) : undefined}
          />
        ) : null}
      </div>
    </>
  );
}
