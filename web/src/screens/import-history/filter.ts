import { lineSearchMatcher } from '@shared/schemas/line-search';
import type { EmployeeLineItem } from '@web/api/line-items';

/**
 * Import History's row filter: every imported record or only those marked for review, narrowed by
 * the grids' one search rule ('Almeida, Amy', 'Amy Almeida', parts of either). Null: show all.
 */
export function importHistoryFilter(
  show: 'all' | 'review',
  search: string,
): ((line: EmployeeLineItem) => boolean) | null {
  const matches = lineSearchMatcher('operating', search);
  if (show === 'all' && !matches) {
    return null;
  }
  return (line) => (show === 'all' || line.metadata.needsReview === true) && (!matches || matches(line));
}
