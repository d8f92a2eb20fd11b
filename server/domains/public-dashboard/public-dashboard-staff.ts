import { dashboardQueries as dash } from '@server/domains/budgets';
import { fromCents, toCents } from '@shared/schemas/common';
import {
  MIN_CELL_COUNT,
  OTHER_ROW_LABEL,
  type PublicLocation,
  type PublicSalaryBucket,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import { rangeLabel } from '@server/domains/budgets';
import {
  locationKey,
  OTHER_KEY,
  releaseStaffTotals,
  roundSalaryCents,
  TOTAL_KEY,
  type YearReleases,
} from './public-dashboard-release';

/**
 * The public staff figures (salary ranges, staff by location) of a year's snapshot
 * (./public-dashboard-figures.ts), after the rules that keep a person from being singled out.
 */

interface Cell {
  label: string;
  count: number;
  /** A money total of the cell in cents, when it has one. */
  cents: bigint;
}

/**
 * Small-cell suppression with complementary suppression. Cells with fewer than MIN_CELL_COUNT
 * people are not published; they are counted into one 'Other' row. When that row would itself hold
 * fewer than MIN_CELL_COUNT people, or hold a single suppressed cell (its figures would be that
 * cell's), the smallest published cells are merged into it until neither is true. If even every
 * cell together is too small, nothing is published (withheld).
 */
export function suppressCells(cells: Cell[]): { shown: Cell[]; other: Cell | null; withheld: boolean } {
  const sorted = [...cells].sort((a, b) => a.count - b.count || a.label.localeCompare(b.label));
  const hidden = sorted.filter((c) => c.count < MIN_CELL_COUNT);
  const shown = sorted.filter((c) => c.count >= MIN_CELL_COUNT);
  const hiddenCount = () => hidden.reduce((n, c) => n + c.count, 0);
  if (!hidden.length) {
    return { shown: cells.filter((c) => shown.includes(c)), other: null, withheld: false };
  }
  while ((hiddenCount() < MIN_CELL_COUNT || hidden.length < 2) && shown.length) {
    hidden.push(shown.shift()!);
  }
  if (hiddenCount() < MIN_CELL_COUNT) {
    return { shown: [], other: null, withheld: true };
  }
  const other = {
    label: OTHER_ROW_LABEL,
    count: hiddenCount(),
    cents: hidden.reduce((n, c) => n + c.cents, 0n),
  };
  // Published cells keep the order they came in (largest first from the queries).
  return { shown: cells.filter((c) => shown.includes(c)), other, withheld: false };
}

const cents = (dollars: number) => toCents(dollars) ?? 0n;

export function salaryBuckets(
  rows: dash.SalaryRangeRow[],
  group: 'teachers' | 'paras',
): PublicSalaryBucket[] {
  const cells = rows
    .filter((r) => r.group === group)
    .map((r) => ({ label: rangeLabel(r.rangeStart), count: r.count, cents: 0n, start: r.rangeStart }));
  const { shown, other } = suppressCells(cells);
  const buckets: PublicSalaryBucket[] = shown.map((c) => ({
    range: c.label,
    rangeStart: (c as (typeof cells)[number]).start,
    count: c.count,
    isOther: false,
  }));
  if (other) {
    buckets.push({ range: other.label, rangeStart: null, count: other.count, isOther: true });
  }
  return buckets;
}

/**
 * Staff by location after the small-cell rule, each salary total exact or rounded by the rule on
 * differences between snapshots (public-dashboard-release.ts) against the year's earlier releases;
 * with the releases after this one.
 */
export function locationData(
  headcount: dash.HeadcountFigures,
  before: YearReleases,
): { data: NonNullable<PublicYearData['locationData']>; released: YearReleases } {
  const cells = headcount.locations.map((l) => ({
    label: l.location,
    count: l.count,
    cents: cents(l.totalSalary),
    key: locationKey(l.buildingId),
  }));
  const { shown, other, withheld } = suppressCells(cells);
  if (withheld) {
    return { data: { locations: [], totalEmployees: null, totalSalaries: null }, released: before };
  }
  const rows = [
    ...shown.map((c) => ({ ...(c as (typeof cells)[number]), isOther: false })),
    ...(other ? [{ ...other, key: OTHER_KEY, isOther: true }] : []),
  ];
  const total = { key: TOTAL_KEY, count: headcount.totalEmployees, cents: cents(headcount.totalSalary) };
  const { rounded, after } = releaseStaffTotals(rows, total, before);
  const money = (c: { key: string; cents: bigint }) =>
    fromCents(rounded.has(c.key) ? roundSalaryCents(c.cents) : c.cents);
  const locations: PublicLocation[] = rows.map((c) => ({
    location: c.label,
    count: c.count,
    totalSalary: money(c),
    isOther: c.isOther,
    salaryRounded: rounded.has(c.key),
  }));
  return {
    data: {
      locations,
      totalEmployees: total.count,
      totalSalaries: money(total),
      totalSalariesRounded: rounded.has(TOTAL_KEY),
    },
    released: after,
  };
}
