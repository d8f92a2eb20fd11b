import type { SalaryRange } from '@web/api/dashboard';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { PieChart } from '@web/components/charts/pie-chart';
import { formatMoney } from '@web/lib/format';

interface SalaryCardProps {
  title: string;
  /** 'teachers' or 'paraeducators', for sentences. */
  who: string;
  ranges: SalaryRange[];
  excluded: number;
  minRangeCount: number;
  colors: string[];
}

// Sequential shades, light to dark: salary ranges are ordered, so the colours are too.
export const BLUES = ['#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a'];
export const TEALS = ['#99f6e4', '#5eead4', '#2dd4bf', '#14b8a6', '#0d9488', '#0f766e', '#115e59', '#134e4a'];

/** Spreads n ordered ranges over the whole shade scale, so two ranges are light and dark, not two lights. */
function shade(scale: string[], i: number, n: number): string {
  return scale[n <= 1 ? scale.length - 1 : Math.round((i * (scale.length - 1)) / (n - 1))];
}

/** A donut of how many people earn in each $10k range; small ranges are left out for privacy. */
export function SalaryCard({ title, who, ranges, excluded, minRangeCount, colors }: SalaryCardProps) {
  const people = ranges.reduce((n, r) => n + r.count, 0);
  const note =
    excluded > 0
      ? `${excluded.toLocaleString('en-US')} ${who} in ranges of fewer than ${minRangeCount} people are not shown.`
      : `Ranges of fewer than ${minRangeCount} people are not shown.`;
  return (
    <ChartCard
      title={title}
      subtitle={`${people.toLocaleString('en-US')} ${who} by salary range`}
      isEmpty={ranges.length === 0}
      empty={<p className="muted">No {who} to show in this fiscal year.</p>}
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
            text: `${r.count} people, average ${formatMoney(r.avgSalary)}`,
          }))}
        />
      }
      table={
        <DataTable
          caption={`${title} by range`}
          rows={ranges}
          rowKey={(r) => r.range}
          columns={[
            { header: 'Range', value: (r) => r.range },
            { header: 'People', value: (r) => r.count.toLocaleString('en-US'), numeric: true },
            { header: 'Average', value: (r) => formatMoney(r.avgSalary), numeric: true },
            { header: 'Lowest', value: (r) => formatMoney(r.minSalary), numeric: true },
            { header: 'Highest', value: (r) => formatMoney(r.maxSalary), numeric: true },
          ]}
        />
      }
      footer={<p className="chart-note">{note}</p>}
    />
  );
}
