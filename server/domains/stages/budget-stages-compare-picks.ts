import type { Db } from '@server/db/index';
import type { PositionChangeCompared, PositionChangeListed } from '@shared/schemas/budget-stages-compare';
import { adoptionPicks } from './queries/adoption-positions';
import { adoptionCause } from './scenario-adoption-plan';

/**
 * The comparison's position changes, each closing an adopted scenario made carrying why the
 * scenario's cut took that position and its $0 warning then (kept with what the adoption closed:
 * the scenario's own changes are emptied by it). The position's history gives the adoption's
 * reason, not the pick's. A closing is the adoption's when the history wrote the adoption's reason
 * for that position at or after its adoption: the latest such adoption before it, so a position
 * closed, given back and closed again reads each closing's own pick. Every other change (an add, a
 * closing by hand, an undo, a cut saved before picks were kept) carries none.
 */
export async function withPicks(
  db: Db,
  changes: readonly PositionChangeListed[],
): Promise<PositionChangeCompared[]> {
  const closed = [...new Set(changes.filter((c) => c.action === 'closed').map((c) => c.positionId))];
  const picks = await adoptionPicks(db, closed);
  return changes.map((c) => {
    const at = Date.parse(c.at);
    const own =
      c.action === 'closed'
        ? picks.findLast(
            (p) =>
              p.position_id === c.positionId &&
              new Date(p.adopted_at).getTime() <= at &&
              adoptionCause(p.scenario_name, p.reason) === c.reason,
          )
        : undefined;
    return { ...c, pickWhy: own?.pick_why ?? null, pickWarning: own?.pick_warning ?? null };
  });
}
