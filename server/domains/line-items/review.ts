import type { Db } from '@server/db/index';
import { reevaluateReviewFlags } from './queries/line-items-writes-review';

/**
 * THE judge of review flags, called by every path of the writer after it writes
 * (changeLines, changeLinesBy, the automatic next-year salary, merges): a flag raised because a
 * line lacked something (metadata.reviewCauses, server/lib/review-causes.ts) clears itself once
 * the line has it, whichever path brought it; a flag with no fixable cause stays until a person
 * marks the line reviewed. Runs in the caller's transaction, before the change is audited, so the
 * audit entry shows the flag as it ends. Returns the lines whose flag cleared. An import's INSERT
 * applies the same judge to each line as it is written (judgedMetadataSql), not after.
 */
export async function reviewFlagsAfterChange(trx: Db, ids: readonly number[]): Promise<number[]> {
  return (await reevaluateReviewFlags(trx, ids)).cleared;
}

/**
 * The metadata a person's review writes: the flag off and its causes gone (a note, who and when
 * when given), so the judge does not raise it again for causes someone has looked at.
 */
export function reviewedMetadata(
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  return patch?.needsReview === false ? { reviewCauses: [], ...patch } : patch;
}
