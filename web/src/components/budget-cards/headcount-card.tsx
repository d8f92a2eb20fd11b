import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard, type CardStatus } from '@web/components/charts/chart-card';
import { DataTable, type DataColumn } from '@web/components/charts/data-table';
import { COLOR_DISTRICT_WIDE } from '@web/components/charts/palette';
import { formatMoney } from '@web/lib/format';
import './budget-cards.css';

/** Employees at one location (a building, District Wide, or the public view's 'Other'). */
export interface LocationRow {
  key: string;
  location: string;
  count: number;
  /** null: withheld by the server (a few people's pay, for a reader who may not see it). */
  totalSalary: number | null;
  /** Full-time equivalents, where the figures carry them (the staff dashboard). */
  fte?: number;
  /** Grey bar: District Wide staff or a row that counts several places together. */
  muted?: boolean;
}

interface HeadcountCardProps {
  locations: readonly LocationRow[];
  totalEmployees: number;
  totalSalary: number | null;
  totalFte?: number;
  title?: string;
  emptyText?: string;
  className?: string;
  /** Under the chart and table (what is counted, what is left out). */
  note?: string;
  /** Whether the figures have arrived (ChartCard): until then the card says so, not '$0'. */
  status?: CardStatus;
  /** On a phone, each name above its bar (BarChart namesAbove): the residents' page asks for it. */
  namesAbove?: boolean;
  /** What a row counts, as a column heading: 'Employees', or a planned year's budgeted 'Positions'. */
  counted?: string;
}

const pay = (v: number | null) => (v === null ? 'Withheld' : formatMoney(v));
const fte = (v: number | undefined) => (v ?? 0).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** People per location, most first, as bars. */
export function HeadcountCard({
  locations,
  totalEmployees,
  totalSalary,
  totalFte,
  title = 'Headcount by Location',
  emptyText,
  className = 'dash-wide',
  note,
  status,
  namesAbove,
  counted = 'Employees',
}: HeadcountCardProps) {
  const word = counted.toLowerCase();
  const columns: DataColumn<LocationRow>[] = [
    { header: 'Location', value: (l) => l.location },
    { header: counted, value: (l) => l.count.toLocaleString('en-US'), numeric: true },
    ...(totalFte === undefined
      ? []
      : [{ header: 'FTE', value: (l: LocationRow) => fte(l.fte), numeric: true }]),
    { header: 'Salaries', value: (l) => pay(l.totalSalary), numeric: true },
  ];
  return (
    <ChartCard
      status={status}
      className={className}
      title={title}
      // An empty card says why in emptyText, not '0 employees, $0 in salaries'.
      subtitle={
        locations.length === 0
          ? undefined
          : `${totalEmployees.toLocaleString('en-US')} ${word}${totalSalary === null ? '' : `, ${formatMoney(totalSalary)} in salaries`}`
      }
      isEmpty={locations.length === 0}
      empty={<p className="muted">{emptyText ?? `No ${word} in this fiscal year.`}</p>}
      chart={
        <BarChart
          namesAbove={namesAbove}
          label={`Bar chart of ${word} by location: ${locations.map((l) => `${l.location} ${l.count}`).join(', ')}`}
          data={locations.map((l) => ({
            label: l.location,
            value: l.count,
            color: l.muted ? COLOR_DISTRICT_WIDE : '#0891b2',
            text: l.count.toLocaleString('en-US'),
            // On hover, what the figure counts: '40 employees', a planned year's '40 positions'.
            hover: `${l.count.toLocaleString('en-US')} ${l.count === 1 ? word.replace(/s$/, '') : word}`,
          }))}
          tickFormat={(v) => Math.round(v).toLocaleString('en-US')}
        />
      }
      table={
        <DataTable
          caption={`${counted} by location`}
          rows={locations}
          rowKey={(l) => l.key}
          columns={columns}
          footer={[
            'Total',
            totalEmployees.toLocaleString('en-US'),
            ...(totalFte === undefined ? [] : [fte(totalFte)]),
            pay(totalSalary),
          ]}
        />
      }
      footer={note ? <p className="chart-note">{note}</p> : null}
    />
  );
}
