import { dashboardQueries as dash } from '@server/domains/budgets';
import { fromCents, toCents } from '@shared/schemas/common';
import { foldSmallGroups } from '@server/lib/pay-groups';
import {
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

/**
 * Small-cell suppression with complementary suppression, by the rule every public breakdown
 * follows (server/lib/pay-groups.ts foldSmallGroups), on two sides: a cell's count and the people
 * whose pay its money is (its count, unless `people` says otherwise). Cells of 1 to 4 on either
 * side are not published; they are counted into one 'Other' row, with, on each side, the smallest
 * published cells that side counts until that row holds MIN_CELL_COUNT (so Other is never a single
 * cell's figures). A cell of no people (a school of vacancies only, whose cost is a schedule's, no
 * one's pay) is folded only by its count. If even every cell together is too small on a side,
 * nothing is published (withheld). Equal cells fold in label order, as the budget by building does
 * (public-dashboard-groups.ts), so Staff by School and Spending by School fold the same schools.
 */
export function suppressCells<C extends Cell>(
  cells: C[],
): { shown: C[]; other: Cell | null; withheld: boolean } {
  const peopleOf = (c: Cell) => c.people ?? c.count;
  const byLabel = [...cells].sort((a, b) => a.label.localeCompare(b.label));
  const { folded, withheld } = foldSmallGroups(byLabel, (c) => [c.count, peopleOf(c)]);
  if (withheld) {
    return { shown: [], other: null, withheld: true };
  }
  // Published cells keep the order they came in (largest first from the queries).
  const shown = cells.filter((c) => !folded.includes(c));
  if (!folded.length) {
    return { shown, other: null, withheld: false };
  }
  const sum = (of: (c: Cell) => number) => folded.reduce((n, c) => n + of(c), 0);
  const other = {
    label: OTHER_ROW_LABEL,
    count: sum((c) => c.count),
    cents: folded.reduce((n, c) => n + c.cents, 0n),
    people: sum(peopleOf),
  };
  return { shown, other, withheld: false };
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
