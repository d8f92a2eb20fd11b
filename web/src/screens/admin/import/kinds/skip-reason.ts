import { countOf } from '@shared/count-words';

/**
 * A skip reason with its count. The server sends each reason as a label for one row ('heading row
 * (no amount)'); its first 'row' becomes 'rows' for any other count: '133 heading rows (no amount)'.
 */
export const skippedReason = (reason: string, n: number) =>
  countOf(n, reason, reason.replace(/\brow\b/, 'rows'));
