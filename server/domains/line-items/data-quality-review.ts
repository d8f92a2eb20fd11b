import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { lineItemsByIds } from './queries/line-items';
import { needsReviewCount as countFlagged } from './queries/needs-review';
import { requireBudgetYear } from '@server/domains/budgets';
import { changeLines } from './index';

/**
 * Data Quality: many flagged records marked reviewed at once, with the reviewer's note.
 * Through the line writer, in one transaction: each line's flag and its causes are
 * cleared, the note, who and when kept in its metadata, and each line audited with the note as
 * the reason. Lines that were not flagged are left alone and counted; an id that does not exist
 * is a 404 and nothing is written.
 */
export async function markReviewed(
  app: AppContext,
  actor: Actor,
  input: { itemIds: number[]; note: string },
) {
  authorize(actor, 'dataQuality.manage');
  return app.db.transaction(async (trx) => {
    const lines = await lineItemsByIds(trx, input.itemIds);
    const found = new Set(lines.map((l) => l.id));
    const missing = input.itemIds.filter((id) => !found.has(id));
    if (missing.length) {
      throw new AppError(
        404,
        'NOT_FOUND',
        `${missing.length === 1 ? 'Record' : `${missing.length} records`} not found: ${missing.slice(0, 20).join(', ')}`,
        missing.map((id) => ({ id, error: 'Item not found or already deleted' })),
      );
    }
    const flagged = lines.filter((l) => l.metadata.needsReview).map((l) => l.id);
    const result = await changeLines(
      trx,
      actor,
      { action: 'review', reason: `Marked reviewed: ${input.note}`, changeReason: input.note },
      flagged,
      {
        metadata: {
          needsReview: false,
          reviewNote: input.note,
          reviewedBy: actor.email ?? actor.name,
          reviewedAt: new Date().toISOString(),
        },
      },
    );
    return { reviewed: result.audited, notFlagged: input.itemIds.length - flagged.length };
  });
}

/**
 * How many records the Data Quality list holds (the dashboard shows it): the same rule as the
 * list (server/domains/line-items/queries/needs-review.ts), so the two cannot disagree.
 */
export async function needsReviewCount(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number },
) {
  authorize(actor, 'dataQuality.manage');
  await requireBudgetYear(app.db, input.budgetYearId);
  return { count: await countFlagged(app.db, input.budgetYearId, input.fiscalYear) };
}
