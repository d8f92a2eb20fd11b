import { countOf } from './count-words';
import { formatFte } from './fte-format';
import { fiscalYearLabel } from './schemas/fiscal-year';
import type { FundsReport } from './schemas/funds';

type FundRow = FundsReport['funds'][number];

/**
 * What a fund pays of the staffing its year's salary lines follow, in the Budget of All Funds'
 * words, one home for the screen, its workbook and `budget-cli funds report`: for a year whose
 * lines follow the roster before it, that roster's positions by fund share ('pays 412.500 FTE of
 * 420 positions of FY26's roster'); for a year with a payroll of its own, its employee lines ('pays
 * 483.100 FTE of 495 people on FY26's payroll'). Lower case, to follow the fund's budget on screen
 * ('...in 1,200 lines; pays ...'). Null when the fund pays none of it, or the year has neither.
 */
export function fundStaffingText(report: FundsReport, f: FundRow): string | null {
  if (report.positionsRoster && f.positions.count) {
    // The roster is the year before's (its next-year salaries are this year's): the Positions
    // screen of this year lists a roster of its own, the next year's.
    const roster = fiscalYearLabel(report.positionsRoster.fiscalYear);
    return `pays ${formatFte(f.positions.fte)} FTE of ${countOf(f.positions.count, 'position')} of ${roster}'s roster`;
  }
  if (report.payroll && f.payroll.people) {
    const year = fiscalYearLabel(report.payroll.fiscalYear);
    return `pays ${formatFte(f.payroll.fte)} FTE of ${countOf(f.payroll.people, 'person', 'people')} on ${year}'s payroll`;
  }
  return null;
}

/** The same words standing alone (a workbook cell, a line of the CLI): 'Pays 412.500 FTE of ...'. */
export function fundStaffingSentence(report: FundsReport, f: FundRow): string | null {
  const text = fundStaffingText(report, f);
  return text === null ? null : text.charAt(0).toUpperCase() + text.slice(1);
}
