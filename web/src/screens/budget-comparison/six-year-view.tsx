import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { GroupedBarChart } from '@web/components/charts/grouped-bar-chart';
import { COLOR_BUDGET } from '@web/components/charts/palette';
import { formatMillions, formatMoney, formatMoneyTicks } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { formatVariancePercent, varianceDollars } from './flags';
import { EmptyYearsWords, isEmpty, NoLinesWords } from './missing-lines';

/**
 * Why some years have no bars (missing-lines.tsx says it, as the year's totals do). With none in
 * any year the card's empty state says so in place of the chart: a chart of zeros drew a $0 to $1.00
 * axis and said nothing.
 */
export function EmptyYearsNote({ data }: { data: BudgetComparison }) {
  const empty = data.totals.filter(isEmpty).map((t) => t.fiscalYear);
  if (empty.length === 0 || empty.length === data.totals.length) {
    return null;
  }
  return <EmptyYearsWords years={empty} />;
}

/** Operating and proposed totals of the six fiscal years, as a chart or a table. */
export function SixYearView({ data }: { data: BudgetComparison }) {
  const labels = data.fiscalYears.map(fiscalYearLabel);
  const span = `${labels[0]} to ${labels[labels.length - 1]}`;
  // A year with no lines reads '—' in the table, not $0 (the note under the card says why).
  const money = (t: ComparisonCell, amount: number) => (isEmpty(t) ? '—' : formatMoney(amount));
  return (
    <ChartCard
      title="Six-Year View"
      subtitle={`${span}, all categories`}
      isEmpty={data.totals.every(isEmpty)}
      empty={
        <NoLinesWords
          budgetYearId={data.budgetYearId}
          what="No operating or proposed totals to chart"
          years={data.fiscalYears}
        />
      }
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
            {
              header: 'Variance',
              value: (t) => (isEmpty(t) ? '—' : varianceDollars(t.variance)),
              numeric: true,
            },
            { header: 'Variance %', value: (t) => formatVariancePercent(t.variancePercent), numeric: true },
          ]}
        />
      }
    />
  );
}
