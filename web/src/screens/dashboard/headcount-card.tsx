import type { EmployeeStats } from '@web/api/dashboard';
import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { COLOR_DISTRICT_WIDE } from '@web/components/charts/palette';
import { formatMoney } from '@web/lib/format';

/**
 * People per location (building; District Wide for central staff), most first. Drawn from the
 * employee stats the dashboard already loads (the same counts /line-items/headcount-by-location
 * answers), so the page scans the payroll once.
 */
export function HeadcountCard({ data }: { data: EmployeeStats | undefined }) {
  const locations = [...(data?.byBuilding ?? [])]
    .sort((a, b) => b.count - a.count || b.total - a.total)
    .map((b) => ({
      buildingId: b.buildingId,
      location: b.building,
      count: b.count,
      totalSalary: b.total,
      totalFte: b.fte,
    }));
  return (
    <ChartCard
      className="dash-wide"
      title="Headcount by Location"
      subtitle={`${(data?.totalEmployees ?? 0).toLocaleString('en-US')} employees, ${formatMoney(data?.totalSalary ?? 0)} in salaries`}
      isEmpty={locations.length === 0}
      empty={<p className="muted">No employees in this fiscal year.</p>}
      chart={
        <BarChart
          label={`Bar chart of employees by location: ${locations.map((l) => `${l.location} ${l.count}`).join(', ')}`}
          data={locations.map((l) => ({
            label: l.location,
            value: l.count,
            color: l.buildingId === null ? COLOR_DISTRICT_WIDE : '#0891b2',
            text: l.count.toLocaleString('en-US'),
          }))}
          tickFormat={(v) => Math.round(v).toLocaleString('en-US')}
        />
      }
      table={
        <DataTable
          caption="Employees by location"
          rows={locations}
          rowKey={(l) => String(l.buildingId ?? 'district')}
          columns={[
            { header: 'Location', value: (l) => l.location },
            { header: 'Employees', value: (l) => l.count.toLocaleString('en-US'), numeric: true },
            {
              header: 'FTE',
              value: (l) => l.totalFte.toLocaleString('en-US', { maximumFractionDigits: 2 }),
              numeric: true,
            },
            { header: 'Salaries', value: (l) => formatMoney(l.totalSalary), numeric: true },
          ]}
          footer={[
            'Total',
            (data?.totalEmployees ?? 0).toLocaleString('en-US'),
            (data?.totalFte ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 }),
            formatMoney(data?.totalSalary ?? 0),
          ]}
        />
      }
    />
  );
}
