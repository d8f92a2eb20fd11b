import { unitsOf } from '@shared/money';
import type { Position, PositionStatus } from '@web/api/positions';

/**
 * How the Positions manager shows a position: FTE to the thousandth from exact integer thousandths
 * (never float arithmetic), the holders with their shares, and the words and row style that make
 * vacancies and over-filled positions (the server's `overFilled`: holders' shares above the FTE)
 * visible at a glance.
 */

/** FTE as integer thousandths, exactly (null for a value with more than 3 decimals). */
export function fteThousandths(fte: number | string): bigint | null {
  return unitsOf(fte, 3);
}

/** FTE to the thousandth, as the grid and the form show it: 1 -> '1.000', 0.5 -> '0.500'. */
export function formatFte(fte: number | string | null | undefined): string {
  if (fte === null || fte === undefined || fte === '') {
    return '';
  }
  const units = fteThousandths(fte);
  if (units === null) {
    return String(fte);
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(4, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

/** A position waiting for someone: vacant or posted (frozen and closed ones are not being filled). */
export function isVacancy(position: Pick<Position, 'status'>): boolean {
  return position.status === 'vacant' || position.status === 'posted';
}

export const STATUS_LABELS: Record<PositionStatus, string> = {
  filled: 'Filled',
  vacant: 'Vacant',
  posted: 'Posted',
  frozen: 'Frozen',
  closed: 'Closed',
};

/** The holders as one cell: 'Ruiz, Ana (0.500), Chen, Li (0.500)'; empty when nobody holds it. */
export function holdersText(position: Pick<Position, 'holders'>): string {
  return position.holders
    .map((h) => `${h.employeeName ?? `line ${h.lineItemId}`} (${formatFte(h.fteShare)})`)
    .join(', ');
}

/** The row's style: over-filled first (it is an error to fix), then vacancies, then closed. */
export function positionRowClass(position: Pick<Position, 'overFilled' | 'status'>): string | undefined {
  if (position.overFilled) {
    return 'position-row--over';
  }
  if (isVacancy(position)) {
    return 'position-row--vacant';
  }
  return position.status === 'closed' ? 'position-row--closed' : undefined;
}

/** A position's name in buttons and messages: 'Grade 3 Teacher at Hillside'. */
export function positionLabel(position: Pick<Position, 'title' | 'buildingName'>): string {
  return position.buildingName ? `${position.title} at ${position.buildingName}` : position.title;
}

/**
 * Where a vacancy is budgeted: 'Step 3 / BA+15', marked '(work group)' when it comes from the work
 * group's setting; the reason when it has no price; empty for a position someone holds in full.
 */
export function placementText(
  position: Pick<Position, 'status' | 'budgetedStep' | 'budgetedLane' | 'placementSource' | 'unpricedReason'>,
): string {
  if (!isVacancy(position)) {
    return '';
  }
  if (position.budgetedStep === null || position.budgetedLane === null) {
    return position.unpricedReason ?? 'No step and lane';
  }
  const from = position.placementSource === 'workGroup' ? ' (work group)' : '';
  return `Step ${position.budgetedStep} / ${position.budgetedLane}${from}`;
}

/** The history's field names (the server records its columns, and the holder's fields) in words. */
const HISTORY_FIELDS: Record<string, string> = {
  title: 'Title',
  fte: 'FTE',
  status: 'Status',
  building_id: 'Building',
  dese_code: 'Function code',
  category_id: 'Category',
  work_group_id: 'Work group',
  vacancy_step: 'Vacancy step',
  vacancy_lane: 'Vacancy lane',
  notes: 'Notes',
  employeeName: 'Holder',
  fteShare: 'Share',
};

/** Names of the ids a history entry holds (buildings, categories, work groups), where known. */
export interface HistoryNames {
  building_id?: ReadonlyMap<number, string>;
  category_id?: ReadonlyMap<number, string>;
  work_group_id?: ReadonlyMap<number, string>;
}

/** A value of a history entry in words: ids by their names, FTE to the thousandth, nothing as '—'. */
function shown(key: string, value: unknown, names: HistoryNames): string {
  if (value === null || value === undefined || value === '') {
    return key === 'building_id' ? 'District Wide' : '—';
  }
  const byId = names[key as keyof HistoryNames];
  if (byId && typeof value === 'number') {
    return byId.get(value) ?? `#${value}`;
  }
  if (key === 'fte' || key === 'fteShare') {
    return formatFte(value as number);
  }
  if (key === 'status' && typeof value === 'string' && value in STATUS_LABELS) {
    return STATUS_LABELS[value as PositionStatus];
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * What a history entry changed, in words: 'FTE: 1.000 → 0.800'. Fields only in `after` (a
 * creation, a fill) are listed with their value unless empty; unchanged fields, and ids no reader
 * needs (the year, the employee line), are left out.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  names: HistoryNames = {},
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    keys
      .filter((k) => k in HISTORY_FIELDS)
      .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
      // A new position's empty fields say nothing.
      .filter((k) => (before && k in before) || !(after?.[k] === null || after?.[k] === ''))
      .map((k) => {
        const label = HISTORY_FIELDS[k];
        const now = shown(k, after?.[k], names);
        return before && k in before
          ? `${label}: ${shown(k, before[k], names)} → ${now}`
          : `${label}: ${now}`;
      })
  );
}
