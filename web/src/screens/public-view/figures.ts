import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { OTHER_BUILDINGS_LABEL } from '@shared/public-groups';
import type { BuildingBar } from '@web/components/budget-cards/building-card';
import type { CategorySlice } from '@web/components/budget-cards/category-card';
import type { LocationRow } from '@web/components/budget-cards/headcount-card';
import { COLOR_BUDGET, COLOR_DISTRICT_WIDE } from '@web/components/charts/palette';
import { fiscalYearLabel } from '@shared/budget-math';
import { wholeDollarTable, wholeSalaries } from '@shared/whole-dollars';

// Type-only imports from the server's schema: the public page must not bundle zod.

/** 'FY27' for 2027, as everywhere in the product (budget-math has no zod, so the page stays small). */
export const fyLabel = fiscalYearLabel;

/** The words residents read when a page or a year has nothing. */
export const NOT_FOUND = 'Dashboard Not Found';
export const noDataFor = (year: number) => `No data available for ${fiscalYearLabel(year)}`;

/** The admin's preview of the page (PUBLIC_DASHBOARD_MESSAGES.previewLabel; written out: no zod here). */
export const PREVIEW_LABEL = 'Preview — not yet published';

/**
 * Where the year stands, with its date: 'School Committee Adopted, voted March 12, 2026' (issue
 * 32 item 14), as the server's plain HTML writes it; the budget named by its stage and the intro
 * about the district (one home: shared/gap-words.ts).
 */
export { schoolIntro, stageBudget, stageLine } from '@shared/gap-words';

/**
 * The tables' figures are whole dollars that add up to the Total under them (the largest-remainder
 * rule, shared/whole-dollars.ts, as the server's plain page writes them): each row within $1 of its
 * own rounding, the total rounded once. The charts draw the same figures.
 */
export function categoryFigures(data: PublicYearData): { slices: CategorySlice[]; total: number } {
  const whole = wholeDollarTable(data.categoryBreakdown.map((c) => c.amount));
  return {
    slices: data.categoryBreakdown.map((c, i) => ({
      key: c.name,
      name: c.name,
      amount: whole.rows[i],
      count: c.itemCount,
      color: c.color,
    })),
    total: whole.total,
  };
}

const isGrey = (name: string) =>
  name === 'District Wide' || name === 'Other' || name === OTHER_BUILDINGS_LABEL;

export function buildingFigures(data: PublicYearData): { bars: BuildingBar[]; total: number } {
  const whole = wholeDollarTable(data.buildingBreakdown.map((b) => b.amount));
  return {
    bars: data.buildingBreakdown.map((b, i) => ({
      key: b.name,
      name: b.name,
      amount: whole.rows[i],
      color: isGrey(b.name) ? COLOR_DISTRICT_WIDE : COLOR_BUDGET,
    })),
    total: whole.total,
  };
}

/**
 * Whether a year's staff figures count a planned year's roster of budgeted positions (filled or
 * vacant) rather than its employees; a snapshot from before the source was kept counted employees.
 */
export const countsPositions = (data: PublicYearData) => data.staffSource === 'roster';

/**
 * Staff by place; salaries in whole dollars that add up, unless some are rounded for privacy; with
 * what a row counts ('Employees', or a planned year's 'Positions').
 */
export function locationFigures(data: PublicYearData): {
  rows: LocationRow[];
  totalSalary: number | null;
  counted: 'Employees' | 'Positions';
} {
  const staff = data.locationData;
  const whole = staff ? wholeSalaries(staff) : null;
  return {
    counted: countsPositions(data) ? 'Positions' : 'Employees',
    rows: (staff?.locations ?? []).map((l, i) => ({
      key: l.location,
      location: l.location,
      count: l.count,
      totalSalary: whole ? whole.rows[i] : l.totalSalary,
      muted: l.isOther || isGrey(l.location),
    })),
    totalSalary: whole ? whole.total : (staff?.totalSalaries ?? null),
  };
}

export { isWebAddress } from '@shared/web-address';

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Whether a breakdown has an 'Other' row, which counts small groups together. */
const hasOther = (rows: readonly { isOther: boolean }[] | undefined) => Boolean(rows?.some((r) => r.isOther));

/**
 * The notes under the salary donuts: what a range is, and that small ranges are counted together
 * as Other only when there is an Other range to explain. A planned year counted from its roster
 * ranges the people in its filled positions at their budgeted salaries (the server's
 * rosterSalaryRanges), not what anyone earns now: the note says so.
 */
export function salaryNotes(data: PublicYearData): { teachers: string; paras: string } {
  const other = (rows: readonly { isOther: boolean }[] | undefined, tail: string) =>
    hasOther(rows) ? ` Ranges with fewer than 5 people are counted together as Other${tail}.` : '';
  const teachers = countsPositions(data)
    ? 'How many teachers in filled positions are budgeted to earn within each $10,000 range: each person once, at their budgeted salary. Vacant positions are not counted.'
    : 'How many teachers earn within each $10,000 range.';
  const paras = countsPositions(data)
    ? 'Paraeducators are classroom aides, counted in the same way.'
    : 'Paraeducators are classroom aides.';
  return {
    teachers: `${teachers}${other(data.salaryData?.teachers, ", so no one's pay can be singled out")}`,
    paras: `${paras}${other(data.salaryData?.paras, '')}`,
  };
}

/** The note under Staff by School: Other, planned positions and rounding said only when they apply. */
export function headcountNote(data: PublicYearData): string {
  const staff = data.locationData;
  if (!staff) {
    return '';
  }
  if (staff.totalEmployees === null) {
    return 'Totals are not shown: too few people to publish them without identifying anyone.';
  }
  const positions = countsPositions(data);
  const notes = [
    positions
      ? `Budgeted positions, filled or vacant: salaries are the budgeted pay of the people in filled positions and the salary schedule’s cost of vacant ones.`
      : '',
    hasOther(staff.locations)
      ? `Places with fewer than 5 ${positions ? 'positions or people' : 'staff'} are counted together as Other.`
      : '',
    data.includesProjectedEmployees && !positions ? 'Includes positions planned for next year.' : '',
    staff.totalSalariesRounded || staff.locations.some((l) => l.salaryRounded)
      ? 'Some salary totals are rounded to the nearest $10,000, so that no one’s pay can be worked out from an earlier version.'
      : '',
  ];
  return notes.filter(Boolean).join(' ');
}
