import { dashboardQueries as dash } from '@server/domains/budgets';
import { fromCents, toCents } from '@shared/schemas/common';
import {
  MIN_CELL_COUNT,
  OTHER_ROW_LABEL,
  type PublicLocation,
  type PublicSalaryBucket,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import { rangeLabel, type StaffHeadcount } from '@server/domains/budgets';
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
  /**
   * The people whose pay `cents` sums, when they are not the `count` (a roster's positions: the
   * holders of its filled ones; a vacancy's cost is a schedule's, no one's pay).
   */
  people?: number;
}

/** A cell, or the Other row, too small to publish: under MIN_CELL_COUNT, or its pay of 1 to 4 people. */
const tooSmall = (count: number, people: number) =>
  count < MIN_CELL_COUNT || (people > 0 && people < MIN_CELL_COUNT);

/**
 * Small-cell suppression with complementary suppression. Cells with fewer than MIN_CELL_COUNT
 * people (or positions whose pay is of 1 to 4 people) are not published; they are counted into one
 * 'Other' row. When that row would itself be that small, or hold a single suppressed cell (its
 * figures would be that cell's), the smallest published cells are merged into it until neither is
 * true. If even every cell together is too small, nothing is published (withheld).
 */
export function suppressCells<C extends Cell>(
  cells: C[],
): { shown: C[]; other: Cell | null; withheld: boolean } {
  const peopleOf = (c: Cell) => c.people ?? c.count;
  const sorted = [...cells].sort((a, b) => a.count - b.count || a.label.localeCompare(b.label));
  const hidden = sorted.filter((c) => tooSmall(c.count, peopleOf(c)));
  const shown = sorted.filter((c) => !hidden.includes(c));
  const sum = (of: (c: Cell) => number) => hidden.reduce((n, c) => n + of(c), 0);
  const otherTooSmall = () =>
    tooSmall(
      sum((c) => c.count),
      sum(peopleOf),
    );
  if (!hidden.length) {
    return { shown: cells.filter((c) => shown.includes(c)), other: null, withheld: false };
  }
  while ((otherTooSmall() || hidden.length < 2) && shown.length) {
    hidden.push(shown.shift()!);
  }
  if (otherTooSmall() || hidden.length < 2) {
    return { shown: [], other: null, withheld: true };
  }
  const other = {
    label: OTHER_ROW_LABEL,
    count: sum((c) => c.count),
    cents: hidden.reduce((n, c) => n + c.cents, 0n),
    people: sum(peopleOf),
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
 * with the releases after this one. The staff are the staff dashboard's (staffHeadcount): a year's
 * employee lines, or a planned year's roster of positions, whose pay is its holders' (`peopleAt`,
 * `people`): the rules count the people a total's pay is of, not its positions.
 */
export function locationData(
  headcount: Pick<StaffHeadcount, 'locations' | 'totalEmployees' | 'totalSalary' | 'people' | 'peopleAt'>,
  before: YearReleases,
): { data: NonNullable<PublicYearData['locationData']>; released: YearReleases } {
  const cells = headcount.locations.map((l) => ({
    label: l.location,
    count: l.count,
    cents: cents(l.totalSalary),
    people: headcount.peopleAt.get(l.buildingId) ?? l.count,
    key: locationKey(l.buildingId),
  }));
  const { shown, other, withheld } = suppressCells(cells);
  if (withheld) {
    return { data: { locations: [], totalEmployees: null, totalSalaries: null }, released: before };
  }
  const rows = [
    ...shown.map((c) => ({ ...c, isOther: false })),
    ...(other ? [{ ...other, people: other.people ?? other.count, key: OTHER_KEY, isOther: true }] : []),
  ];
  const total = { key: TOTAL_KEY, cents: cents(headcount.totalSalary) };
  // The difference rule is of the people whose pay a total sums (for employee lines, the count).
  const { rounded, after } = releaseStaffTotals(
    rows.map((c) => ({ key: c.key, count: c.people })),
    { key: TOTAL_KEY, count: headcount.people },
    before,
  );
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
      totalEmployees: headcount.totalEmployees,
      totalSalaries: money(total),
      totalSalariesRounded: rounded.has(TOTAL_KEY),
    },
    released: after,
  };
}
