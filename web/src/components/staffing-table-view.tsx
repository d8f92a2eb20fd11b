// The staffing table itself, apart from the query that feeds the signed-in screens
// (staffing-table.tsx): the resident page draws it too, and its bundle carries no query client,
// API client or zod (e2e/public-dashboard-speed.spec.ts).
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useRef } from 'react';
import { useScrollsSideways } from '@web/components/scroll-area';
import { formatMoneyCents } from '@web/lib/format';
import { fteChange, showsFrozen } from '@shared/budget-math';
import type { StaffingFte } from '@shared/schemas/staffing';
import { signedText } from '@shared/signed-words';
import { formatFte } from '@web/screens/positions/position-rules';

/** FTE as every staffing table writes it, for the screens that show FTE beside these tables. */
export { formatFte };
import './staffing-table.css';

/** One row of a staffing table: a building, function code or work group (no names, no one's pay). */
export interface StaffingTableRow extends StaffingFte {
  key: string | number | null;
  name: string;
  lastYear: StaffingFte | null;
  previousStage?: StaffingFte | null;
  averageSalary?: number | null;
  /**
   * Frozen positions' FTE (kept in the budget, not to be filled), as GET /positions/staffing and
   * the resident page's snapshot send it; absent from a snapshot published before it had the figure.
   */
  frozenFte?: number;
}

export type StaffingDimension = 'byBuilding' | 'byFunction' | 'byWorkGroup';
export const STAFFING_DIMENSIONS: { value: StaffingDimension; label: string }[] = [
  { value: 'byBuilding', label: 'Building' },
  { value: 'byFunction', label: 'Function' },
  { value: 'byWorkGroup', label: 'Work group' },
];

/**
 * The FTE neither filled nor vacant (frozen positions), exact in thousandths: only for the
 * footnote of a resident page snapshot published before it had a frozen figure to show in a column.
 */
const frozen = (r: StaffingFte) => fteChange(fteChange(r.fte, r.filledFte), r.vacantFte);

/**
 * '+1.500', '−0.250' or '0.000' (signedText); 'New' for a group that had nothing then; a dash where neither side
 * had anything (a group listed only because the other comparison had it).
 */
function change(now: StaffingFte, before: StaffingFte | null | undefined): string {
  if (!before) {
    return now.fte === 0 ? '\u2014' : 'New';
  }
  return signedText(fteChange(now.fte, before.fte), formatFte);
}

/** What the table's columns count, for a section's subtitle: 'filled and vacant', or with frozen. */
export const staffingKinds = (rows: readonly { frozenFte?: number }[]): string =>
  showsFrozen(rows) ? 'filled, vacant and frozen' : 'filled and vacant';

/**
 * FTE filled, vacant, frozen (when any is) and in all, with the change from last year and from the previous stage, one
 * group a row and the whole roster last: the dashboard's, the stage comparison's, the DESE
 * report's and the resident page's staffing. A comparison column is left out when there is nothing
 * to compare with (the caller says why in `notes`).
 */
export function StaffingTable(props: {
  caption: string;
  groupLabel: string;
  rows: StaffingTableRow[];
  total: StaffingTableRow;
  /** 'FY25' when last year has positions, else null (no column). */
  lastYearLabel: string | null;
  /** The stage compared with, else null (no column). */
  stageLabel?: string | null;
  showAverage?: boolean;
}) {
  const { rows, total, lastYearLabel, stageLabel, showAverage } = props;
  const wrap = useRef<HTMLDivElement>(null);
  // The hint only when the table does not fit: a phone's table that fits showed it too.
  const scrolls = useScrollsSideways(wrap);
  // Its own column, so Filled + Vacant + Frozen = Total on every row as a reader adds across.
  const showFrozen = showsFrozen([total, ...rows]);
  const line = (r: StaffingTableRow, head: boolean) => {
    return (
      <tr key={String(r.key ?? 'none') + r.name} className={head ? 'staffing-table__total' : undefined}>
        <th scope="row">{r.name}</th>
        <td className="num">{formatFte(r.filledFte)}</td>
        <td className="num">{formatFte(r.vacantFte)}</td>
        {showFrozen ? <td className="num">{formatFte(r.frozenFte ?? 0)}</td> : null}
        <td className="num">{formatFte(r.fte)}</td>
        {lastYearLabel ? <td className="num">{change(r, r.lastYear)}</td> : null}
        {stageLabel ? <td className="num">{change(r, r.previousStage)}</td> : null}
        {showAverage ? (
          <td className="num">{r.averageSalary == null ? '\u2014' : formatMoneyCents(r.averageSalary)}</td>
        ) : null}
      </tr>
    );
  };
  return (
    <>
      {/* Focusable, so a keyboard can scroll a phone's wide table too. */}
      <div
        ref={wrap}
        className="table-wrap staffing-table"
        tabIndex={0}
        role="group"
        aria-label={props.caption}
      >
        <table className="table table--compact">
          <caption className="table-caption">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{props.groupLabel}</th>
              <th scope="col" className="num">
                Filled FTE
              </th>
              <th scope="col" className="num">
                Vacant FTE
              </th>
              {showFrozen ? (
                <th scope="col" className="num">
                  Frozen FTE
                </th>
              ) : null}
              <th scope="col" className="num">
                Total FTE
              </th>
              {lastYearLabel ? (
                <th scope="col" className="num">
                  Change from {lastYearLabel}
                </th>
              ) : null}
              {stageLabel ? (
                <th scope="col" className="num">
                  Change from {stageLabel}
                </th>
              ) : null}
              {showAverage ? (
                <th scope="col" className="num">
                  Average salary
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>{rows.map((r) => line(r, false))}</tbody>
          <tfoot>{line(total, true)}</tfoot>
        </table>
      </div>
      {scrolls && (lastYearLabel || stageLabel || showAverage) ? (
        <p className="muted staffing-section__note staffing-table__hint">
          Scroll the table sideways for the {showAverage ? 'changes and average salaries' : 'changes'}.
        </p>
      ) : null}
      {showFrozen ? (
        <p className="muted staffing-section__note">
          Frozen FTE: positions kept in the budget, not to be filled.
        </p>
      ) : total.frozenFte === undefined && frozen(total) ? (
        <p className="muted staffing-section__note">
          Total FTE also counts frozen positions: kept in the budget, not to be filled (
          {formatFte(frozen(total))} FTE in all).
        </p>
      ) : null}
    </>
  );
}

/** The building / function / work group switch above a staffing table. */
export function StaffingDimensionSwitch(props: {
  value: StaffingDimension;
  onChange: (d: StaffingDimension) => void;
  label: string;
  /** The groupings offered (the resident page has no work groups). */
  only?: StaffingDimension[];
}) {
  return (
    <ToggleGroup.Root
      type="single"
      className="segmented"
      value={props.value}
      aria-label={props.label}
      onValueChange={(v) => {
        if (v) {
          props.onChange(v as StaffingDimension);
        }
      }}
    >
      {STAFFING_DIMENSIONS.filter((d) => !props.only || props.only.includes(d.value)).map((d) => (
        <ToggleGroup.Item key={d.value} value={d.value} className="segmented__item">
          {d.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
