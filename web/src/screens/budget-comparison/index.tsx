import { VARIANCE_ALIGNED, VARIANCE_HIGHLIGHT, VARIANCE_LARGE } from '@shared/budget-math';
import { useEffect, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useBudgetComparison } from '@web/api/budget-comparison';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { countOf, formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { ComparisonTable } from './comparison-table';
import { varianceDollars, formatVariancePercent } from './flags';
import { isEmpty, MissingTotals } from './missing-lines';
import { SalaryBudgetButton } from './salary-budget-button';
import { SixYearView } from './six-year-view';
import { comparisonDollars } from './whole-dollars';
import './budget-comparison.css';

/**
 * Budget Comparison: the operating budget (employee salaries) against the proposed budget, per
 * category, for one of the six fiscal years from the budget year's base year.
 */
export function BudgetComparisonScreen() {
  const { selected } = useBudgetYear();
  const comparison = useBudgetComparison(selected?.id ?? null);
  const canReconcile = useCan('reconciliation.write');
  const [yearIndex, setYearIndex] = useState(0);
  useEffect(() => setYearIndex(0), [selected?.id]);

  const header = (
    <PageHeader
      title="Budget Comparison"
      subtitle="The operating budget (employee salaries) against the proposed budget, category by category."
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
  if (comparison.isPending) {
    return (
      <>
        {header}
        <Spinner label="Loading the comparison..." />
      </>
    );
  }
  if (comparison.isError) {
    return (
      <>
        {header}
        <Alert title="Failed to load the comparison">
          {errorMessage(comparison.error, 'Please reload the page.')}
        </Alert>
      </>
    );
  }
  const data = comparison.data;
  const fiscalYear = data.fiscalYears[yearIndex];
  const personnel = data.personnelTotals[yearIndex];
  const total = data.totals[yearIndex];
  const fy = fiscalYearLabel(fiscalYear);
  // The cards show the table's own Total and Personnel subtotal figures; a year with no line, what is
  // missing instead (its $0 read as a budget of nothing).
  const dollars = comparisonDollars(data, yearIndex);
  return (
    <>
      {header}
      <div className="comparison-toolbar">
        <div className="field field--inline">
          <label htmlFor="comparison-year">Fiscal year</label>
          <Select
            id="comparison-year"
            value={String(yearIndex)}
            onValueChange={(v) => setYearIndex(Number(v))}
            options={data.fiscalYears.map((y, i) => ({ value: String(i), label: fiscalYearLabel(y) }))}
          />
        </div>
        {canReconcile ? <SalaryBudgetButton budgetYearId={selected.id} fiscalYear={fiscalYear} /> : null}
      </div>
      {isEmpty(total) ? (
        <MissingTotals data={data} yearIndex={yearIndex} />
      ) : (
        <div className="kpis comparison-kpis">
          <div className="kpi">
            <span className="kpi__label">Operating (salaries)</span>
            <span className="kpi__value money">{formatMoney(dollars.total.operating)}</span>
            {/* What each card sums, in the server's own counts: the figures alone read as other
              screens' salary totals (Positions' next-year cost, the Employee Manager's). */}
            <span className="kpi__hint">
              Current salaries of {countOf(total.operatingCount, 'employee line')}, {fy}
            </span>
          </div>
          <div className="kpi">
            <span className="kpi__label">Proposed</span>
            <span className="kpi__value money">{formatMoney(dollars.total.proposed)}</span>
            <span className="kpi__hint">
              {countOf(total.proposedCount, 'proposed budget line')} of {fy}, all categories
            </span>
          </div>
          <div className="kpi">
            <span className="kpi__label">Salary lines vs payroll</span>
            <span className="kpi__value money">
              {varianceDollars(dollars.personnel.variance)}{' '}
              <span className="kpi__hint">{formatVariancePercent(personnel.variancePercent)}</span>
            </span>
            <span className="kpi__hint">
              {countOf(personnel.proposedCount, 'proposed personnel line')} less the current salaries of{' '}
              {countOf(personnel.operatingCount, 'employee line')} in personnel categories
            </span>
          </div>
        </div>
      )}
      <section
        className="card card--flush comparison-card"
        aria-label={`Comparison for ${fiscalYearLabel(fiscalYear)}`}
      >
        <ComparisonTable data={data} yearIndex={yearIndex} dollars={dollars} />
      </section>
      <p className="field__hint comparison-legend">
        Variance is proposed minus operating, as a percent of operating. Within {VARIANCE_ALIGNED}% is
        Aligned; rows over {VARIANCE_HIGHLIGHT}% are highlighted; over {VARIANCE_LARGE}% is a Large Variance.
        Non-personnel categories have no operating side. Whole dollars are rounded together, so the rows add
        up to the subtotal and the total.
      </p>
      <SixYearView data={data} />
    </>
  );
}
