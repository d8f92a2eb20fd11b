import type { Db } from '@server/db/index';
import type { PlacementRow } from '@shared/schemas/salary-schedules';
import { activeScope } from '@server/sql/line-items-scope';
import { cellPay } from '@server/sql/salary-rule';

/**
 * Where employee lines sit on their work group's salary schedule (line_items.salary_step,
 * salary_lane, salary_placement); the placements are written by the line writer
 * (./line-items-writes-placement.ts). The lines a schedule places are the work group's employee lines of
 * a budget year's current fiscal year: not projected (Generate Projections carries the step forward
 * itself), in the active budgets.
 */

export interface PlacementScope {
  scheduleId: number;
  workGroupId: number;
  budgetYearId: number;
  fiscalYear: number;
}

const SCOPE = `li.budget_year_id = ? AND li.fiscal_year = ? AND li.work_group_id = ?
  AND li.is_operating AND NOT li.is_projected AND ${activeScope()}`;
const scopeBindings = (s: PlacementScope) => [s.budgetYearId, s.fiscalYear, s.workGroupId];

/**
 * The budget year whose `fiscalYear` (default: its current fiscal year) holds the work group's
 * employee lines, newest first: the one a suggestion places when none is named.
 */
export async function newestBudgetYearOfGroup(
  db: Db,
  workGroupId: number,
  fiscalYear: number | null = null,
): Promise<{ id: number; current_fiscal_year: number } | undefined> {
  const result = await db.raw<{ rows: { id: number; current_fiscal_year: number }[] }>(
    `SELECT by.id, by.current_fiscal_year FROM budget_years by
      WHERE EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = by.id
                      AND li.fiscal_year = coalesce(?::int, by.current_fiscal_year) AND li.work_group_id = ?
                      AND li.is_operating AND NOT li.is_projected)
      ORDER BY by.current_fiscal_year DESC, by.id DESC LIMIT 1`,
    [fiscalYear, workGroupId],
  );
  return result.rows[0];
}

/** The fiscal years of a budget year holding the work group's placeable employee lines, in order. */
export async function fiscalYearsOfGroup(
  db: Db,
  budgetYearId: number,
  workGroupId: number,
): Promise<number[]> {
  const result = await db.raw<{ rows: { fiscal_year: number }[] }>(
    `SELECT DISTINCT li.fiscal_year FROM line_items li
      WHERE li.budget_year_id = ? AND li.work_group_id = ? AND li.is_operating AND NOT li.is_projected
        AND ${activeScope()}
      ORDER BY li.fiscal_year`,
    [budgetYearId, workGroupId],
  );
  return result.rows.map((r) => r.fiscal_year);
}

/** The lines a suggestion may move: in scope and not confirmed by a person. */
export async function suggestableLineIds(db: Db, scope: PlacementScope): Promise<number[]> {
  const result = await db.raw<{ rows: { id: number }[] }>(
    `SELECT li.id FROM line_items li
      WHERE ${SCOPE} AND li.salary_placement IS DISTINCT FROM 'confirmed'
      ORDER BY li.id FOR UPDATE OF li`,
    scopeBindings(scope),
  );
  return result.rows.map((r) => r.id);
}

/**
 * Of `ids`, the lines on a suggested cell whose next-year salary (the rule, on that cell) is below
 * their current salary, and by how much in all: a suggestion moves the automatic next-year salary
 * before anyone confirms it, so a cell below a person's pay would cut it silently.
 */
export async function belowCurrentSalary(
  db: Db,
  ids: readonly number[],
): Promise<{ count: number; amount: string }> {
  const result = await db.raw<{ rows: { count: number; amount: string }[] }>(
    `SELECT count(*)::int AS count, coalesce(sum(li.current_salary - li.next_year_salary), 0)::text AS amount
       FROM line_items li
      WHERE li.id = ANY(?) AND li.salary_placement = 'suggested' AND NOT li.next_year_salary_manual
        AND li.next_year_salary < li.current_salary`,
    [[...ids]],
  );
  return result.rows[0];
}

/** Lines of a work group (any budget year, projected too) that have a placement. */
export async function placedLineIds(db: Db, workGroupId: number): Promise<number[]> {
  const rows = await db('line_items')
    .where({ work_group_id: workGroupId, is_operating: true })
    .whereNotNull('salary_step')
    .orderBy('id')
    .forUpdate()
    .select('id');
  return rows.map((r: { id: number }) => r.id);
}

/** Whether the schedule has the step and the lane (in any year). */
export async function cellExists(
  db: Db,
  scheduleId: number,
  step: number,
  lane: string,
): Promise<{ step: boolean; lane: boolean }> {
  const result = await db.raw<{ rows: { step: boolean; lane: boolean }[] }>(
    `SELECT EXISTS (SELECT 1 FROM salary_schedule_amounts WHERE schedule_id = :id AND step = :step) AS step,
            EXISTS (SELECT 1 FROM salary_schedule_amounts WHERE schedule_id = :id AND lane = :lane) AS lane`,
    { id: scheduleId, step, lane },
  );
  return result.rows[0];
}

/** Of `ids`, the lines that are not employee lines of the work group with a placement. */
export async function notPlacedInGroup(
  db: Db,
  ids: readonly number[],
  workGroupId: number,
): Promise<number[]> {
  const placed = await db('line_items')
    .whereIn('id', [...ids])
    .where({ work_group_id: workGroupId, is_operating: true })
    .whereNotNull('salary_step')
    .forUpdate()
    .select('id');
  const ok = new Set(placed.map((r: { id: number }) => r.id));
  return ids.filter((id) => !ok.has(id));
}

/** The scope's lines, placed or not, with what their cell pays them (times their FTE): what a person reviews. */
export async function placementRows(db: Db, scope: PlacementScope): Promise<PlacementRow[]> {
  const result = await db.raw<{ rows: PlacementRow[] }>(
    `SELECT li.id, concat_ws(', ', li.last_name, li.first_name) AS name, li.position,
            li.current_salary AS "currentSalary", li.salary_step AS "salaryStep", li.salary_lane AS "salaryLane",
            li.salary_placement AS "salaryPlacement", pay.amount AS "cellAmount",
            li.current_salary - pay.amount AS difference
       FROM line_items li
       LEFT JOIN salary_schedule_amounts a ON a.schedule_id = ? AND a.fiscal_year = li.fiscal_year
        AND a.step = li.salary_step AND a.lane = li.salary_lane
       -- What the cell pays this line: the full-time amount times its FTE.
       CROSS JOIN LATERAL (SELECT ${cellPay('a.amount')} AS amount FROM (SELECT li.current_fte) src) pay
      WHERE ${SCOPE}
      ORDER BY lower(li.last_name), lower(li.first_name), li.id`,
    [scope.scheduleId, ...scopeBindings(scope)],
  );
  return result.rows;
}
