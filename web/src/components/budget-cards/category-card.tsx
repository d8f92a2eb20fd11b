import { useMemo, useState } from 'react';
import { ChartCard, type CardStatus } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { PieChart } from '@web/components/charts/pie-chart';
import { formatMoney } from '@web/lib/format';
import { shareOf, sumMoney } from './money';
import './budget-cards.css';

/** One category of the budget, as the staff dashboard and the public view both have it. */
export interface CategorySlice {
  key: string;
  name: string;
  amount: number;
  /** Budget lines in the category. */
  count: number;
  color: string;
}

interface CategoryCardProps {
  categories: readonly CategorySlice[];
  total: number;
  money(value: number): string;
  title?: string;
  /** Names the table for screen readers and the chart's description ('the proposed budget'). */
  what?: string;
  emptyText?: string;
  /** Column heading of the line counts. */
  countHeader?: string;
  className?: string;
  /** Whether the figures have arrived (ChartCard): until then the card says so, not '$0'. */
  status?: CardStatus;
  /** A sentence under the chart or table (what the figures leave out, say). */
  note?: string | null;
}

/**
 * The budget by category as a pie. Each category can be switched off (to see the non-personnel
 * budget without salaries, say); the shares are of the categories shown.
 */
export function CategoryCard({
  categories,
  total,
  money,
  title = 'Budget by Category',
  what = 'the proposed budget',
  emptyText = 'No proposed lines in this fiscal year.',
  countHeader = 'Lines',
  className,
  status,
  note,
}: CategoryCardProps) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  // Slices with a negative total (credits) cannot be drawn; they stay in the table.
  const shown = useMemo(
    () => categories.filter((c) => !hidden.has(c.key) && c.amount > 0),
    [categories, hidden],
  );
  const shownTotal = sumMoney(shown.map((c) => c.amount));
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
      status={status}
      className={className}
      title={title}
      // An empty card says why in emptyText, not '$0.0M across 0 categories'.
      subtitle={
        categories.length === 0
          ? undefined
          : hidden.size
            ? `Showing ${money(shownTotal)} of ${money(total)}`
            : `${money(total)} across ${categories.length} categories`
      }
      isEmpty={categories.length === 0}
      empty={<p className="muted">{emptyText}</p>}
      chart={
        <PieChart
          label={`Pie chart of ${what} by category: ${shown.map((c) => `${c.name} ${money(c.amount)}`).join(', ')}`}
          data={shown.map((c) => ({ label: c.name, value: c.amount, color: c.color, text: money(c.amount) }))}
          height={300}
        />
      }
      table={
        <DataTable
          caption={`${what.charAt(0).toUpperCase()}${what.slice(1)} by category`}
          rows={categories}
          rowKey={(c) => c.key}
          columns={[
            { header: 'Category', value: (c) => c.name },
            { header: countHeader, value: (c) => c.count.toLocaleString('en-US'), numeric: true },
            { header: 'Amount', value: (c) => formatMoney(c.amount), numeric: true },
            { header: 'Share', value: (c) => shareOf(c.amount, total), numeric: true },
          ]}
          footer={[
            'Total',
            categories.reduce((n, c) => n + c.count, 0).toLocaleString('en-US'),
            formatMoney(total),
            '100%',
          ]}
        />
      }
      footer={
        categories.length ? (
          <>
            <fieldset className="legend-toggles">
              <legend className="visually-hidden">Categories shown in the chart</legend>
              {categories.map((c) => (
                <label key={c.key} className="legend-toggle">
                  <input
                    type="checkbox"
                    checked={!hidden.has(c.key)}
                    onChange={(e) => toggle(c.key, e.target.checked)}
                  />
                  <span className="swatch" style={{ background: c.color }} aria-hidden="true" />
                  <span className="legend-toggle__name">{c.name}</span>
                  <span className="legend-toggle__value money">{money(c.amount)}</span>
                </label>
              ))}
            </fieldset>
            {note ? <p className="chart-note">{note}</p> : null}
          </>
        ) : null
      }
    />
  );
}
