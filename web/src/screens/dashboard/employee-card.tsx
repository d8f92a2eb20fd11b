import { Link } from 'react-router';
import type { EmployeeStats } from '@web/api/dashboard';
import { useCanVisit } from '@web/auth/use-can';
import { formatMoney } from '@web/lib/format';
import { numCol, TableHead } from '@web/components/table-head';
import { CardPlaceholder, type CardStatus } from '@web/components/charts/chart-card';
import { countedWord, staffSourceCaption } from './staff-source';

/** Where 'View All Employees' leads. */
const EMPLOYEES_PATH = '/admin/operating-budget';
/** Where 'View All Positions' leads: the selected budget year's roster (the same roles may open it). */
const POSITIONS_PATH = '/admin/positions';
/** What the server withheld (a few people's pay, for a reader other than ADMIN and FINANCE). */
const WITHHELD = 'Withheld';

/** How many buildings the employee card lists. */
export const TOP_BUILDINGS = 4;

interface EmployeeCardProps {
  stats: EmployeeStats | undefined;
  money(value: number): string;
  /** Whether the stats have arrived: until then the card says so, not '0 employees' and '$0'. */
  status?: CardStatus;
  /** The year shown, for the caption of where the figures come from (staffSourceCaption). */
  fiscalYear: number;
  /** The selected budget year: the Positions screen shows its roster, so the card links there only for it. */
  budgetYearId: number;
}

/**
 * Employee totals and the four buildings with the most employees; for a planned year with no
 * employee lines, the budgeted positions its salaries come from, titled and captioned so (QA: the
 * card read 'Employees' over 'Positions 507').
 */
export function EmployeeCard({
  stats,
  money,
  status = 'ready',
  fiscalYear,
  budgetYearId,
}: EmployeeCardProps) {
  const counted = countedWord(stats);
  const roster = stats?.source === 'roster';
  // Every employee line is in the Employee Budget Manager, which ADMIN and FINANCE may open
  // (Import History, the card's first link target, is ADMIN-only: FINANCE would have had no link at all);
  // a roster's positions are on the Positions screen, when it is the selected budget year's roster.
  const toPositions = roster && stats?.roster?.budgetYearId === budgetYearId;
  const linkPath = toPositions ? POSITIONS_PATH : EMPLOYEES_PATH;
  const canFollow = useCanVisit(linkPath);
  const top = [...(stats?.byBuilding ?? [])]
    .sort((a, b) => b.count - a.count || (b.total ?? 0) - (a.total ?? 0))
    .slice(0, TOP_BUILDINGS);
  const caption = stats ? staffSourceCaption(stats, fiscalYear) : null;
  return (
    <section
      className="card dash-employees"
      aria-labelledby="dash-employees-title"
      aria-busy={status === 'loading' || undefined}
    >
      <div className="chart-card__header">
        <h2 id="dash-employees-title" className="chart-card__title">
          {counted}
        </h2>
        {/* Which list it leads to is known with the figures: no 'View All Employees' before a roster's. */}
        {canFollow && stats ? (
          <Link className="btn btn--secondary btn--small" to={linkPath}>
            {toPositions ? 'View All Positions' : 'View All Employees'}
          </Link>
        ) : null}
      </div>
      <CardPlaceholder status={status} what={counted} />
      {status !== 'ready' ? null : stats?.source === 'none' ? (
        <p className="muted">{caption}</p>
      ) : (
        <>
          <div className="kpis kpis--two">
            <div className="kpi">
              <span className="kpi__label">{counted}</span>
              <span className="kpi__value num">{(stats?.totalEmployees ?? 0).toLocaleString('en-US')}</span>
              <span className="kpi__hint">
                {(stats?.totalFte ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 })} FTE
              </span>
            </div>
            <div className="kpi">
              <span className="kpi__label">{roster ? 'Budgeted salaries' : 'Total salaries'}</span>
              <span className="kpi__value money">
                {stats?.totalSalary === null ? WITHHELD : money(stats?.totalSalary ?? 0)}
              </span>
            </div>
          </div>
          {caption ? <p className="chart-note dash-staff-source">{caption}</p> : null}
          {top.length ? (
            <table className="table table--compact">
              <caption className="table-caption">Largest buildings by {counted.toLowerCase()}</caption>
              <TableHead cols={['Building', numCol(counted), numCol('Salaries')]} />
              <tbody>
                {top.map((b) => (
                  <tr key={b.buildingId ?? 'district'}>
                    <th scope="row">{b.building}</th>
                    <td className="num">{b.count.toLocaleString('en-US')}</td>
                    <td className="money" title={b.total === null ? WITHHELD : formatMoney(b.total)}>
                      {b.total === null ? WITHHELD : money(b.total)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">No {counted.toLowerCase()} in this fiscal year.</p>
          )}
        </>
      )}
    </section>
  );
}
