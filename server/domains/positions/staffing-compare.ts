import type { Db } from '@server/db/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { StaffingGroup } from '@shared/schemas/positions';
import type { StaffingCompared, StaffingFte, StaffingGroupCompared } from '@shared/schemas/staffing';
import { groupNames, staffingRows, type StaffingRow } from './queries/staffing';

type Dimension = 'building' | 'function' | 'workGroup';
const DIMENSIONS: Dimension[] = ['building', 'function', 'workGroup'];

/** A roster's FTE as compared and as frozen with a stage: the totals and each group by its key. */
export interface FrozenStaffing {
  totals: StaffingFte;
  groups: Record<Dimension, { key: string | null; fte: StaffingFte }[]>;
}

const fteOf = (r: StaffingRow): StaffingFte => ({
  fte: Number(r.fte),
  filledFte: Number(r.filled_fte),
  vacantFte: Number(r.vacant_fte),
});

/** FTE only (no pay, no names) of one roster's staffing rows; null when it has no positions. */
export function frozenFromRows(rows: StaffingRow[]): FrozenStaffing | null {
  const total = rows.find((r) => r.dimension === 'total');
  if (!total || Number(total.positions) === 0) {
    return null;
  }
  const groups = Object.fromEntries(
    DIMENSIONS.map((d) => [
      d,
      rows
        .filter((r) => r.dimension === d)
        .map((r) => ({ key: r.key === null ? null : String(r.key), fte: fteOf(r) })),
    ]),
  ) as FrozenStaffing['groups'];
  return { totals: fteOf(total), groups };
}

/**
 * The roster's staffing rows with a row of nothing (0 FTE, no one) for each group only a roster it
 * is compared with has: a building, function code or work group left empty this year is still a
 * change, and without its row the rows' changes would not add up to the total's. Named as the
 * query names its own rows (buildings and work groups by their names now).
 */
export async function withOtherSidesGroups(
  db: Db,
  rows: StaffingRow[],
  others: readonly (FrozenStaffing | null)[],
): Promise<StaffingRow[]> {
  const missing = DIMENSIONS.map((d) => {
    const own = new Set(
      rows.filter((r) => r.dimension === d).map((r) => (r.key === null ? null : String(r.key))),
    );
    const keys = new Set(others.flatMap((o) => o?.groups[d].map((g) => g.key) ?? []));
    return { d, keys: [...keys].filter((k) => !own.has(k)) };
  });
  if (!missing.some((m) => m.keys.length)) {
    return rows;
  }
  const ids = (d: Dimension) => missing.find((m) => m.d === d)!.keys.filter((k): k is string => k !== null);
  const names = await groupNames(db, { building: ids('building'), workGroup: ids('workGroup') });
  const empty = missing.flatMap(({ d, keys }) =>
    keys.map((key) =>
      emptyStaffingRow(d, key, key === null || d === 'function' ? null : (names[d].get(key) ?? null)),
    ),
  );
  return [...rows, ...empty];
}

/** A group (or the total) with no positions in it. */
export function emptyStaffingRow(
  dimension: StaffingRow['dimension'],
  key: string | null = null,
  name: string | null = null,
): StaffingRow {
  return {
    dimension,
    key,
    name,
    positions: 0,
    fte: 0,
    filled_fte: 0,
    vacant_fte: 0,
    unheld_fte: 0,
    frozen_fte: 0,
    budgeted_cost: 0,
    unpriced_count: 0,
    over_filled_count: 0,
    no_salary_line_count: 0,
    no_salary_line_cost: 0,
    vacant_count: 0,
    people: 0,
    paid_people: 0,
    average_salary: null,
  };
}

/**
 * A fiscal year's roster FTE as the stages domain freezes it when the year enters a stage (null
 * when the year has no positions): as its year holds it, as the staffing summary compares it.
 */
export async function staffingToFreeze(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<FrozenStaffing | null> {
  return frozenFromRows(await staffingRows(db, budgetYearId, fiscalYear, true));
}

/**
 * The staffing rows of the year before, from that year's home budget year; none when it has no home.
 * `held`: its roster as that year holds it (queries/staffing.ts heldByItsYear).
 */
export async function lastYearRows(db: Db, fiscalYear: number, held = false): Promise<StaffingRow[]> {
  const home = await homeOfFiscalYear(db, fiscalYear - 1);
  return home ? staffingRows(db, home.id, fiscalYear - 1, held) : [];
}

/**
 * The roster the year before as its year holds it, from that year's home budget year; null when it
 * has none or no positions.
 */
export async function lastYearStaffing(db: Db, fiscalYear: number): Promise<FrozenStaffing | null> {
  return frozenFromRows(await lastYearRows(db, fiscalYear, true));
}

/** The staffing frozen when the year entered its current stage (the latest advance), if any. */
export async function previousStageStaffing(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ stage: string; frozenAt: string; staffing: FrozenStaffing | null } | null> {
  const { rows } = await db.raw(
    `SELECT s.stage, s.created_at, f.staffing
       FROM budget_stages s LEFT JOIN budget_stage_staffing f ON f.stage_id = s.id
      WHERE s.budget_year_id = ? AND s.fiscal_year = ? AND s.event = 'advance'
      ORDER BY s.id DESC LIMIT 1`,
    [budgetYearId, fiscalYear],
  );
  const row = rows[0];
  if (!row) {
    return null;
  }
  const staffing = typeof row.staffing === 'string' ? JSON.parse(row.staffing) : row.staffing;
  return { stage: row.stage, frozenAt: new Date(row.created_at).toISOString(), staffing: staffing ?? null };
}

/** Each group with what the same group (by key) had in the other two rosters. */
export function withComparisons(
  groups: Record<Dimension, StaffingGroup[]>,
  lastYear: FrozenStaffing | null,
  previousStage: FrozenStaffing | null,
): Record<Dimension, StaffingGroupCompared[]> {
  const find = (from: FrozenStaffing | null, d: Dimension, key: StaffingGroup['key']) =>
    from?.groups[d].find((g) => g.key === (key === null ? null : String(key)))?.fte ?? null;
  return Object.fromEntries(
    DIMENSIONS.map((d) => [
      d,
      groups[d].map((g) => ({
        ...g,
        lastYear: find(lastYear, d, g.key),
        previousStage: find(previousStage, d, g.key),
      })),
    ]),
  ) as Record<Dimension, StaffingGroupCompared[]>;
}

export const noLastYearNote = (fiscalYear: number) =>
  `${fiscalYearLabel(fiscalYear - 1)} has no positions to compare with.`;

export type { StaffingCompared };
