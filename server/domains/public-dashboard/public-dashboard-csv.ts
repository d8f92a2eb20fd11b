import type { AppContext } from '@server/context';
import { neutralise } from '@shared/workbook';
import { SALARY_ROUNDING_DOLLARS, type PublicYearData } from '@shared/schemas/public-dashboard';
import { publicViewEntry } from './public-dashboard-view';

/**
 * 'Download the data': every public table of the published snapshot as one CSV (long format: one
 * row per figure), built from the same view residents read, so it can hold nothing the page does
 * not. Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) is
 * prefixed with a single quote; numbers are written as numbers.
 */

type Cell = string | number | null;

function field(value: Cell): string {
  if (value === null) {
    return '';
  }
  const text = typeof value === 'number' ? String(value) : neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['Fiscal year', 'Table', 'Group', 'Item', 'Count', 'Amount'];

function yearRows(d: PublicYearData): Cell[][] {
  const fy = d.fiscalYear;
  // The total's Group says whose lines every figure of the year sums ('All funds', 'General fund only').
  const rows: Cell[][] = [
    [fy, 'Summary', d.fundsLabel ?? null, 'Total budget', null, d.totalBudget],
    // The figure the goal is compared with (the general fund's), in figures published since it was kept.
    ...(d.guidanceBudget === undefined
      ? []
      : [
          [
            fy,
            'Summary',
            'General fund only',
            'Budget compared with the town goal',
            null,
            d.guidanceBudget,
          ] as Cell[],
        ]),
    [fy, 'Summary', null, 'Town goal', null, d.hasTownGoal ? d.townGoal : null],
  ];
  for (const c of d.categoryBreakdown) {
    rows.push([fy, 'Budget by category', null, c.name, c.itemCount, c.amount]);
  }
  for (const b of d.buildingBreakdown) {
    rows.push([fy, 'Budget by building', null, b.name, null, b.amount]);
  }
  for (const g of d.deseBreakdown) {
    rows.push([fy, 'Budget by DESE function', g.name, 'Total', null, g.amount]);
    for (const f of g.functions) {
      rows.push([fy, 'Budget by DESE function', g.name, `${f.code} ${f.name}`, null, f.amount]);
    }
  }
  if (d.perPupil) {
    rows.push([fy, 'Spending per pupil', null, 'Total', d.perPupil.enrollment, d.perPupil.total]);
    for (const c of d.perPupil.byCategory) {
      rows.push([fy, 'Spending per pupil', null, c.name, d.perPupil.enrollment, c.amount]);
    }
  }
  // A section switched off is null in the view: no rows at all.
  for (const [group, buckets] of [
    ['Teachers', d.salaryData?.teachers ?? []],
    ['Paraeducators', d.salaryData?.paras ?? []],
  ] as const) {
    for (const b of buckets) {
      rows.push([fy, 'Salary ranges', group, b.range, b.count, null]);
    }
  }
  const staff = d.locationData;
  // A planned year's staff are its roster's budgeted positions, filled or vacant: counted as such.
  const table = d.staffSource === 'roster' ? 'Positions by location' : 'Staff by location';
  for (const l of staff?.locations ?? []) {
    rows.push([fy, table, roundedNote(l.salaryRounded), l.location, l.count, l.totalSalary]);
  }
  if (staff && staff.totalEmployees !== null) {
    const note = roundedNote(staff.totalSalariesRounded);
    rows.push([fy, table, note, 'Total', staff.totalEmployees, staff.totalSalaries]);
  }
  return rows;
}

/** The Group cell of a salary total the difference rule rounded (docs/PRIVACY.md). */
export const ROUNDED_NOTE = `Salaries rounded to the nearest $${SALARY_ROUNDING_DOLLARS.toLocaleString('en-US')}`;
const roundedNote = (rounded: boolean | undefined) => (rounded ? ROUNDED_NOTE : null);

/**
 * The CSV of a published dashboard, one year or every published year; null when the path has no
 * published dashboard or the year is not one of its published years with data.
 */
export async function publicDataCsv(
  app: AppContext,
  urlPath: string,
  year: number | undefined,
): Promise<{ csv: string; fileName: string } | null> {
  const view = (await publicViewEntry(app, urlPath))?.view;
  if (!view) {
    return null;
  }
  const years = year === undefined ? view.years : view.years.filter((y) => y === year);
  const data = years.map((y) => view.data[String(y)]).filter((d): d is PublicYearData => Boolean(d));
  if (year !== undefined && !data.length) {
    return null;
  }
  const lines = [CSV_HEADER, ...data.flatMap(yearRows)].map((r) => r.map(field).join(','));
  const fileName = `${view.urlPath}-budget${year === undefined ? '' : `-fy${year}`}.csv`;
  return { csv: `${lines.join('\r\n')}\r\n`, fileName };
}
