import * as q from './queries/public-dashboard';
import {
  COMPONENT_KEYS,
  MIN_CELL_COUNT,
  SALARY_ROUNDING_DOLLARS,
  SHOW_FLAG_OF,
  type ComponentKey,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';

/**
 * What a Publish may let out of the building, beyond the small-cell rule of a single snapshot
 * (suppressCells in public-dashboard-staff.ts). The rules are written out for people in
 * docs/PRIVACY.md.
 *
 * 1. A section switched off is not sent: its figures are left out of the snapshot Publish stores,
 *    and out of what residents are served (JSON, page, CSV) from the moment it is switched off.
 * 2. Differences between snapshots: residents can keep every snapshot of a year, and subtracting
 *    a staff salary total from the same total one Publish later gives the pay of whoever joined or
 *    left in between. A total is published exactly only when its head count equals, or differs by
 *    at least MIN_CELL_COUNT from, every head count at which that same total was published exactly
 *    for that year before; otherwise it is rounded to SALARY_ROUNDING_DOLLARS (the salary charts'
 *    range width) and flagged as rounded. Every earlier exact Publish counts, not just the last:
 *    a rounded Publish followed by an exact one would otherwise compare with the one before.
 */

/** The sections switched on, from a dashboard's settings (the draft's or the published copy's). */
export function shownSections(row: Pick<q.SettingsColumns, q.ShowColumn>): ReadonlySet<ComponentKey> {
  return new Set(COMPONENT_KEYS.filter((k) => row[q.flagColumn(SHOW_FLAG_OF[k])] === true));
}

/**
 * The sections whose figures a Publish stores (withoutHidden leaves them out). Switching one of
 * these off withdraws it from residents at once, not at the next Publish: what is switched off is
 * not sent. Every other change to the settings waits for Publish.
 */
export const FIGURE_SECTIONS: readonly ComponentKey[] = [
  'categoryChart',
  'buildingChart',
  'salaryCharts',
  'headcountChart',
];

/**
 * A year's figures with every section not shown left out: the salary ranges and staff by location
 * as null, the building and category breakdowns (and the per-pupil figures by category) empty.
 * The year's totals (budget, town goal, gap, spending per pupil) are the page's subject and stay.
 */
export function withoutHidden(data: PublicYearData, shown: ReadonlySet<ComponentKey>): PublicYearData {
  const categories = shown.has('categoryChart');
  const buildings = shown.has('buildingChart');
  const { deseWithheld, categoryWithheld, buildingWithheld, ...rest } = data;
  return {
    ...rest,
    categoryBreakdown: categories ? data.categoryBreakdown : [],
    deseBreakdown: categories ? data.deseBreakdown : [],
    ...(categories && deseWithheld ? { deseWithheld } : {}),
    ...(categories && categoryWithheld ? { categoryWithheld } : {}),
    ...(buildings && buildingWithheld ? { buildingWithheld } : {}),
    perPupil: data.perPupil && !categories ? { ...data.perPupil, byCategory: [] } : data.perPupil,
    perPupilDese:
      data.perPupilDese?.byCategory && !categories
        ? { ...data.perPupilDese, byCategory: [] }
        : data.perPupilDese,
    buildingBreakdown: buildings ? data.buildingBreakdown : [],
    salaryData: shown.has('salaryCharts') ? data.salaryData : null,
    locationData: shown.has('headcountChart') ? data.locationData : null,
    // Staffing goes with the staff section (absent in snapshots from before it was published).
    ...(data.staffing === undefined ? {} : { staffing: shown.has('headcountChart') ? data.staffing : null }),
  };
}

/** For one fiscal year: each staff cell's key and the head counts its total was published exactly at. */
export type YearReleases = Record<string, number[]>;
/** YearReleases by fiscal year ('2026'), as public_dashboard_configs.released_staff_counts holds them. */
export type ReleasedCounts = Record<string, YearReleases>;

/**
 * Staff cells are keyed by what they are, not their label, so renaming a building does not make
 * its total look new. The migration that made the column seeds these same keys.
 */
export const locationKey = (buildingId: number | null) =>
  buildingId === null ? 'district-wide' : `building:${buildingId}`;
export const OTHER_KEY = 'other';
export const TOTAL_KEY = 'total';

/**
 * Whether a total of `count` people may be published exactly: it equals, or is at least
 * MIN_CELL_COUNT people away from, every count the same total was published exactly at.
 */
export function exactIsSafe(count: number, released: readonly number[] = []): boolean {
  return released.every((n) => n === count || Math.abs(n - count) >= MIN_CELL_COUNT);
}

const UNIT = BigInt(SALARY_ROUNDING_DOLLARS) * 100n;

/** Cents to the nearest SALARY_ROUNDING_DOLLARS, halves away from zero, in integers. */
export function roundSalaryCents(cents: bigint): bigint {
  const sign = cents < 0n ? -1n : 1n;
  return sign * (((cents * sign * 2n + UNIT) / (2n * UNIT)) * UNIT);
}

export interface StaffCell {
  key: string;
  count: number;
}

/**
 * The difference rule over one Publish of a year's staff cells and their total: the keys whose
 * totals are rounded, and the releases after it. When any cell is rounded the total is too, or
 * the total less the exact cells would give the rounded one back.
 */
export function releaseStaffTotals(
  cells: readonly StaffCell[],
  total: StaffCell | null,
  before: YearReleases,
): { rounded: ReadonlySet<string>; after: YearReleases } {
  const rounded = new Set(cells.filter((c) => !exactIsSafe(c.count, before[c.key])).map((c) => c.key));
  if (total && (rounded.size > 0 || !exactIsSafe(total.count, before[total.key]))) {
    rounded.add(total.key);
  }
  const after: YearReleases = { ...before };
  for (const c of total ? [...cells, total] : cells) {
    if (!rounded.has(c.key)) {
      after[c.key] = [...new Set([...(before[c.key] ?? []), c.count])].sort((a, b) => a - b);
    }
  }
  return { rounded, after };
}
