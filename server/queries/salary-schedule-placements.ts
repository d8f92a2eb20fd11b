import type { Db } from '@server/db/index';
import type { PlacementRow } from '@server/schemas/salary-schedules';
import { activeScope } from './line-items-scope';

/**
 * Where employee lines sit on their work group's salary schedule (line_items.salary_step,
 * salary_lane, salary_placement). The lines a schedule places are the work group's employee lines of
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
 * The budget year whose current fiscal year holds the work group's employee lines, newest first:
 * the one a suggestion places when none is named.
 */
export async function newestBudgetYearOfGroup(
  db: Db,
  workGroupId: number,
): Promise<{ id: number; current_fiscal_year: number } | undefined> {
  const result = await db.raw<{ rows: { id: number; current_fiscal_year: number }[] }>(
    `SELECT by.id, by.current_fiscal_year FROM budget_years by
      WHERE EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = by.id
                      AND li.fiscal_year = by.current_fiscal_year AND li.work_group_id = ?
                      AND li.is_operating AND NOT li.is_projected)
      ORDER BY by.current_fiscal_year DESC, by.id DESC LIMIT 1`,
    [workGroupId],
  );
  return result.rows[0];
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

export interface SuggestionResult {
  suggested: number;
  exact: number;
  unmatched: number;
  /** Lines whose step, lane or placement changed. */
  changed: number[];
}

/**
 * Places each of `ids` on the cell of its fiscal year's row of the schedule whose amount is nearest
 * its current salary, marked 'suggested': ties go to the lower lane (the schedule's order), then the
 * lower step. A salary more than `tolerancePercent` of itself away from every cell (or none above
 * 0) is left unplaced, clearing an earlier suggestion. Exact arithmetic on numeric; one statement.
 */
export async function suggestPlacements(
  db: Db,
  scheduleId: number,
  ids: readonly number[],
  tolerancePercent: number,
): Promise<SuggestionResult> {
  const result = await db.raw<{ rows: SuggestionResult[] }>(
    `WITH lanes AS (
       SELECT l.lane, l.ord FROM salary_schedules s
       CROSS JOIN LATERAL jsonb_array_elements_text(s.lanes) WITH ORDINALITY AS l(lane, ord)
       WHERE s.id = :scheduleId
     ),
     cand AS (SELECT li.id, li.fiscal_year, li.current_salary FROM line_items li WHERE li.id = ANY(:ids)),
     best AS (
       SELECT DISTINCT ON (c.id) c.id, a.step, a.lane, a.amount = c.current_salary AS exact
         FROM cand c
         JOIN salary_schedule_amounts a ON a.schedule_id = :scheduleId AND a.fiscal_year = c.fiscal_year
         JOIN lanes l ON l.lane = a.lane
        WHERE c.current_salary > 0 AND abs(a.amount - c.current_salary) * 100 <= c.current_salary * :tolerance
        ORDER BY c.id, abs(a.amount - c.current_salary), l.ord, a.step
     ),
     upd AS (
       UPDATE line_items li
          SET salary_step = b.step, salary_lane = b.lane,
              salary_placement = CASE WHEN b.id IS NULL THEN NULL ELSE 'suggested' END, updated_at = now()
         FROM cand c LEFT JOIN best b ON b.id = c.id
        WHERE li.id = c.id
          AND (li.salary_step IS DISTINCT FROM b.step OR li.salary_lane IS DISTINCT FROM b.lane
               OR li.salary_placement IS DISTINCT FROM CASE WHEN b.id IS NULL THEN NULL ELSE 'suggested' END)
       RETURNING li.id
     )
     SELECT (SELECT count(*) FROM best WHERE NOT exact)::int AS suggested,
            (SELECT count(*) FROM best WHERE exact)::int AS exact,
            (SELECT count(*) FROM cand WHERE id NOT IN (SELECT id FROM best))::int AS unmatched,
            (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM upd) AS changed`,
    { scheduleId, ids: [...ids], tolerance: tolerancePercent },
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

/**
 * Clears the placements of `ids` whose cell the schedule does not have, and (unless `keepSuggested`)
 * every suggested one; a confirmed placement on a cell that exists stays. Returns the ids cleared.
 * With scheduleId null every placement of `ids` is cleared.
 */
export async function clearPlacements(
  db: Db,
  ids: readonly number[],
  scheduleId: number | null,
  keepSuggested = false,
): Promise<number[]> {
  if (!ids.length) {
    return [];
  }
  const result = await db.raw<{ rows: { id: number }[] }>(
    `UPDATE line_items li SET salary_step = NULL, salary_lane = NULL, salary_placement = NULL, updated_at = now()
      WHERE li.id = ANY(:ids) AND li.salary_step IS NOT NULL
        AND (CAST(:scheduleId AS int) IS NULL OR (NOT CAST(:keepSuggested AS boolean) AND li.salary_placement = 'suggested')
             OR NOT EXISTS (SELECT 1 FROM salary_schedule_amounts a WHERE a.schedule_id = CAST(:scheduleId AS int)
                              AND a.step = li.salary_step AND a.lane = li.salary_lane))
      RETURNING li.id`,
    { ids: [...ids], scheduleId, keepSuggested },
  );
  return result.rows.map((r) => r.id).sort((a, b) => a - b);
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

/** Sets one line's step and lane (null clears both) with its kind. */
export async function setPlacement(
  db: Db,
  id: number,
  step: number | null,
  lane: string | null,
  kind: 'suggested' | 'confirmed' | null,
): Promise<void> {
  await db('line_items')
    .where({ id })
    .update({ salary_step: step, salary_lane: lane, salary_placement: kind, updated_at: db.fn.now() });
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

/** Confirms the suggested placements of `ids`; the ids confirmed. */
export async function confirmPlacements(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db('line_items')
    .whereIn('id', [...ids])
    .where({ salary_placement: 'suggested' })
    .update({ salary_placement: 'confirmed', updated_at: db.fn.now() })
    .returning('id');
  return rows.map((r: { id: number }) => r.id);
}

/** The scope's lines, placed or not, with the amount of their cell: what a person reviews. */
export async function placementRows(db: Db, scope: PlacementScope): Promise<PlacementRow[]> {
  const result = await db.raw<{ rows: PlacementRow[] }>(
    `SELECT li.id, concat_ws(', ', li.last_name, li.first_name) AS name, li.position,
            li.current_salary AS "currentSalary", li.salary_step AS "salaryStep", li.salary_lane AS "salaryLane",
            li.salary_placement AS "salaryPlacement", a.amount AS "cellAmount",
            li.current_salary - a.amount AS difference
       FROM line_items li
       LEFT JOIN salary_schedule_amounts a ON a.schedule_id = ? AND a.fiscal_year = li.fiscal_year
        AND a.step = li.salary_step AND a.lane = li.salary_lane
      WHERE ${SCOPE}
      ORDER BY lower(li.last_name), lower(li.first_name), li.id`,
    [scope.scheduleId, ...scopeBindings(scope)],
  );
  return result.rows;
}
