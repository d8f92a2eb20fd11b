import type { EmployeeStats, SalaryDistribution } from '@web/api/dashboard';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

// The words the CLI prints too have one home (shared/staff-words.ts).
export { countedWord, noStaffText, staffSourceCaption } from '@shared/staff-words';

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
