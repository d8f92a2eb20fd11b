import { useMemo, useState } from 'react';
import type { ScheduleDetail } from '@web/api/salary-schedules';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { numCol, TableHead } from '@web/components/table-head';
import './schedule-grid.css';

/** One year of a schedule: steps down, lanes across, every amount right-aligned in dollars and cents. */
export function ScheduleGrid({ detail }: { detail: ScheduleDetail }) {
  const { schedule, amounts } = detail;
  const [year, setYear] = useState(schedule.fiscalYears[0] ?? 0);
  const cells = useMemo(
    () => new Map(amounts.map((a) => [`${a.fiscalYear}|${a.step}|${a.lane}`, a.amount])),
    [amounts],
  );
  const cola = schedule.printedCola[String(year)];
  return (
    <div className="form-stack">
      <Field id="schedule-year" label="Fiscal year">
        {(control) => (
          <Select
            {...control}
            value={String(year)}
            onValueChange={(v) => setYear(Number(v))}
            options={schedule.fiscalYears.map((fy) => ({ value: String(fy), label: fiscalYearLabel(fy) }))}
          />
        )}
      </Field>
      {/* Outside the scrolling lanes (a caption is as wide as the table): readable on a phone. */}
      <p className="schedule-grid__note">
        {schedule.name}, {fiscalYearLabel(year)}
        {cola === undefined ? '' : ` (printed with a ${cola}% COLA)`}. Years after{' '}
        {fiscalYearLabel(schedule.fiscalYears.at(-1) ?? year)} grow its last row by the work group’s COLA.
      </p>
      {/* Focusable: on a phone the lanes scroll sideways, and keyboard users must reach them. */}
      <div
        className="table-wrap"
        role="group"
        aria-label={`${schedule.name}, ${fiscalYearLabel(year)}`}
        tabIndex={0}
      >
        <table className="table table--compact">
          <caption className="visually-hidden">
            {schedule.name}, {fiscalYearLabel(year)}
          </caption>
          <TableHead cols={['Step', ...schedule.lanes.map((lane) => numCol(lane))]} />
          <tbody>
            {Array.from({ length: schedule.steps }, (_, i) => i + 1).map((step) => (
              <tr key={step}>
                <th scope="row">{step}</th>
                {schedule.lanes.map((lane) => (
                  <td key={lane} className="money">
                    {formatMoneyCents(cells.get(`${year}|${step}|${lane}`))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
