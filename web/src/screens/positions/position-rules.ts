import { formatFte, fteThousandths, thousandthsText } from '@shared/fte-format';
import { fiscalYearLabel } from '@shared/budget-math';
import { ROSTER_PLACEMENT, rosterRateText } from '@shared/placement-words';
import type { Position, PositionStatus } from '@web/api/positions';

/**
 * How the Positions manager shows a position: FTE to the thousandth from exact integer thousandths
 * (never float arithmetic), the holders with their shares, and the words and row style that make
 * vacancies and over-filled positions (the server's `overFilled`: holders' shares above the FTE)
 * visible at a glance.
 */

// FTE to the thousandth has one home, shared with the Budget of All Funds' staffing sentence.
export { formatFte, fteThousandths };

/** FTE in the fewest digits, as the server's messages write it: 1000n -> '1', 900n -> '0.9'. */
export function fteWords(thousandths: bigint): string {
  return thousandthsText(thousandths).replace(/\.?0+$/, '');
}

/** A share typed in a box as integer thousandths, as the body will send it; null when not a number. */
export function shareThousandths(text: string): bigint | null {
  const t = text.trim();
  const n = Number(t);
  return t === '' || !Number.isFinite(n) ? null : fteThousandths(n);
}

/**
 * The fund shares together against the position's FTE, in exact thousandths (a share not yet a
 * number counts 0): `left` is what no fund pays yet, negative when the shares are over.
 */
export interface FundShareSum {
  assigned: bigint;
  fte: bigint;
  left: bigint;
}

export function fundShareSum(fte: string, shares: readonly { fte: string }[]): FundShareSum | null {
  const whole = shareThousandths(fte);
  if (whole === null || whole <= 0n) {
    return null;
  }
  const assigned = shares.reduce((sum, s) => sum + (shareThousandths(s.fte) ?? 0n), 0n);
  return { assigned, fte: whole, left: whole - assigned };
}

/**
 * The server's rule, mirrored so the form says it before saving: a position's fund shares add up
 * to exactly its FTE. Its words (the server's) when they do not, else null.
 */
export function fundShareSumProblem(sum: FundShareSum): string | null {
  if (sum.left === 0n) {
    return null;
  }
  return `The fund shares add up to ${fteWords(sum.assigned)} FTE; the position is ${fteWords(sum.fte)} FTE: they must add up to exactly its FTE`;
}

/** The running sum under the shares: '0.9 of 1 FTE — 0.1 FTE unassigned'. */
export function fundShareSummary(sum: FundShareSum): string {
  const of = `${fteWords(sum.assigned)} of ${fteWords(sum.fte)} FTE`;
  if (sum.left === 0n) {
    return `${of} — all assigned`;
  }
  return sum.left > 0n
    ? `${of} — ${fteWords(sum.left)} FTE unassigned`
    : `${of} — ${fteWords(-sum.left)} FTE too many`;
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
 * group's setting; 'At its roster's salary' for an open position imported with one (no step and
 * lane until someone sets them); the reason when it has no price; empty for a position someone
 * holds in full.
 */
export function placementText(
  position: Pick<Position, 'status' | 'budgetedStep' | 'budgetedLane' | 'placementSource' | 'unpricedReason'>,
): string {
  if (!isVacancy(position)) {
    return '';
  }
  if (position.placementSource === 'roster') {
    return ROSTER_PLACEMENT;
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
  vacancy_rate: 'Roster rate',
  notes: 'Notes',
  employeeName: 'Holder',
  fteShare: 'Share',
  fundShares: 'Funds',
  fiscal_year: 'Fiscal year',
};

/** Names of the ids a history entry holds (buildings, categories, work groups), where known. */
export interface HistoryNames {
  building_id?: ReadonlyMap<number, string>;
  category_id?: ReadonlyMap<number, string>;
  work_group_id?: ReadonlyMap<number, string>;
  /** Fund names by id, for a change of fund shares. */
  funds?: ReadonlyMap<number, string>;
}

/** Fund shares as history records them ([{fundId, fte}]), in words: 'General Fund 0.600, Title I 0.400'. */
function sharesShown(value: unknown[], funds: ReadonlyMap<number, string> | undefined): string {
  return value
    .map((s) => {
      const { fundId, fte } = s as { fundId: number; fte: number };
      return `${funds?.get(fundId) ?? `fund #${fundId}`} ${formatFte(fte)}`;
    })
    .join(', ');
}

/** A value of a history entry in words: ids by their names, FTE to the thousandth, nothing as '—'. */
function shown(key: string, value: unknown, names: HistoryNames): string {
  if (value === null || value === undefined || value === '') {
    return key === 'building_id' ? 'District Wide' : '—';
  }
  if (key === 'fundShares' && Array.isArray(value)) {
    return sharesShown(value, names.funds);
  }
  const byId = names[key as Exclude<keyof HistoryNames, 'funds'>];
  if (byId && typeof value === 'number') {
    return byId.get(value) ?? `#${value}`;
  }
  if (key === 'fte' || key === 'fteShare') {
    return formatFte(value as number);
  }
  if (key === 'vacancy_rate' && (typeof value === 'number' || typeof value === 'string')) {
    return rosterRateText(String(value));
  }
  if (key === 'fiscal_year' && typeof value === 'number') {
    return fiscalYearLabel(value);
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
      // A new position's empty fields say nothing, nor its fiscal year (only a move of it does).
      .filter(
        (k) => (before && k in before) || !(after?.[k] === null || after?.[k] === '' || k === 'fiscal_year'),
      )
      .map((k) => {
        const label = HISTORY_FIELDS[k];
        const now = shown(k, after?.[k], names);
        return before && k in before
          ? `${label}: ${shown(k, before[k], names)} → ${now}`
          : `${label}: ${now}`;
      })
  );
}
