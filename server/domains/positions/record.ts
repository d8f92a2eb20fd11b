import type { Db } from '@server/db/index';
import { insertAudits } from '@server/db/audit';
import type { Actor } from '@server/policies/index';
import { insertHistory, type HistoryEntry } from './queries/position-writes';

const ENTITY = 'position';

/** Which audit action a position history action is. */
const AUDIT_ACTION: Record<string, string> = { created: 'create', deleted: 'delete' };

/**
 * Records position changes twice, in the caller's transaction: in the position's own history (what
 * the Positions screen shows) and in the audit log through its one writer (what History and the
 * security review read).
 */
export async function recordChanges(db: Db, actor: Actor, entries: readonly HistoryEntry[]): Promise<void> {
  await insertHistory(db, actor, entries);
  await insertAudits(
    db,
    actor,
    entries.map((e) => ({
      action: AUDIT_ACTION[e.action] ?? 'update',
      entity: ENTITY,
      entityId: e.positionId,
      before: e.before,
      after: { ...((e.after as object | null) ?? {}), positionAction: e.action, reason: e.reason ?? null },
    })),
  );
}
