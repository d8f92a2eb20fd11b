import type { Db } from '@server/db/index';
import type { Scenario, ScenarioType } from '@shared/schemas/scenarios';

export interface ScenarioRow {
  id: number;
  budget_year_id: number;
  name: string;
  description: string | null;
  scenario_type: ScenarioType;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  line_item_count: number;
  fiscal_year: number;
  fiscal_year_line_count: number;
}

/** Row -> API shape. */
export function presentScenario(row: ScenarioRow): Scenario {
  return {
    id: row.id,
    budgetYearId: row.budget_year_id,
    name: row.name,
    description: row.description,
    scenarioType: row.scenario_type,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lineItemCount: Number(row.line_item_count),
    fiscalYear: Number(row.fiscal_year),
    fiscalYearLineCount: Number(row.fiscal_year_line_count),
  };
}

/**
 * THE count of a budget's lines in its budget year's own fiscal year (current_fiscal_year), the one
 * its name and the dashboard speak of: Budget Management's cards and lists show it. A budget also
 * holds the other fiscal years its budget year plans (prior actuals, projections); line_item_count
 * is all of them.
 */
function selectScenarios(db: Db) {
  return db('scenarios as s')
    .join('budget_years as by', 'by.id', 's.budget_year_id')
    .select(
      's.id',
      's.budget_year_id',
      's.name',
      's.description',
      's.scenario_type',
      's.is_active',
      's.created_at',
      's.updated_at',
      // Served by line_items_scenario_fy_idx.
      db.raw('(SELECT count(*)::int FROM line_items_all li WHERE li.scenario_id = s.id) AS line_item_count'),
      'by.current_fiscal_year as fiscal_year',
      db.raw(`(SELECT count(*)::int FROM line_items_all li
        WHERE li.scenario_id = s.id AND li.fiscal_year = by.current_fiscal_year) AS fiscal_year_line_count`),
    );
}

/** Scenarios of a budget year (or all), active first, then by type and name. */
export async function listScenarios(
  db: Db,
  filter: { budgetYearId?: number; scenarioType?: ScenarioType },
): Promise<ScenarioRow[]> {
  const query = selectScenarios(db).orderBy([
    { column: 's.budget_year_id' },
    { column: 's.scenario_type' },
    { column: 's.is_active', order: 'desc' },
    { column: 's.name' },
    { column: 's.id' },
  ]);
  if (filter.budgetYearId !== undefined) {
    query.where('s.budget_year_id', filter.budgetYearId);
  }
  if (filter.scenarioType !== undefined) {
    query.where('s.scenario_type', filter.scenarioType);
  }
  return (await query) as ScenarioRow[];
}

export async function findScenario(db: Db, id: number): Promise<ScenarioRow | undefined> {
  return (await selectScenarios(db).where('s.id', id).first()) as ScenarioRow | undefined;
}

/** Locks a scenario row for the transaction (set-active, rename). */
export async function lockScenario(
  db: Db,
  id: number,
): Promise<
  { id: number; budget_year_id: number; scenario_type: ScenarioType; is_active: boolean } | undefined
> {
  return db('scenarios')
    .where({ id })
    .first('id', 'budget_year_id', 'scenario_type', 'is_active')
    .forUpdate();
}

export async function findActiveScenario(
  db: Db,
  budgetYearId: number,
  type: ScenarioType,
): Promise<ScenarioRow | undefined> {
  return (await selectScenarios(db)
    .where({ 's.budget_year_id': budgetYearId, 's.scenario_type': type, 's.is_active': true })
    .first()) as ScenarioRow | undefined;
}

export async function insertScenario(
  db: Db,
  values: { budget_year_id: number; name: string; description: string | null; scenario_type: ScenarioType },
): Promise<number> {
  const [row] = await db('scenarios')
    .insert({ ...values, is_active: false })
    .returning('id');
  return row.id as number;
}

export async function updateScenario(db: Db, id: number, values: Record<string, unknown>): Promise<void> {
  await db('scenarios')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

/**
 * Deactivates the active scenario of a type in a budget year (other than `exceptId`); returns its
 * id. Run before activating another: the partial unique index allows one active per type.
 */
export async function deactivateActive(
  db: Db,
  budgetYearId: number,
  type: ScenarioType,
  exceptId: number,
): Promise<number | null> {
  const rows = await db('scenarios')
    .where({ budget_year_id: budgetYearId, scenario_type: type, is_active: true })
    .whereNot({ id: exceptId })
    .update({ is_active: false, updated_at: db.fn.now() })
    .returning('id');
  return rows.length ? (rows[0].id as number) : null;
}
