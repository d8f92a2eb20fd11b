import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { OTHER_BUILDINGS_LABEL } from '@shared/public-groups';
import type { BuildingBar } from '@web/components/budget-cards/building-card';
import type { CategorySlice } from '@web/components/budget-cards/category-card';
import type { LocationRow } from '@web/components/budget-cards/headcount-card';
import { sumMoney } from '@web/components/budget-cards/money';
import { COLOR_BUDGET, COLOR_DISTRICT_WIDE } from '@web/components/charts/palette';
import { fiscalYearLabel } from '@shared/budget-math';

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

export function categorySlices(data: PublicYearData): CategorySlice[] {
  return data.categoryBreakdown.map((c) => ({
    key: c.name,
    name: c.name,
    amount: c.amount,
    count: c.itemCount,
    color: c.color,
  }));
}

const isGrey = (name: string) =>
  name === 'District Wide' || name === 'Other' || name === OTHER_BUILDINGS_LABEL;

export function buildingBars(data: PublicYearData): BuildingBar[] {
  return data.buildingBreakdown.map((b) => ({
    key: b.name,
    name: b.name,
    amount: b.amount,
    color: isGrey(b.name) ? COLOR_DISTRICT_WIDE : COLOR_BUDGET,
  }));
}

export function locationRows(data: PublicYearData): LocationRow[] {
  return (data.locationData?.locations ?? []).map((l) => ({
    key: l.location,
    location: l.location,
    count: l.count,
    totalSalary: l.totalSalary,
    muted: l.isOther || isGrey(l.location),
  }));
}

/** Sum of the published amounts (the view carries each breakdown, not its total). */
export const totalOf = (rows: readonly { amount: number }[]) => sumMoney(rows.map((r) => r.amount));

export { isWebAddress } from '@shared/web-address';

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
