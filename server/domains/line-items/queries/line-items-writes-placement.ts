import type { Db } from '@server/db/index';
import { cellPay, FULL_TIME_SALARY } from '@server/sql/salary-rule';

/**
 * Writing placements on a salary schedule (line_items.salary_step, salary_lane, salary_placement).
 * Private to the line writer (server/domains/line-items/placement.ts), which recomputes the
 * automatic next-year salary of every line moved and audits it. How a line is matched to a cell is
 * decided here (suggestPlacements), in one statement.
 */

export interface SuggestionResult {
  suggested: number;
  exact: number;
  unmatched: number;
  /** Lines whose step, lane or placement changed. */
  changed: number[];
}

/**
 * Places each of `ids` on the cell of its fiscal year's row of the schedule whose amount is nearest
 * its full-time salary (current salary / FTE: a cell is a full-time salary, so a 0.8 FTE teacher
 * paid 80% of a cell sits on that cell), marked 'suggested': ties go to the lower lane (the
 * schedule's order), then the lower step. A full-time salary more than `tolerancePercent` of itself
 * away from every cell (or none above 0) is left unplaced, clearing an earlier suggestion. Exact
 * when the cell times the FTE, to the cent, is the salary. Exact arithmetic on numeric; one statement.
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
     cand AS (SELECT li.id, li.fiscal_year, li.current_salary, li.current_fte FROM line_items li WHERE li.id = ANY(:ids)),
     best AS (
       SELECT DISTINCT ON (src.id) src.id, a.step, a.lane, ${cellPay('a.amount')} = src.current_salary AS exact
         FROM cand src
         CROSS JOIN LATERAL (SELECT ${FULL_TIME_SALARY} AS salary) ft
         JOIN salary_schedule_amounts a ON a.schedule_id = :scheduleId AND a.fiscal_year = src.fiscal_year
         JOIN lanes l ON l.lane = a.lane
        WHERE ft.salary > 0 AND abs(a.amount - ft.salary) * 100 <= ft.salary * :tolerance
        ORDER BY src.id, abs(a.amount - ft.salary), l.ord, a.step
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

/** Confirms the suggested placements of `ids`; the ids confirmed. */
export async function confirmPlacements(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db('line_items')
    .whereIn('id', [...ids])
    .where({ salary_placement: 'suggested' })
    .update({ salary_placement: 'confirmed', updated_at: db.fn.now() })
    .returning('id');
  return rows.map((r: { id: number }) => r.id);
}
