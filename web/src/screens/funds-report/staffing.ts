import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { FundsReport, FundsReportRow } from '@web/api/funds-report';
import { formatFte } from '@web/components/staffing-table-view';
import { countOf } from '@web/lib/format';

/**
 * What a fund pays of the staffing its year's salary lines follow, as the screen and the workbook
 * say it: for a year whose lines follow the roster before it, that roster's positions by fund share
 * ('pays 412.500 FTE of 420 positions of FY26's roster'); for a year with a payroll of its own, its
 * employee lines ('pays 483.100 FTE of 495 people on FY26's payroll'). Null when the fund pays none
 * of it, or the year has neither.
 */
export function staffingText(report: FundsReport, f: FundsReportRow): string | null {
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
