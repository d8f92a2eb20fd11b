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

/** A value of a history entry in words: FTE-like numbers as they are, nothing as '—'. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * What a history entry changed, field by field: 'fte: 1 → 0.5'. Fields only in `after` (a
 * creation) are listed with their value; unchanged ones are left out.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((k) =>
      before && k in before
        ? `${k}: ${shown(before[k])} → ${shown(after?.[k])}`
        : `${k}: ${shown(after?.[k])}`,
    );
}
