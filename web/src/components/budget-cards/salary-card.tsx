import { ChartCard, type CardStatus } from '@web/components/charts/chart-card';
import { DataTable, type DataColumn } from '@web/components/charts/data-table';
import { PieChart } from '@web/components/charts/pie-chart';
import { formatMoney } from '@web/lib/format';
import './budget-cards.css';

/** People in one $10k salary range; the staff dashboard also knows the range's average and extremes. */
export interface SalaryRangeRow {
  range: string;
  count: number;
  avgSalary?: number;
  minSalary?: number;
  maxSalary?: number;
}

interface SalaryCardProps {
  title: string;
  /** 'teachers' or 'paraeducators', for sentences. */
  who: string;
  ranges: readonly SalaryRangeRow[];
  colors: readonly string[];
  /** What is left out and why (privacy), under the chart and table; none when empty. */
  note: string;
  className?: string;
  /** What to say when there is no one to show (default: none in this fiscal year). */
  emptyText?: string;
  /** Whether the figures have arrived (ChartCard): until then the card says so, not '$0'. */
  status?: CardStatus;
}

// Sequential shades, light to dark: salary ranges are ordered, so the colours are too.
export const BLUES = ['#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a'];
export const TEALS = ['#99f6e4', '#5eead4', '#2dd4bf', '#14b8a6', '#0d9488', '#0f766e', '#115e59', '#134e4a'];

/** Spreads n ordered ranges over the whole shade scale, so two ranges are light and dark, not two lights. */
function shade(scale: readonly string[], i: number, n: number): string {
  return scale[n <= 1 ? scale.length - 1 : Math.round((i * (scale.length - 1)) / (n - 1))];
}

const money = (v: number | undefined) => formatMoney(v ?? 0);

/** A donut of how many people earn in each $10k range; small ranges are left out for privacy. */
export function SalaryCard({
  title,
  who,
  ranges,
  colors,
  note,
  className,
  emptyText,
  status,
}: SalaryCardProps) {
  const people = ranges.reduce((n, r) => n + r.count, 0);
  const detailed = ranges.some((r) => r.avgSalary !== undefined);
  const columns: DataColumn<SalaryRangeRow>[] = [
    { header: 'Range', value: (r) => r.range },
    { header: 'People', value: (r) => r.count.toLocaleString('en-US'), numeric: true },
    ...(detailed
      ? [
          { header: 'Average', value: (r: SalaryRangeRow) => money(r.avgSalary), numeric: true },
          { header: 'Lowest', value: (r: SalaryRangeRow) => money(r.minSalary), numeric: true },
          { header: 'Highest', value: (r: SalaryRangeRow) => money(r.maxSalary), numeric: true },
        ]
      : []),
  ];
  return (
    <ChartCard
      status={status}
      className={className}
      title={title}
      // An empty card says why in emptyText, not '0 teachers by salary range'.
      subtitle={ranges.length === 0 ? undefined : `${people.toLocaleString('en-US')} ${who} by salary range`}
      isEmpty={ranges.length === 0}
      empty={<p className="muted">{emptyText ?? `No ${who} to show in this fiscal year.`}</p>}
      chart={
        <PieChart
          label={`Donut chart of ${who} by salary range: ${ranges.map((r) => `${r.range} ${r.count}`).join(', ')}`}
          hole={0.55}
          height={260}
          showLegend
          centerText={`${people.toLocaleString('en-US')}<br>${who}`}
          data={ranges.map((r, i) => ({
            label: r.range,
            value: r.count,
            color: shade(colors, i, ranges.length),
            text:
              r.avgSalary === undefined
                ? `${r.count} people`
                : `${r.count} people, average ${formatMoney(r.avgSalary)}`,
          }))}
        />
      }
      table={
        <DataTable caption={`${title} by range`} rows={ranges} rowKey={(r) => r.range} columns={columns} />
      }
      footer={note ? <p className="chart-note">{note}</p> : null}
    />
  );
}
