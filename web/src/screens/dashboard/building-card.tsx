import type { ByBuilding } from '@web/api/dashboard';
import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { COLOR_DISTRICT_WIDE } from '@web/components/charts/palette';
import { formatMoney, formatMoneyTicks } from '@web/lib/format';

interface BuildingCardProps {
  data: ByBuilding | undefined;
  money(value: number): string;
}

/** The proposed budget by building; lines with no building are District Wide (grey). */
export function BuildingCard({ data, money }: BuildingCardProps) {
  const buildings = data?.buildings ?? [];
  return (
    <ChartCard
      title="Budget by Building"
      subtitle={`${money(data?.total ?? 0)} across ${buildings.length} locations`}
      isEmpty={buildings.length === 0}
      empty={<p className="muted">No proposed lines in this fiscal year.</p>}
      chart={
        <BarChart
          label={`Bar chart of the proposed budget by building: ${buildings.map((b) => `${b.building} ${money(b.total)}`).join(', ')}`}
          data={buildings.map((b) => ({
            label: b.building,
            value: b.total,
            color: b.buildingId === null ? COLOR_DISTRICT_WIDE : b.color,
            text: money(b.total),
          }))}
          tickLabels={formatMoneyTicks}
        />
      }
      table={
        <DataTable
          caption="Proposed budget by building"
          rows={buildings}
          rowKey={(b) => String(b.buildingId ?? 'district')}
          columns={[
            { header: 'Building', value: (b) => b.building },
            { header: 'Lines', value: (b) => b.count.toLocaleString('en-US'), numeric: true },
            { header: 'Amount', value: (b) => formatMoney(b.total), numeric: true },
          ]}
          footer={[
            'Total',
            buildings.reduce((n, b) => n + b.count, 0).toLocaleString('en-US'),
            formatMoney(data?.total ?? 0),
          ]}
        />
      }
    />
  );
}
