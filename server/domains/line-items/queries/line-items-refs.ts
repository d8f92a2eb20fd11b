import type { Db } from '@server/db/index';

/** The reference rows a line names (building, category, work group, budget), read by the line services. */

export async function buildingExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('buildings').where({ id }).first('id'));
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('budget_categories').where({ id }).first('id'));
}

export interface WorkGroupRow {
  id: number;
  name: string;
}

export function workGroupById(db: Db, id: number): Promise<WorkGroupRow | undefined> {
  return db<WorkGroupRow>('work_groups').where({ id }).first('id', 'name');
}

/** A work group by name, ignoring case and surrounding spaces. */
export function workGroupByName(db: Db, name: string): Promise<WorkGroupRow | undefined> {
  return db<WorkGroupRow>('work_groups')
    .whereRaw('lower(name) = lower(?)', [name.trim()])
    .first('id', 'name');
}

export interface ScenarioKeyRow {
  id: number;
  budget_year_id: number;
  scenario_type: 'operating' | 'proposed';
  is_active: boolean;
}

export function scenarioKey(db: Db, id: number): Promise<ScenarioKeyRow | undefined> {
  return db<ScenarioKeyRow>('scenarios')
    .where({ id })
    .first('id', 'budget_year_id', 'scenario_type', 'is_active');
}

/** The active scenario of a type in a budget year, if any. */
export function activeScenarioKey(
  db: Db,
  budgetYearId: number,
  type: 'operating' | 'proposed',
): Promise<ScenarioKeyRow | undefined> {
  return db<ScenarioKeyRow>('scenarios')
    .where({ budget_year_id: budgetYearId, scenario_type: type, is_active: true })
    .first('id', 'budget_year_id', 'scenario_type', 'is_active');
}
