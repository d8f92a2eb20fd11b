import { useMemo, useState } from 'react';
import type { ByCategory } from '@web/api/dashboard';
import type { CategoryTotal } from '@server/schemas/dashboard';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { PieChart } from '@web/components/charts/pie-chart';
import { formatMoney } from '@web/lib/format';

interface CategoryCardProps {
  data: ByCategory | undefined;
  money(value: number): string;
}

const keyOf = (c: CategoryTotal) => String(c.categoryId ?? 'none');
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

/**
 * The proposed budget by category as a pie. Each category can be switched off (to see the
 * non-personnel budget without salaries, say); the shares are of the categories shown.
 */
export function CategoryCard({ data, money }: CategoryCardProps) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const categories = data?.categories ?? [];
  // Slices with a negative total (credits) cannot be drawn; they stay in the table.
  const shown = useMemo(
    () => categories.filter((c) => !hidden.has(keyOf(c)) && c.total > 0),
    [categories, hidden],
  );
  const shownTotal = shown.reduce((n, c) => n + Math.round(c.total * 100), 0) / 100;
  const toggle = (key: string, on: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (on) {
        next.delete(key);
      } else {
        next.add(key);
      }
      return next;
    });
  return (
    <ChartCard
      title="Budget by Category"
      subtitle={
        hidden.size
          ? `Showing ${money(shownTotal)} of ${money(data?.total ?? 0)}`
          : `${money(data?.total ?? 0)} across ${categories.length} categories`
      }
      isEmpty={categories.length === 0}
      empty={<p className="muted">No proposed lines in this fiscal year.</p>}
      chart={
        <PieChart
          label={`Pie chart of the proposed budget by category: ${shown.map((c) => `${c.category} ${money(c.total)}`).join(', ')}`}
          data={shown.map((c) => ({
            label: c.category,
            value: c.total,
            color: c.color,
            text: money(c.total),
          }))}
          height={300}
        />
      }
      table={
        <DataTable
          caption="Proposed budget by category"
          rows={categories}
          rowKey={keyOf}
          columns={[
            { header: 'Category', value: (c) => c.category },
            { header: 'Lines', value: (c) => c.count.toLocaleString('en-US'), numeric: true },
            { header: 'Amount', value: (c) => formatMoney(c.total), numeric: true },
            { header: 'Share', value: (c) => percent(c.total, data?.total ?? 0), numeric: true },
          ]}
          footer={[
            'Total',
            categories.reduce((n, c) => n + c.count, 0).toLocaleString('en-US'),
            formatMoney(data?.total ?? 0),
            '100%',
          ]}
        />
      }
      footer={
        categories.length ? (
          <fieldset className="legend-toggles">
            <legend className="visually-hidden">Categories shown in the chart</legend>
            {categories.map((c) => (
              <label key={keyOf(c)} className="legend-toggle">
                <input
                  type="checkbox"
                  checked={!hidden.has(keyOf(c))}
                  onChange={(e) => toggle(keyOf(c), e.target.checked)}
                />
                <span className="swatch" style={{ background: c.color }} aria-hidden="true" />
                <span className="legend-toggle__name">{c.category}</span>
                <span className="legend-toggle__value money">{money(c.total)}</span>
              </label>
            ))}
          </fieldset>
        ) : null
      }
    />
  );
}
