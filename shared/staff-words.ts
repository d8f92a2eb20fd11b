import { formatNumber } from './money';
import { fiscalYearLabel } from './schemas/fiscal-year';
import type { EmployeeStats } from './schemas/dashboard';

/**
 * What the staff figures of a year say they count, one home for the dashboard's cards and `budget-cli
 * dashboard summary` (which printed 'Employees 38,631' for a year whose figures are the positions of
 * the roster before it).
 */

const n = (v: number) => formatNumber(v, 0);

/**
 * Where the staff figures come from, or null for the year's own employee lines. A planned year has
 * no employee lines: its salaries are the budgeted cost of the roster of positions before it (the
 * server's choice, source 'roster'), so the figures count that roster's funded positions rather
 * than '0 employees'; a year with neither says so instead of zeros. The people named beside the
 * filled positions are their holders, each once however many positions they hold (as the salary
 * donuts count them): more than the positions where some share one, fewer where someone holds two.
 */
export function staffSourceCaption(
  stats: Pick<EmployeeStats, 'source' | 'roster'>,
  fiscalYear: number,
): string | null {
  if (stats.source === 'none') {
    return noStaffText(fiscalYear);
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

/**
 * What the figures count: positions for a roster, else employees; until the year's staff figures
 * arrive (or when they could not be read) which is unknown, so a card says staff, neither (QA:
 * FY27's card read 'Employees' while loading, then flipped to 'Positions').
 */
export const countedWord = (stats: Pick<EmployeeStats, 'source'> | undefined) =>
  stats === undefined ? 'Staff' : stats.source === 'roster' ? 'Positions' : 'Employees';

/** What a staff figure of a year with neither employee lines nor a roster says instead of zeros. */
export const noStaffText = (fiscalYear: number) =>
  `${fiscalYearLabel(fiscalYear)} has no employee lines, and no roster of positions budgets its salaries.`;
