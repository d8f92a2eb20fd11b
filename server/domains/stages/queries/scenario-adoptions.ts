import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { ADJUSTED, inScope, type LineScope } from '@server/domains/planning';

export * from './adoption-positions';

/**
 * scenario_adoptions and scenario_adoption_lines (migration 20261126000200): what an adoption of a
 * cut scenario changed, and the reads its preview and its undo need. The new amount of a line is
 * the Scenario Builder's own expression (ADJUSTED in cut-scenarios.ts), so the budget receives
 * exactly the figures the builder showed.
 */

/** Who acted, as the notice names them ('Adopted ... by Alice Admin'): a user's name, else the CLI's. */
const actorName = (actor: Actor): string => (actor.kind === 'user' ? actor.name || actor.email : actor.name);

export interface PlanRow {
  id: number;
  description: string | null;
  account_line: string | null;
  category: string | null;
  building: string | null;
  /** numeric text */
  amount: string;
  percent_kept: string;
  new_amount: string;
  /** The line is in a personnel category (a salary line). */
  is_personnel: boolean;
}

const DISPLAY = `li.id, coalesce(li.account_description, li.name) AS description, li.account_line,
  bc.name AS category, b.name AS building, li.amount::text AS amount, coalesce(bc.is_personnel, false) AS is_personnel`;
const DISPLAY_JOINS = `LEFT JOIN budget_categories bc ON bc.id = li.category_id
  LEFT JOIN buildings b ON b.id = li.building_id`;

/**
 * Locks, in id order, the lines of the scope a scenario's percents would change, so nothing edits
 * them between the check of the preview's basis and the write.
 */
export async function lockPlanLines(db: Db, scope: LineScope, scenarioId: number): Promise<void> {
  const where = inScope(scope);
  await db.raw(
    `SELECT li.id FROM line_items li
       JOIN cut_adjustments adj ON adj.line_item_id = li.id AND adj.cut_scenario_id = ?
      WHERE ${where.sql} ORDER BY li.id FOR UPDATE OF li`,
    [scenarioId, ...where.bindings],
  );
}

/**
 * The lines of the scope whose amount the scenario's percents change, each with its new amount
 * (round(amount x percent kept / 100, 2), the builder's rule), in the builder's order.
 */
export async function planLines(db: Db, scope: LineScope, scenarioId: number): Promise<PlanRow[]> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT ${DISPLAY}, adj.percent_kept::text AS percent_kept, (${ADJUSTED})::text AS new_amount
       FROM line_items li
       JOIN cut_adjustments adj ON adj.line_item_id = li.id AND adj.cut_scenario_id = ?
       ${DISPLAY_JOINS}
      WHERE ${where.sql} AND (${ADJUSTED}) <> li.amount
      ORDER BY bc.display_order NULLS LAST, bc.name NULLS LAST, li.account_description, li.id`,
    [scenarioId, ...where.bindings],
  );
  return rows;
}

/** How many stage events the year has, and the latest advance (the snapshot an adoption is made from). */
export async function stageMarks(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ events: number; lastEventId: number; latestAdvanceId: number | null }> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS events, coalesce(max(id), 0)::int AS last_event_id,
            max(id) FILTER (WHERE event = 'advance')::int AS latest_advance_id
       FROM budget_stages WHERE budget_year_id = ? AND fiscal_year = ?`,
    [budgetYearId, fiscalYear],
  );
  const r = rows[0];
  return {
    events: Number(r.events),
    lastEventId: Number(r.last_event_id),
    latestAdvanceId: r.latest_advance_id === null ? null : Number(r.latest_advance_id),
  };
}

export interface AdoptionRow {
  id: number;
  cut_scenario_id: number | null;
  scenario_name: string;
  budget_year_id: number;
  fiscal_year: number;
  from_stage_id: number;
  from_stage: string;
  from_stage_date: string;
  reason: string | null;
  adopted_by_name: string;
  adopted_at: Date | string;
  totals_before: string;
  totals_after: string;
  line_count: number;
  undone_at: Date | string | null;
  undone_by_name: string | null;
  undo_reason: string | null;
}

const ADOPTION = `a.id, a.cut_scenario_id, a.scenario_name, a.budget_year_id, a.fiscal_year, a.from_stage_id,
  s.stage AS from_stage, s.stage_date::text AS from_stage_date, a.reason, a.adopted_by_name, a.adopted_at,
  a.totals_before::text AS totals_before, a.totals_after::text AS totals_after,
  (SELECT count(*)::int FROM scenario_adoption_lines l WHERE l.adoption_id = a.id) AS line_count,
  a.undone_at, a.undone_by_name, a.undo_reason
  FROM scenario_adoptions a JOIN budget_stages s ON s.id = a.from_stage_id`;

/** A budget year's adoptions (of one fiscal year, or of one scenario), newest first. */
export async function listAdoptions(
  db: Db,
  filter: { budgetYearId: number; fiscalYear?: number; scenarioId?: number; activeOnly?: boolean },
): Promise<AdoptionRow[]> {
  const { rows } = await db.raw(
    `SELECT ${ADOPTION}
      WHERE a.budget_year_id = ?
        AND (?::int IS NULL OR a.fiscal_year = ?::int)
        AND (?::int IS NULL OR a.cut_scenario_id = ?::int)
        AND (NOT ?::boolean OR a.undone_at IS NULL)
      ORDER BY a.id DESC`,
    [
      filter.budgetYearId,
      filter.fiscalYear ?? null,
      filter.fiscalYear ?? null,
      filter.scenarioId ?? null,
      filter.scenarioId ?? null,
      filter.activeOnly ?? false,
    ],
  );
  return rows;
}

