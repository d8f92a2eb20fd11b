import type { EmployeeStats } from '@web/api/dashboard';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * What the staff cards say of where their figures come from, or null for the year's own employee
 * lines. A planned year has no employee lines: its salaries are the budgeted cost of the roster of
 * positions before it (the server's choice, source 'roster'), so the cards count that roster's
 * funded positions rather than '0 employees'; a year with neither says so instead of zeros.
 */
export function staffSourceCaption(
  stats: Pick<EmployeeStats, 'source' | 'roster'>,
  fiscalYear: number,
): string | null {
  if (stats.source === 'none') {
    return `${fiscalYearLabel(fiscalYear)} has no employee lines, and no roster of positions budgets its salaries.`;
  }
  const r = stats.roster;
  if (stats.source !== 'roster' || !r) {
    return null;
  }
  const holders = r.holders === r.filled ? '' : ` (${n(r.holders)} ${r.holders === 1 ? 'person' : 'people'})`;
  const unpriced = r.unpriced ? ` (${n(r.unpriced)} unpriced, not in the salaries)` : '';
  const frozen = r.frozen ? `; ${n(r.frozen)} frozen, not counted` : '';
  return `Budgeted positions of the ${fiscalYearLabel(r.fiscalYear)} roster: ${n(r.filled)} filled${holders}, ${n(r.vacant)} vacant${unpriced}${frozen}.`;
}

/** What the cards count: positions for a roster, else employees. */
export const countedWord = (stats: Pick<EmployeeStats, 'source'> | undefined) =>
  stats?.source === 'roster' ? 'Positions' : 'Employees';
