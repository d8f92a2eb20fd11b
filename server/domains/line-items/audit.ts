import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { insertAudits } from '@server/db/audit';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { markLinesChanged } from './follow';

/**
 * THE audit writer for lines: one entry (entity 'line-item') per changed line, in the change's
 * transaction, each naming its cause. Every path that changes a line records through it.
 */

/** Why lines change: the audit action and, in words, the cause recorded on each entry. */
export interface LineCause {
  action: string;
  reason: string;
  /**
   * Why the person changed the lines, in their words (an edit after a budget stage):
   * recorded as `after.changeReason`, which the stage comparison shows beside each changed line.
   */
  changeReason?: string;
}

export interface LineAuditEntry {
  id: number;
  before: unknown;
  /** null for a deleted line (its action says why). */
  after: Record<string, unknown> | null;
  /** Overrides the cause's action for this entry (a merge's two sides, a create). */
  action?: string;
  /** Overrides the cause's reason for this entry (changeLineParts: each part its own). */
  reason?: string;
}

/** Writes one audit row per entry; `after` gains `cause` (and `changeReason`). Returns how many were written. */
export async function auditLines(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  entries: readonly LineAuditEntry[],
): Promise<number> {
  await markAudited(trx, actor, entries);
  await insertAudits(
    trx,
    actor,
    entries.map((e) => ({
      action: e.action ?? cause.action,
      entity: 'line-item',
      entityId: e.id,
      before: e.before,
      after:
        e.after === null
          ? null
          : {
              ...e.after,
              cause: e.reason ?? cause.reason,
              ...(cause.changeReason ? { changeReason: cause.changeReason } : {}),
            },
    })),
  );
  return entries.length;
}

/** The DTO without the fields every write changes, for deciding whether anything really changed. */
function comparable(item: AnyLineItem): string {
  const { updatedAt: _updated, ...rest } = item;
  return JSON.stringify(rest);
}

/** Audits each line whose DTO changed (before and after), with `reasonOf` its cause's words; how many did. */
export async function auditChanged(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  before: readonly AnyLineItem[],
  after: readonly AnyLineItem[],
  reasonOf?: (id: number) => string | undefined,
): Promise<number> {
  const afterById = new Map(after.map((a) => [a.id, a]));
  const entries: LineAuditEntry[] = [];
  for (const b of before) {
    const a = afterById.get(b.id);
    if (a && comparable(a) !== comparable(b)) {
      const reason = reasonOf?.(b.id);
      entries.push({ id: b.id, before: b, after: a as unknown as Record<string, unknown>, reason });
    }
  }
  return auditLines(trx, actor, cause, entries);
}

/**
 * Every line write is audited here, so here the writer marks the employee lines whose positions'
 * cost may have moved (follow.ts sets the next year's salary lines before the commit): a changed
 * line by id, a deleted (or merged away) one by its roster (its holders are gone with it) and its
 * year (which may be left with no payroll of its own). A line known to be a proposed one holds no
 * position and marks nothing.
 */
function markAudited(trx: Db, actor: Actor, entries: readonly LineAuditEntry[]): Promise<void> {
  const lineIds: number[] = [];
  const rosters: string[] = [];
  const years: string[] = [];
  for (const e of entries) {
    // A line merged into another is gone too: its after holds only where it went.
    const gone = e.after === null || (e.after as { mergedIntoId?: number }).mergedIntoId !== undefined;
    const row = (gone ? e.before : (e.after ?? e.before)) as {
      isOperating?: boolean;
      budgetYearId?: number;
      fiscalYear?: number;
    } | null;
    if (row?.isOperating === false) {
      continue;
    }
    if (gone && row?.budgetYearId !== undefined) {
      rosters.push(`${row.budgetYearId}:${row.fiscalYear}`);
      years.push(`${row.budgetYearId}:${row.fiscalYear}`);
    } else {
      lineIds.push(e.id);
    }
  }
  return markLinesChanged(trx, actor, { lineIds, rosters, years });
}
