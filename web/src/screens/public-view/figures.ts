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
export const noDataFor = (year: number) => `No data available for FY${year}`;

/** The admin's preview of the page (PUBLIC_DASHBOARD_MESSAGES.previewLabel; written out: no zod here). */
export const PREVIEW_LABEL = 'Preview — not yet published';

/** 'School Committee Adopted budget' for a year published in a stage; 'proposed budget' in Draft. */
export const stageBudget = (stageLabel: string | null | undefined) =>
  stageLabel ? `${stageLabel} budget` : 'proposed budget';

/**
 * Where the year stands, with its date: 'School Committee Adopted, voted March 12, 2026' (issue
 * 32 item 14), as the server's plain HTML writes it (one home: shared/gap-words.ts).
 */
export { stageLine } from '@shared/gap-words';

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

/** Staff by place; salaries in whole dollars that add up, unless some are rounded for privacy. */
export function locationFigures(data: PublicYearData): { rows: LocationRow[]; totalSalary: number | null } {
  const staff = data.locationData;
  const whole = staff ? wholeSalaries(staff) : null;
  return {
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
