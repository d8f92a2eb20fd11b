import type { ColaScenario, ColaSetting } from '@web/api/cola';
import type { WorkGroupCategory } from '@web/api/work-groups';
import {
  GRID_CATEGORIES,
  GRID_YEARS,
  INVALID_SCENARIO_MESSAGE as INVALID_SCENARIO,
  NOTHING_TO_SAVE_MESSAGE as NOTHING_TO_SAVE,
  NO_SCENARIO_MESSAGE as NO_SCENARIO,
} from '@shared/schemas/cola-scenarios';
import { fiscalYearLabel } from '@shared/budget-math';
import { isColaPercent } from '@shared/schemas/contracts';

export { GRID_CATEGORIES, GRID_YEARS, INVALID_SCENARIO, NOTHING_TO_SAVE, NO_SCENARIO };

/** The grid's cells as typed, keyed `${categoryId}:${fiscalYear}`. */
export type GridValues = Record<string, string>;

export const cellKey = (categoryId: number, fiscalYear: number) => `${categoryId}:${fiscalYear}`;

/** The grid's categories: the four of GRID_CATEGORIES first, in order, then any other the district has. */
export function gridCategories(categories: readonly WorkGroupCategory[]): WorkGroupCategory[] {
  const rank = (c: WorkGroupCategory) => {
    const i = (GRID_CATEGORIES as readonly string[]).indexOf(c.name.trim().toUpperCase());
    return i === -1 ? GRID_CATEGORIES.length : i;
  };
  return [...categories].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The cells a scenario's category settings fill. */
export function gridFromSettings(settings: readonly ColaSetting[]): GridValues {
  const values: GridValues = {};
  for (const s of settings) {
    if (s.workGroupCategoryId !== null) {
      values[cellKey(s.workGroupCategoryId, s.fiscalYear)] = String(s.colaPercentage);
    }
  }
  return values;
}

export interface GridSave {
  body: {
    scenarioId: number;
    settings: { workGroupCategoryId: number; fiscalYear: number; colaPercentage: number }[];
  } | null;
  /** The form's message (one of the three above), or null. */
  message: string | null;
  /** Cells that are not a percent from 0 to 100, by cell key. */
  cellErrors: Record<string, string>;
}

/**
 * The checks before saving, in this order: a scenario is chosen, it is one that exists,
 * and at least one cell holds a number. A blank cell is not sent (the year keeps what it has).
 */
export function checkGrid(
  scenarioId: number | null,
  scenarios: readonly ColaScenario[],
  categories: readonly WorkGroupCategory[],
  values: GridValues,
): GridSave {
  if (scenarioId === null) {
    return { body: null, message: NO_SCENARIO, cellErrors: {} };
  }
  if (!scenarios.some((s) => s.id === scenarioId)) {
    return { body: null, message: INVALID_SCENARIO, cellErrors: {} };
  }
  const settings: NonNullable<GridSave['body']>['settings'] = [];
  const cellErrors: Record<string, string> = {};
  for (const c of categories) {
    for (const fiscalYear of GRID_YEARS) {
      const key = cellKey(c.id, fiscalYear);
      const text = (values[key] ?? '').trim();
      if (text === '') {
        continue;
      }
      const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      if (!isColaPercent(n)) {
        cellErrors[key] =
          `Enter a percent from 0 to 100 with at most 2 decimals for ${c.name} ${fiscalYearLabel(fiscalYear)}`;
        continue;
      }
      settings.push({ workGroupCategoryId: c.id, fiscalYear, colaPercentage: n });
    }
  }
  const firstError = Object.values(cellErrors)[0];
  if (firstError) {
    return { body: null, message: firstError, cellErrors };
  }
  if (settings.length === 0) {
    return { body: null, message: NOTHING_TO_SAVE, cellErrors };
  }
  return { body: { scenarioId, settings }, message: null, cellErrors };
}
