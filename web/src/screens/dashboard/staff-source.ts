import type { EmployeeStats, SalaryDistribution } from '@web/api/dashboard';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * What the staff cards say of where their figures come from, or null for the year's own employee
 * lines. A planned year has no employee lines: its salaries are the budgeted cost of the roster of
 * positions before it (the server's choice, source 'roster'), so the cards count that roster's
 * funded positions rather than '0 employees'; a year with neither says so instead of zeros. The
 * people named beside the filled positions are their holders, each once however many positions
 * they hold (as the salary donuts count them): more than the positions where some share one,
 * fewer where someone holds two.
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
 * What the cards count: positions for a roster, else employees; until the year's staff figures
 * arrive (or when they could not be read) which is unknown, so the card says staff, neither (QA:
 * FY27's card read 'Employees' while loading, then flipped to 'Positions').
 */
export const countedWord = (stats: Pick<EmployeeStats, 'source'> | undefined) =>
  stats === undefined ? 'Staff' : stats.source === 'roster' ? 'Positions' : 'Employees';

/**
 * The location card's title: a roster year's card counts positions and says so (QA: FY27 read
 * 'Headcount by Location' over '507 positions'); a year of employee lines counts its headcount;
 * while its figures load, neither (QA: FY27's read 'Headcount by Location', then 'Positions by
 * Location').
 */
export const locationTitle = (stats: Pick<EmployeeStats, 'source'> | undefined) =>
  stats === undefined
    ? 'Staff by Location'
    : stats.source === 'roster'
      ? 'Positions by Location'
      : 'Headcount by Location';

/** What a staff card of a year with neither employee lines nor a roster says instead of zeros. */
export const noStaffText = (fiscalYear: number) =>
  `${fiscalYearLabel(fiscalYear)} has no employee lines, and no roster of positions budgets its salaries.`;

/**
 * What a salary donut counts, from where its answer says the people come (the server follows the
 * staff cards' source): the year's employee lines; for a planned year, the holders of the roster's
 * filled positions at their budgeted salary for the year shown (each person's whole salary, not a
 * position's share of it, so a person split across positions is in one range); null for a year with
 * neither (the card says so: noStaffText).
 */
export function salaryCounted(
  who: string,
  fy: string | undefined,
  from?: Pick<SalaryDistribution, 'source' | 'roster'>,
): string | null {
  if (from?.source === 'none') {
    return null;
  }
  if (from?.source === 'roster' && from.roster) {
    return `Budgeted ${fy ? `${fy} ` : ''}salaries of the ${fiscalYearLabel(from.roster.fiscalYear)} roster's position holders (people, not FTE) whose work group or position names ${who}, above $0.`;
  }
  return `Counts ${fy ? `${fy} ` : ''}employee lines (people, not FTE) whose work group or position names ${who}, with a salary above $0.`;
}
