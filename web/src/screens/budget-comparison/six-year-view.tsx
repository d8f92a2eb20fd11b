import { Link } from 'react-router';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { GroupedBarChart } from '@web/components/charts/grouped-bar-chart';
import { COLOR_BUDGET } from '@web/components/charts/palette';
import { formatMillions, formatMoney, formatMoneyTicks } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { formatVariancePercent } from './flags';

/** A fiscal year with no line at all (neither operating nor proposed) in the budget year. */
const isEmpty = (t: ComparisonCell) => t.operatingCount === 0 && t.proposedCount === 0;

/** 'FY28', 'FY28 and FY29', 'FY28 to FY31' (consecutive) or 'FY28, FY30 and FY31'. */
function yearsText(years: readonly number[]): string {
  const labels = years.map(fiscalYearLabel);
  if (labels.length <= 2) {
    return labels.join(' and ');
  }
  const consecutive = years.every((y, i) => i === 0 || y === years[i - 1] + 1);
  return consecutive
    ? `${labels[0]} to ${labels[labels.length - 1]}`
    : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/**
 * Why some years have no bars. The comparison reads the budget year's lines of each fiscal year
 * (server/domains/budgets/budget-comparison.ts): imported ones, or the projected lines Generate
 * Projections (on the Dashboard) writes from the base year through base + 5. The COLA Multi-Year
 * Projections tab only reads; it writes no lines, so it fills nothing here.
 */
export function EmptyYearsNote({ data }: { data: BudgetComparison }) {
  const empty = data.totals.filter(isEmpty).map((t) => t.fiscalYear);
  if (empty.length === 0) {
    return null;
  }
  if (empty.length === data.totals.length) {
    return (
      <p className="field__hint">
        No year has lines yet: import an operating or proposed budget, then Generate Projections on the{' '}
        <Link to="/">Dashboard</Link>.
      </p>
    );
  }
  const one = empty.length === 1;
  return (
    <p className="field__hint">
      {yearsText(empty)} {one ? 'is' : 'are'} empty: no budget imported and no projection generated for{' '}
      {one ? 'it' : 'them'} yet. Generate Projections on the <Link to="/">Dashboard</Link> fills{' '}
      {one ? 'it' : 'them'}.
    </p>
  );
}

/** Operating and proposed totals of the six fiscal years, as a chart or a table. */
export function SixYearView({ data }: { data: BudgetComparison }) {
  const labels = data.fiscalYears.map(fiscalYearLabel);
  // A year with no lines reads '—' in the table, not $0 (the note under the card says why).
  const money = (t: ComparisonCell, amount: number) => (isEmpty(t) ? '—' : formatMoney(amount));
  return (
    <ChartCard
      title="Six-Year View"
      subtitle={`${labels[0]} to ${labels[labels.length - 1]}, all categories`}
      footer={<EmptyYearsNote data={data} />}
      chart={
        <GroupedBarChart
          label={`Grouped bar chart of operating and proposed totals by fiscal year: ${data.totals
            .map((t, i) =>
              isEmpty(t)
                ? `${labels[i]} no lines`
                : `${labels[i]} operating ${formatMillions(t.operating)}, proposed ${formatMillions(t.proposed)}`,
            )
            .join('; ')}`}
          categories={labels}
          tickLabels={formatMoneyTicks}
          series={[
            {
              name: 'Operating',
              values: data.totals.map((t) => t.operating),
              color: '#0891b2',
              texts: data.totals.map((t) => money(t, t.operating)),
            },
            {
              name: 'Proposed',
              values: data.totals.map((t) => t.proposed),
              color: COLOR_BUDGET,
              texts: data.totals.map((t) => money(t, t.proposed)),
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
            { header: 'Operating', value: (t) => money(t, t.operating), numeric: true },
            { header: 'Proposed', value: (t) => money(t, t.proposed), numeric: true },
            { header: 'Variance', value: (t) => money(t, t.variance), numeric: true },
            { header: 'Variance %', value: (t) => formatVariancePercent(t.variancePercent), numeric: true },
          ]}
        />
      }
    />
  );
}
