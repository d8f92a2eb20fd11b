import type { Db } from '@server/db/index';
import type { PositionChangeListed } from '@shared/schemas/budget-stages-compare';

/**
 * The roster's position history between two moments (a stage comparison's sides: a stage's
 * recorded time, or now), newest first: what was created, closed, filled, vacated, moved or
 * resized, by whom and why. No pay: the stage comparison is read by roles that may not see it.
 */
export async function positionChangesBetween(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
  from: string | null,
  to: string | null,
  limit = 500,
): Promise<{ changes: PositionChangeListed[]; total: number }> {
  const { rows } = await db.raw(
    `SELECT ph.id, ph.position_id, ph.action, ph.reason, ph.created_at, ph.actor_label,
            coalesce(p.title, ph.after->>'title', ph.before->>'title') AS title, b.name AS building_name,
            p.fte::text AS fte, p.status, count(*) OVER ()::int AS total
       FROM position_history ph
       JOIN positions p ON p.id = ph.position_id
       LEFT JOIN buildings b ON b.id = p.building_id
      WHERE p.budget_year_id = ? AND p.fiscal_year = ?
        AND ph.action <> 'migrated'
        AND (?::timestamptz IS NULL OR ph.created_at > ?::timestamptz)
        AND (?::timestamptz IS NULL OR ph.created_at <= ?::timestamptz)
      ORDER BY ph.created_at DESC, ph.id DESC
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
      by: (r.actor_label as string | null) ?? null,
      at: new Date(r.created_at as string).toISOString(),
    })),
  };
}
