import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard, type CardStatus } from '@web/components/charts/chart-card';
import { DataTable, type DataColumn } from '@web/components/charts/data-table';
import { formatMoney, formatMoneyTicks } from '@web/lib/format';
import './budget-cards.css';

/** One building's (or District Wide's) share of the budget. */
export interface BuildingBar {
  key: string;
  name: string;
  amount: number;
  /** Budget lines; left out where the figures do not carry them (the public view). */
  count?: number;
  color?: string | null;
}

interface BuildingCardProps {
  buildings: readonly BuildingBar[];
  total: number;
  money(value: number): string;
  title?: string;
  what?: string;
  emptyText?: string;
  className?: string;
  /** Whether the figures have arrived (ChartCard): until then the card says so, not '$0'. */
  status?: CardStatus;
  /** A sentence under the chart or table (what the figures leave out, say). */
  note?: string | null;
  /** On a phone, each name above its bar (BarChart namesAbove): the residents' page asks for it. */
  namesAbove?: boolean;
}

/** The budget by building; lines with no building are District Wide (grey). */
export function BuildingCard({
  buildings,
  total,
  money,
  title = 'Budget by Building',
  what = 'the proposed budget',
  emptyText = 'No proposed lines in this fiscal year.',
  className,
  status,
  note,
  namesAbove,
}: BuildingCardProps) {
  const counted = buildings.some((b) => b.count !== undefined);
  const columns: DataColumn<BuildingBar>[] = [
    { header: 'Building', value: (b) => b.name },
    ...(counted
      ? [
          {
            header: 'Lines',
            value: (b: BuildingBar) => (b.count ?? 0).toLocaleString('en-US'),
            numeric: true,
          },
        ]
      : []),
    { header: 'Amount', value: (b) => formatMoney(b.amount), numeric: true },
  ];
  return (
    <ChartCard
      status={status}
      className={className}
      title={title}
      // An empty card says why in emptyText, not '$0.0M across 0 locations'.
      subtitle={buildings.length === 0 ? undefined : `${money(total)} across ${buildings.length} locations`}
      isEmpty={buildings.length === 0}
      empty={<p className="muted">{emptyText}</p>}
      chart={
        <BarChart
          namesAbove={namesAbove}
          label={`Bar chart of ${what} by building: ${buildings.map((b) => `${b.name} ${money(b.amount)}`).join(', ')}`}
          data={buildings.map((b) => ({
            label: b.name,
            value: b.amount,
            color: b.color,
            text: money(b.amount),
          }))}
          tickLabels={formatMoneyTicks}
        />
      }
      table={
        <DataTable
          caption={`${what.charAt(0).toUpperCase()}${what.slice(1)} by building`}
          rows={buildings}
          rowKey={(b) => b.key}
          columns={columns}
          footer={[
            'Total',
            ...(counted ? [buildings.reduce((n, b) => n + (b.count ?? 0), 0).toLocaleString('en-US')] : []),
            formatMoney(total),
          ]}
        />
      }
      footer={note ? <p className="chart-note">{note}</p> : null}
    />
  );
}
