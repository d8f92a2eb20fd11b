import type { Db } from '@server/db/index';
import type { PositionChangeListed } from '@shared/schemas/budget-stages-compare';
import { historyActorName } from './present';

/** A holder leaving or joining: written beside the change that made them leave or join. */
const HOLDER_EVENTS = `('vacated', 'filled')`;
/** The changes a holder's leaving or joining reads as part of, first: closed, reopened, created. */
const STATUS_EVENTS = `('created', 'closed', 'status_changed', 'deleted')`;

/**
 * The roster's history rows in the window, numbered by write: one write of a position (its rows
 * in a row by id, by the same person, with the same reason, each within seconds of the one before)
 * is one change. A cut position closed by an adopted scenario writes its holders' leaving
 * ('vacated') and its closing ('closed'); undone, their return ('filled') and its status back.
 * Each write's holders' leaving and joining then fold into the change they were part of (its
 * status change first, else its last other change): counted there, not listed on their own. A
 * write of holders alone (a person leaving, or taking the job) lists them as they are.
 */
const CHANGES = `
  WITH steps AS (
    SELECT ph.id, ph.position_id, ph.action, ph.reason, ph.created_at, ph.actor_label, ph.before, ph.after,
           u.name AS user_name,
           CASE WHEN lag(ph.id) OVER w IS NULL
                  OR lag(ph.reason) OVER w IS DISTINCT FROM ph.reason
                  OR lag(ph.user_id) OVER w IS DISTINCT FROM ph.user_id
                  OR lag(ph.actor_label) OVER w IS DISTINCT FROM ph.actor_label
                  OR ph.created_at - lag(ph.created_at) OVER w > interval '5 seconds'
                THEN 1 ELSE 0 END AS starts
      FROM position_history ph
      JOIN positions p ON p.id = ph.position_id
      LEFT JOIN users u ON u.id = ph.user_id
     WHERE p.budget_year_id = ? AND p.fiscal_year = ?
       AND ph.action <> 'migrated'
       AND (?::timestamptz IS NULL OR ph.created_at > ?::timestamptz)
       AND (?::timestamptz IS NULL OR ph.created_at <= ?::timestamptz)
    WINDOW w AS (PARTITION BY ph.position_id ORDER BY ph.id)
  ), writes AS (
    SELECT s.*, sum(s.starts) OVER (PARTITION BY s.position_id ORDER BY s.id) AS write_no FROM steps s
  ), grouped AS (
    SELECT wr.*,
           coalesce(min(wr.id) FILTER (WHERE wr.action IN ${STATUS_EVENTS}) OVER c,
                    max(wr.id) FILTER (WHERE wr.action NOT IN ${HOLDER_EVENTS}) OVER c) AS into_id,
           count(*) FILTER (WHERE wr.action = 'vacated') OVER c AS left_n,
           count(*) FILTER (WHERE wr.action = 'filled') OVER c AS joined_n
      FROM writes wr
    WINDOW c AS (PARTITION BY wr.position_id, wr.write_no)
  )`;

/**
 * The roster's position history between two moments (a stage comparison's sides: a stage's
 * recorded time, or now), newest first, one row per change of a position: what was created,
 * closed, filled, vacated, moved or resized, by whom and why. No pay: the stage comparison is read
 * by roles that may not see it.
 */
export async function positionChangesBetween(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
  from: string | null,
  to: string | null,
  limit = 500,
): Promise<{ changes: PositionChangeListed[]; total: number }> {
  const { rows } = await db.raw(
    `${CHANGES}
     SELECT g.id, g.position_id, g.action, g.reason, g.created_at, g.actor_label, g.user_name,
            CASE WHEN g.id = g.into_id THEN g.left_n ELSE 0 END::int AS holders_left,
            CASE WHEN g.id = g.into_id THEN g.joined_n ELSE 0 END::int AS holders_joined,
            coalesce(p.title, g.after->>'title', g.before->>'title') AS title, b.name AS building_name,
            p.fte::text AS fte, p.status, count(*) OVER ()::int AS total
       FROM grouped g
       JOIN positions p ON p.id = g.position_id
       LEFT JOIN buildings b ON b.id = p.building_id
      WHERE NOT (g.action IN ${HOLDER_EVENTS} AND g.into_id IS NOT NULL)
      ORDER BY g.created_at DESC, g.id DESC
      LIMIT ?`,
    [roster.budgetYearId, roster.fiscalYear, from, from, to, to, limit],
  );
  return {
    total: rows[0]?.total ?? 0,
    changes: rows.map((r: Record<string, unknown>) => ({
      positionId: Number(r.position_id),
      title: String(r.title ?? ''),
      building: (r.building_name as string | null) ?? null,
      action: String(r.action),
      fte: r.fte === null ? null : Number(r.fte),
      status: (r.status as string | null) ?? null,
      reason: (r.reason as string | null) ?? null,
      by: historyActorName(r as { user_name: string | null; actor_label: string | null }),
      holdersLeft: Number(r.holders_left),
      holdersJoined: Number(r.holders_joined),
      at: new Date(r.created_at as string).toISOString(),
    })),
  };
}
