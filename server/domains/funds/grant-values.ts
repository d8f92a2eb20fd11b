import type { IssueDetail } from '@server/errors';
import { FUND_KIND_LABELS, FUND_MESSAGES as M, type FundKind } from '@shared/schemas/funds';

/** Which of the award and the period the request sent (a create sends all; an update what it names). */
export type Sent = { award: boolean; start: boolean; end: boolean };
export const ALL_SENT: Sent = { award: true, start: true, end: true };

/**
 * A fund that is not a grant has no award or period. One the request sent is refused on its own
 * field; one left as saved (a grant's kind changed alone) is refused on the kind, which was sent,
 * saying what is left to clear.
 */
export function grantOnlyIssues(
  next: { name: string; kind: FundKind; award: string | null; start: string | null; end: string | null },
  sent: Sent,
): IssueDetail[] {
  const details: IssueDetail[] = [];
  if (next.award !== null && sent.award) {
    details.push({ path: 'awardAmount', message: M.grantOnly });
  }
  const sentStart = next.start !== null && sent.start;
  if (sentStart || (next.end !== null && sent.end)) {
    details.push({ path: sentStart ? 'periodStart' : 'periodEnd', message: M.grantOnly });
  }
  const kept = {
    award: next.award !== null && !sent.award,
    period: (next.start !== null && !sent.start) || (next.end !== null && !sent.end),
  };
  if (kept.award || kept.period) {
    details.push({ path: 'kind', message: M.grantValuesKept(next.name, kept, FUND_KIND_LABELS[next.kind]) });
  }
  return details;
}
