import type { Db } from '@server/db/index';
import type { GoalType, TownGoal } from '@server/schemas/town-goals';
import { activeBudgetScope } from './fiscal-years';

export interface TownGoalRow {
  id: number;
  fiscal_year: number;
  goal_type: GoalType;
  dollar_goal: number | null;
  percent_goal: number | null;
  baseline_year: number | null;
  baseline_amount: number | null;
  actual_amount: number | null;
  notes: string | null;
  is_baseline: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export type TownGoalValues = Omit<TownGoalRow, 'id' | 'created_at' | 'updated_at'>;

const cents = (v: number) => Math.round(v * 100);

/** Row -> DTO; variance is actual minus goal, computed in cents so it stays exact. */
export function presentTownGoal(row: TownGoalRow): TownGoal {
  const variance =
    row.actual_amount !== null && row.dollar_goal !== null
      ? (cents(row.actual_amount) - cents(row.dollar_goal)) / 100
      : null;
  return {
    id: row.id,
    fiscalYear: row.fiscal_year,
    goalType: row.goal_type,
    dollarGoal: row.dollar_goal,
    percentGoal: row.percent_goal,
    baselineYear: row.baseline_year,
    baselineAmount: row.baseline_amount,
    actualAmount: row.actual_amount,
    variance,
    notes: row.notes,
    isBaseline: row.is_baseline,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function listTownGoals(db: Db): Promise<TownGoalRow[]> {
  return db<TownGoalRow>('town_goals').select('*').orderBy('fiscal_year');
}

export function findTownGoalById(db: Db, id: number): Promise<TownGoalRow | undefined> {
  return db<TownGoalRow>('town_goals').where({ id }).first();
}

export function findTownGoalByYear(db: Db, fiscalYear: number): Promise<TownGoalRow | undefined> {
  return db<TownGoalRow>('town_goals').where({ fiscal_year: fiscalYear }).first();
}

export async function insertTownGoal(db: Db, values: TownGoalValues): Promise<TownGoalRow> {
  const [row] = await db<TownGoalRow>('town_goals').insert(values).returning('*');
  return row;
}

export async function updateTownGoal(db: Db, id: number, values: TownGoalValues): Promise<TownGoalRow> {
  const [row] = await db('town_goals')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() })
    .returning('*');
  return row as TownGoalRow;
}

export async function deleteTownGoal(db: Db, id: number): Promise<void> {
  await db('town_goals').where({ id }).del();
}

/** Sum of a budget version's proposed lines in a fiscal year (the district's need for that draft). */
export async function proposedTotalOfVersion(db: Db, versionId: number, fiscalYear: number): Promise<number> {
  const row = await db('line_items')
    .where({ version_id: versionId, fiscal_year: fiscalYear, is_operating: false })
    .sum<{ total: number | null }>('amount as total')
    .first();
  return Number(row?.total ?? 0);
}

/** Sum of a budget year's active proposed budget in a fiscal year. */
export async function proposedTotalOfBudgetYear(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<number> {
  const active = activeBudgetScope(budgetYearId);
  const { rows } = await db.raw(
    `SELECT coalesce(sum(li.amount), 0) AS total FROM line_items li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND ${active.sql}`,
    [budgetYearId, fiscalYear, ...active.bindings],
  );
  return Number(rows[0].total);
}

/**
 * The budget year a fiscal year's need is read from when the caller names none: the latest budget
 * year (by current fiscal year) holding proposed lines for it, so a projection made in FY26 counts
 * until FY27's own budget is imported.
 */
export async function budgetYearWithProposedLines(db: Db, fiscalYear: number): Promise<number | null> {
  const row = await db('line_items as li')
    .join('budget_years as by', 'by.id', 'li.budget_year_id')
    .where({ 'li.fiscal_year': fiscalYear, 'li.is_operating': false })
    .orderBy([
      { column: 'by.current_fiscal_year', order: 'desc' },
      { column: 'by.id', order: 'desc' },
    ])
    .first('li.budget_year_id');
  return row ? row.budget_year_id : null;
}

export function versionExists(db: Db, versionId: number) {
  return db('budget_versions').where({ id: versionId }).first('id', 'budget_year_id');
}