export async function findAdoption(db: Db, id: number): Promise<AdoptionRow | undefined> {
  const { rows } = await db.raw(`SELECT ${ADOPTION} WHERE a.id = ?`, [id]);
  return rows[0];
}

export async function insertAdoption(
  db: Db,
  actor: Actor,
  values: {
    scenarioId: number;
    scenarioName: string;
    budgetYearId: number;
    fiscalYear: number;
    fromStageId: number;
    reason: string | null;
    totalBefore: string;
    totalAfter: string;
  },
): Promise<number> {
  const [row] = await db('scenario_adoptions')
    .insert({
      cut_scenario_id: values.scenarioId,
      scenario_name: values.scenarioName,
      budget_year_id: values.budgetYearId,
      fiscal_year: values.fiscalYear,
      from_stage_id: values.fromStageId,
      reason: values.reason,
      adopted_by: actor.kind === 'user' ? actor.id : null,
      adopted_by_name: actorName(actor),
      adopted_at: db.raw('clock_timestamp()'),
      totals_before: values.totalBefore,
      totals_after: values.totalAfter,
    })
    .returning('id');
  return Number(row.id);
}

export async function insertAdoptionLines(
  db: Db,
  adoptionId: number,
  lines: readonly {
    lineId: number;
    before: string;
    after: string;
    percentKept: string;
    reason: string | null;
  }[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += 5000) {
    await db('scenario_adoption_lines').insert(
      lines.slice(i, i + 5000).map((l) => ({
        adoption_id: adoptionId,
        line_id: l.lineId,
        amount_before: l.before,
        amount_after: l.after,
        percent_kept: l.percentKept,
        reason: l.reason,
      })),
    );
  }
}

export interface UndoRow {
  id: number;
  description: string | null;
  account_line: string | null;
  category: string | null;
  building: string | null;
  /** The line's amount now (numeric text). */
  amount: string;
  /** What the adoption replaced (what Undo returns the line to). */
  amount_before: string;
  /** What the adoption set. */
  amount_after: string;
  percent_kept: string;
  /** Whether the line was edited since the adoption (its amount is no longer the one it set). */
  edited: boolean;
}

/**
 * The adoption's lines that still exist, with their amount now, the amount the adoption replaced
 * (what Undo returns a line to) and the amount it set. A line whose amount is no longer the one the
 * adoption set was edited since (a transfer, a later adoption): Undo leaves it alone unless asked to
 * overwrite it. With `lock`, the lines are locked in id order first.
 */
export async function undoLines(db: Db, adoption: AdoptionRow, lock = false): Promise<UndoRow[]> {
  if (lock) {
    await db.raw(
      `SELECT li.id FROM line_items li JOIN scenario_adoption_lines l ON l.line_id = li.id
        WHERE l.adoption_id = ? ORDER BY li.id FOR UPDATE OF li`,
      [adoption.id],
    );
  }
  const { rows } = await db.raw(
    `SELECT ${DISPLAY}, l.amount_before::text AS amount_before, l.amount_after::text AS amount_after,
            l.percent_kept::text AS percent_kept, li.amount IS DISTINCT FROM l.amount_after AS edited
       FROM scenario_adoption_lines l
       JOIN line_items li ON li.id = l.line_id
       ${DISPLAY_JOINS}
      WHERE l.adoption_id = ?
      ORDER BY bc.display_order NULLS LAST, bc.name NULLS LAST, li.account_description, li.id`,
    [adoption.id],
  );
  return rows;
}

/**
 * The percents an adoption took from its scenario (line id -> percent), of the lines among `lineIds`
 * (those Undo returned: a line left at an edited amount keeps the cut, so the scenario must not).
 */
export async function adoptedPercents(
  db: Db,
  adoptionId: number,
  lineIds: readonly number[],
): Promise<Record<string, number>> {
  const rows = await db('scenario_adoption_lines')
    .where({ adoption_id: adoptionId })
    .whereIn('line_id', lineIds)
    .select('line_id', db.raw('percent_kept::text AS pct'));
  return Object.fromEntries(
    rows.map((r: { line_id: number; pct: string }) => [String(r.line_id), Number(r.pct)]),
  );
}

/** A later adoption of the same year, not undone, that changed some of the same lines. */
export async function laterOverlapping(
  db: Db,
  adoption: AdoptionRow,
): Promise<{ scenario_name: string } | undefined> {
  const { rows } = await db.raw(
    `SELECT a.scenario_name FROM scenario_adoptions a
      WHERE a.budget_year_id = ? AND a.fiscal_year = ? AND a.id > ? AND a.undone_at IS NULL
        AND EXISTS (SELECT 1 FROM scenario_adoption_lines l JOIN scenario_adoption_lines m
                      ON m.line_id = l.line_id AND m.adoption_id = ?
                     WHERE l.adoption_id = a.id)
      ORDER BY a.id DESC LIMIT 1`,
    [adoption.budget_year_id, adoption.fiscal_year, adoption.id, adoption.id],
  );
  return rows[0];
}

export async function markUndone(db: Db, id: number, actor: Actor, reason: string | null): Promise<void> {
  await db('scenario_adoptions')
    .where({ id })
    .update({
      undone_at: db.raw('clock_timestamp()'),
      undone_by_name: actorName(actor),
      undo_reason: reason,
    });
}
