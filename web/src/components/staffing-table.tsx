import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { api, errorMessage } from '@web/api/client';
import type { StaffingCompared } from '@shared/schemas/staffing';
import {
  STAFFING_DIMENSIONS,
  StaffingDimensionSwitch,
  StaffingTable,
  staffingKinds,
  type StaffingDimension,
  type StaffingTableRow,
} from './staffing-table-view';

export function useStaffing(fiscalYear: number | null) {
  return useQuery({
    // Under 'positions': every position write refreshes it.
    queryKey: ['positions', 'staffing', fiscalYear],
    queryFn: () => api.get<StaffingCompared>('/positions/staffing', { query: { fiscalYear: fiscalYear! } }),
    enabled: fiscalYear !== null,
    retry: false,
  });
}

/**
 * The staffing section the signed-in screens show for a fiscal year's roster: the summary from
 * GET /positions/staffing (pay of small groups already withheld by the server for VIEW_ONLY).
 */
export function StaffingSection(props: {
  fiscalYear: number | null;
  title?: string;
  className?: string;
  /** The grouping shown first (the DESE report's staffing view starts by function). */
  initial?: StaffingDimension;
}) {
  const [dimension, setDimension] = useState<StaffingDimension>(props.initial ?? 'byBuilding');
  const headingId = useId();
  const staffing = useStaffing(props.fiscalYear);
  const s = staffing.data;
  const fy = props.fiscalYear === null ? '' : fiscalYearLabel(props.fiscalYear);
  const group = STAFFING_DIMENSIONS.find((d) => d.value === dimension)!;
  const rows: StaffingTableRow[] = s ? s[dimension] : [];
  const notes = s
    ? (s.note ? [s.note] : [s.lastYear.note, s.previousStage.note]).filter((n): n is string => n !== null)
    : [];
  // A year without positions and nothing to compare them with says why, not a table of zeros.
  const table = s && !(rows.length === 0 && !s.lastYear.totals && !s.previousStage.totals);
  return (
    <section
      className={`card staffing-section ${props.className ?? ''}`}
      aria-labelledby={headingId}
      aria-busy={staffing.isFetching}
    >
      <div className="chart-card__header">
        <div className="chart-card__titles">
          <h2 id={headingId} className="chart-card__title">
            {props.title ?? 'Staffing'}
          </h2>
          <p className="chart-card__subtitle">
            {fy} positions, FTE {staffingKinds(s ? [s.totals, ...rows] : [])}
          </p>
        </div>
        {/* Nothing to group without a table (the data not here yet still shows the switch). */}
        {s && !table ? null : (
          <div className="chart-card__tools">
            <StaffingDimensionSwitch value={dimension} onChange={setDimension} label="Group staffing by" />
          </div>
        )}
      </div>
      {staffing.isError ? (
        <p className="muted">{errorMessage(staffing.error, 'The staffing summary could not be loaded.')}</p>
      ) : null}
      {s ? (
        <>
          {table ? (
            <StaffingTable
              caption={`${fy} staffing by ${group.label.toLowerCase()}`}
              groupLabel={group.label}
              rows={rows}
              total={{
                key: 'total',
                name: 'All positions',
                ...s.totals,
                lastYear: s.lastYear.totals,
                previousStage: s.previousStage.totals,
              }}
              lastYearLabel={s.lastYear.totals ? fiscalYearLabel(s.lastYear.fiscalYear) : null}
              stageLabel={s.previousStage.totals ? s.previousStage.stageLabel : null}
              showAverage={dimension === 'byWorkGroup'}
            />
          ) : null}
          {notes.map((n) => (
            <p key={n} className="muted staffing-section__note">
              {n}
            </p>
          ))}
          {table && dimension === 'byWorkGroup' ? (
            <p className="muted staffing-section__note">
              Average salary: filled positions&apos; budgeted cost divided by their filled FTE. A group of
              fewer than five people shows none to readers who may not see individual pay.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
