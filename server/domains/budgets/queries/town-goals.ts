import type { Db } from '@server/db/index';
import { fromCents, toCents } from '@shared/schemas/common';
import type { GoalType, TownGoal } from '@shared/schemas/town-goals';
import { activeScope } from '@server/sql/line-items-scope';
import { OF_FUNDS } from '@server/domains/funds';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';

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

/** Row -> DTO; variance is actual minus goal, computed in cents so it stays exact. */
export function presentTownGoal(row: TownGoalRow): TownGoal {
  const actual = row.actual_amount === null ? null : toCents(row.actual_amount);
  const goal = row.dollar_goal === null ? null : toCents(row.dollar_goal);
  const variance = actual !== null && goal !== null ? fromCents(actual - goal) : null;
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

/**
 * Holds one fiscal year's town goal for the rest of the transaction. Two first saves of a year
 * would otherwise both find no goal and both insert, and the second would trip the unique index
 * (a 409 to a user who did nothing wrong); with the lock the second waits and updates.
 */
export async function lockTownGoalYear(db: Db, fiscalYear: number): Promise<void> {
  await db.raw("select pg_advisory_xact_lock(hashtext('town_goals'), ?)", [fiscalYear]);
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

/**
 * The district's need for a fiscal year: the sum of the budget year's proposed lines of that year
 * that count (activeScope). With a version, only the lines of that version or of no version: a
 * version is a draft of the year's budget, lines imported under another version belong to that
 * other draft, and lines that carry none (projected, regenerated or typed in) belong to whichever
 * draft is read, so regenerating projections does not empty a version. Only the lines a gap
 * against the goal sums (GOAL_FUNDS: the general fund's). Exact: the sum as text.
 */
export async function districtNeed(
  db: Db,
  scope: { budgetYearId: number; fiscalYear: number; versionId?: number },
): Promise<string> {
  const version = scope.versionId === undefined ? '' : 'AND (li.version_id = ? OR li.version_id IS NULL)';
  const { rows } = await db.raw(
    `SELECT coalesce(sum(li.amount), 0)::text AS total FROM line_items_all li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND ${activeScope()}
        AND ${OF_FUNDS(GOAL_FUNDS, 'li')} ${version}`,
    [scope.budgetYearId, scope.fiscalYear, ...(scope.versionId === undefined ? [] : [scope.versionId])],
  );
  return rows[0].total;
}

export function findVersion(
  db: Db,
  versionId: number,
): Promise<{ id: number; budget_year_id: number | null; label: string } | undefined> {
  return db('budget_versions').where({ id: versionId }).first('id', 'budget_year_id', 'label');
}
