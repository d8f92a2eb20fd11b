import { useId, useState } from 'react';
import { smallGroupsNote } from '@shared/public-groups';
import type { PublicStaffing } from '@shared/schemas/staffing';
import { fyLabel } from './figures';
import { FundedByTable } from './funded-by';
import {
  StaffingDimensionSwitch,
  StaffingTable,
  staffingKinds,
  type StaffingDimension,
} from '@web/components/staffing-table-view';

/**
 * The resident page's staffing: the positions published with the year, FTE filled, vacant and
 * frozen (a column when any is, from the snapshot's `frozenFte`; a snapshot published without it
 * has the table's footnote instead) by school and by DESE function, against last year. No names
 * and no pay, by the snapshot's design.
 */
export function PublicStaffingSection({ staffing, fy }: { staffing: PublicStaffing; fy: string }) {
  const [dimension, setDimension] = useState<StaffingDimension>('byBuilding');
  const headingId = useId();
  const lastYear = fyLabel(staffing.lastYearFiscalYear);
  const byBuilding = dimension === 'byBuilding';
  const schoolsNote = byBuilding
    ? smallGroupsNote('buildings', staffing.byBuilding, staffing.buildingsWithheld)
    : null;
  return (
    <section className="card pub-wide staffing-section" aria-labelledby={headingId}>
      <div className="chart-card__header">
        <div className="chart-card__titles">
          <h2 id={headingId} className="chart-card__title">
            Staffing
          </h2>
          <p className="chart-card__subtitle">
            {fy} positions in full-time equivalents (FTE),{' '}
            {staffingKinds([staffing.totals, ...staffing.byBuilding, ...staffing.byFunction])}
          </p>
        </div>
        <div className="chart-card__tools">
          <StaffingDimensionSwitch
            value={dimension}
            onChange={setDimension}
            label="Group staffing by"
            only={['byBuilding', 'byFunction']}
          />
        </div>
      </div>
      <StaffingTable
        caption={`${fy} staffing by ${byBuilding ? 'school' : 'DESE function'}`}
        groupLabel={byBuilding ? 'School' : 'DESE function'}
        rows={(byBuilding ? staffing.byBuilding : staffing.byFunction).map((g) => ({ key: g.name, ...g }))}
        total={{ key: 'total', ...staffing.totals }}
        lastYearLabel={staffing.lastYearNote ? null : lastYear}
      />
      <p className="muted staffing-section__note">
        {staffing.lastYearNote ? `${staffing.lastYearNote} ` : ''}A vacant position is budgeted but not filled
        today. Positions only: no one&apos;s name or pay is shown.{schoolsNote ? ` ${schoolsNote}` : ''}
      </p>
      {staffing.fundedBy && staffing.fundedBy.funds.length ? (
        <>
          <FundedByTable fundedBy={staffing.fundedBy} fy={fy} byBuilding={byBuilding} />
          <p className="muted staffing-section__note">
            Each position&apos;s FTE by the funds that pay it: the general fund the town appropriates, grants
            and other funds. Frozen positions are not funded and are not counted here.
          </p>
        </>
      ) : null}
    </section>
  );
}
