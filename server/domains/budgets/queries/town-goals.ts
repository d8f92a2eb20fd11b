import type { Db } from '@server/db/index';
import { fromCents, toCents } from '@shared/schemas/common';
import {
  dollarsFromPercent,
  percentFromDollars,
  type GoalType,
  type TownGoal,
} from '@shared/schemas/town-goals';
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

/**
 * A goal as it stands now (standingGoals): when baseline_from_goal, its baseline_amount is the
 * baseline year's goal as that goal stands, and the half worked out from the baseline (a percent
 * goal's dollars, a dollar goal's percent) is worked out from it again.
 */
export interface StandingTownGoal extends TownGoalRow {
  baseline_from_goal: boolean;
}

/**
 * Whether a stored goal's baseline is its baseline year's goal rather than an amount: no amount was
 * stored for it. A BOTH goal keeps the baseline its two halves were checked against.
 */
export const followsBaselineGoal = (row: TownGoalRow) =>
  row.baseline_amount === null && row.baseline_year !== null && row.goal_type !== 'BOTH';

/** A stored goal as it stands, given the standing goal of its baseline year (if it has one). */
function standing(row: TownGoalRow, followed: StandingTownGoal | undefined): StandingTownGoal {
  if (!followsBaselineGoal(row)) {
    return { ...row, baseline_from_goal: false };
  }
  const baseline = followed?.dollar_goal ?? null;
  if (baseline === null) {
    // Nothing to follow (yet): the figures stored at the last save.
    return { ...row, baseline_from_goal: true };
  }
  return {
    ...row,
    baseline_from_goal: true,
    baseline_amount: baseline,
    // The one rule (shared/schemas/town-goals.ts): baseline x (1 + percent / 100), to the cent.
    dollar_goal:
      row.goal_type === 'PERCENT' && row.percent_goal !== null
        ? (dollarsFromPercent(baseline, row.percent_goal) ?? row.dollar_goal)
        : row.dollar_goal,
    percent_goal:
      row.goal_type === 'DOLLAR' && row.dollar_goal !== null
        ? percentFromDollars(baseline, row.dollar_goal)
        : row.percent_goal,
  };
}

/**
 * Every goal as it stands now, oldest fiscal year first. A goal that follows its baseline year's
 * goal reads that goal's dollars as they are now, so a percent goal's dollars move with it (and a
 * goal following a percent goal moves with that one in turn); a baseline entered as an amount is
 * that amount. The baseline year is always an earlier year, so the goal followed is worked out first.
 */
export function standingGoals(rows: readonly TownGoalRow[]): StandingTownGoal[] {
  const byYear = new Map<number, StandingTownGoal>();
  return [...rows]
    .sort((a, b) => a.fiscal_year - b.fiscal_year)
    .map((row) => {
      const goal = standing(row, row.baseline_year === null ? undefined : byYear.get(row.baseline_year));
      byYear.set(goal.fiscal_year, goal);
      return goal;
    });
}

/** The goals that follow the goal of `fiscalYear`, directly or through another goal that does. */
export function followersOf(goals: readonly StandingTownGoal[], fiscalYear: number): StandingTownGoal[] {
  const years = new Set([fiscalYear]);
  const out: StandingTownGoal[] = [];
  for (const g of goals) {
    if (g.baseline_from_goal && g.baseline_year !== null && years.has(g.baseline_year)) {
      years.add(g.fiscal_year);
      out.push(g);
    }
  }
  return out;
}

/** Row -> DTO; variance is actual minus goal, computed in cents so it stays exact. */
export function presentTownGoal(row: StandingTownGoal): TownGoal {
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
    baselineFromGoal: row.baseline_from_goal,
    actualAmount: row.actual_amount,
    variance,
    notes: row.notes,
    isBaseline: row.is_baseline,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Every town goal as it stands now (standingGoals), oldest fiscal year first. */
export async function listTownGoals(db: Db): Promise<StandingTownGoal[]> {
  return standingGoals(await db<TownGoalRow>('town_goals').select('*').orderBy('fiscal_year'));
}

export async function findTownGoalById(db: Db, id: number): Promise<StandingTownGoal | undefined> {
  return (await listTownGoals(db)).find((g) => g.id === id);
}

/**
 * Holds one fiscal year's town goal for the rest of the transaction. Two first saves of a year
 * would otherwise both find no goal and both insert, and the second would trip the unique index
 * (a 409 to a user who did nothing wrong); with the lock the second waits and updates.
 */
export async function lockTownGoalYear(db: Db, fiscalYear: number): Promise<void> {
  await db.raw("select pg_advisory_xact_lock(hashtext('town_goals'), ?)", [fiscalYear]);
}

/**
 * A fiscal year's town goal as it stands now: every reader of a goal's dollars (the guidance, the
 * gap, the dashboard, the scenarios, the multi-year plan, a Publish) reads them here.
 */
export async function findTownGoalByYear(db: Db, fiscalYear: number): Promise<StandingTownGoal | undefined> {
  return (await listTownGoals(db)).find((g) => g.fiscal_year === fiscalYear);
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

/** Stores a goal's baseline and figures as they stand, so it no longer follows another goal. */
export async function keepStandingFigures(db: Db, goal: StandingTownGoal): Promise<void> {
  await db('town_goals').where({ id: goal.id }).update({
    baseline_amount: goal.baseline_amount,
    dollar_goal: goal.dollar_goal,
    percent_goal: goal.percent_goal,
    updated_at: db.fn.now(),
  });
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
): Promise<{ total: string; count: number }> {
  const version = scope.versionId === undefined ? '' : 'AND (li.version_id = ? OR li.version_id IS NULL)';
  const { rows } = await db.raw(
    `SELECT coalesce(sum(li.amount), 0)::text AS total, count(*)::int AS count FROM line_items_all li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND ${activeScope()}
        AND ${OF_FUNDS(GOAL_FUNDS, 'li')} ${version}`,
    [scope.budgetYearId, scope.fiscalYear, ...(scope.versionId === undefined ? [] : [scope.versionId])],
  );
  return { total: rows[0].total, count: Number(rows[0].count) };
}

export function findVersion(
  db: Db,
  versionId: number,
): Promise<{ id: number; budget_year_id: number | null; label: string } | undefined> {
  return db('budget_versions').where({ id: versionId }).first('id', 'budget_year_id', 'label');
}
