import { VARIANCE_ALIGNED, VARIANCE_HIGHLIGHT, VARIANCE_LARGE } from '@shared/budget-math';
import { useEffect, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useBudgetComparison } from '@web/api/budget-comparison';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { GroupedBarChart } from '@web/components/charts/grouped-bar-chart';
import { COLOR_BUDGET } from '@web/components/charts/palette';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatMillions, formatMoney, formatMoneyTicks } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { ComparisonTable } from './comparison-table';
import { formatVariancePercent } from './flags';
import { SalaryBudgetButton } from './salary-budget-button';
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
  const total = data.totals[yearIndex];
  const personnel = data.personnelTotals[yearIndex];
  const labels = data.fiscalYears.map(fiscalYearLabel);
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
      <div className="kpis comparison-kpis">
        <div className="kpi">
          <span className="kpi__label">Operating (salaries)</span>
          <span className="kpi__value money">{formatMoney(total.operating)}</span>
        </div>
        <div className="kpi">
          <span className="kpi__label">Proposed</span>
          <span className="kpi__value money">{formatMoney(total.proposed)}</span>
        </div>
        <div className="kpi">
          <span className="kpi__label">Salary lines vs payroll</span>
          <span className="kpi__value money">
            {formatMoney(personnel.variance)}{' '}
            <span className="kpi__hint">{formatVariancePercent(personnel.variancePercent)}</span>
          </span>
        </div>
      </div>
      <section
        className="card card--flush comparison-card"
        aria-label={`Comparison for ${fiscalYearLabel(fiscalYear)}`}
      >
        <ComparisonTable data={data} yearIndex={yearIndex} />
      </section>
      <p className="field__hint comparison-legend">
        Variance is proposed minus operating, as a percent of operating. Within {VARIANCE_ALIGNED}% is
        Aligned; rows over {VARIANCE_HIGHLIGHT}% are highlighted; over {VARIANCE_LARGE}% is a Large Variance.
        Non-personnel categories have no operating side.
      </p>
      <ChartCard
        title="Six-Year View"
        subtitle={`${labels[0]} to ${labels[labels.length - 1]}, all categories`}
        chart={
          <GroupedBarChart
            label={`Grouped bar chart of operating and proposed totals by fiscal year: ${data.totals
              .map(
                (t, i) =>
                  `${labels[i]} operating ${formatMillions(t.operating)}, proposed ${formatMillions(t.proposed)}`,
              )
              .join('; ')}`}
            categories={labels}
            tickLabels={formatMoneyTicks}
            series={[
              {
                name: 'Operating',
                values: data.totals.map((t) => t.operating),
                color: '#0891b2',
                texts: data.totals.map((t) => formatMoney(t.operating)),
              },
              {
                name: 'Proposed',
                values: data.totals.map((t) => t.proposed),
                color: COLOR_BUDGET,
                texts: data.totals.map((t) => formatMoney(t.proposed)),
              },
            ]}
          />
        }
        table={
          <DataTable
            caption="Operating and proposed totals by fiscal year"
            rows={data.totals}
            rowKey={(t) => String(t.fiscalYear)}
            columns={[
              { header: 'Fiscal year', value: (t) => fiscalYearLabel(t.fiscalYear) },
              { header: 'Operating', value: (t) => formatMoney(t.operating), numeric: true },
              { header: 'Proposed', value: (t) => formatMoney(t.proposed), numeric: true },
              { header: 'Variance', value: (t) => formatMoney(t.variance), numeric: true },
              { header: 'Variance %', value: (t) => formatVariancePercent(t.variancePercent), numeric: true },
            ]}
          />
        }
      />
    </>
  );
}
