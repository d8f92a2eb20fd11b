import { parseFiscalYear } from '@shared/schemas/fiscal-year';

/** Where a work group's COLA for a year came from (one home: web/src/lib/cola-source.ts). */
export { COLA_SOURCE_LABELS as SOURCE_LABELS } from '@web/lib/cola-source';

/** The precedence every COLA figure on these screens follows, stated once. */
export const COLA_RULE =
  'COLA for a work group in a fiscal year: the settled contract covering that year, else the negotiating one, else the COLA scenario’s setting (the work group’s own, then its category’s), else, after the work group’s last contract year and the scenario’s last year, the scenario’s long-term assumption (the work group’s own, then the scenario’s), else 0%. Each employee’s COLA is their salary times that percent, rounded to the cent, except for an employee placed on a salary schedule: theirs is the schedule’s move at the same step (next year’s amount less this year’s, each times their FTE), the printed amounts where the schedule has the year, else its last row grown by the percent. Sums are of those cents.';

/** A fiscal year once typed in full (2027 or FY27), so the defaults are not asked for at each keystroke. */
export const typedYear = (text: string) =>
  /^(\d{4}|fy\d{2})$/i.test(text.trim()) ? parseFiscalYear(text) : null;

/**
 * A write's success text, then the locked salary lines' note when the re-priced salaries are not in
 * a voted year's lines (the answer's salaryLines), as the Employee Budget Manager's toasts say it.
 */
export const withLinesNote = (text: string, answer: { salaryLines?: { message: string } }) =>
  answer.salaryLines ? `${text}${text.endsWith('.') ? '' : '.'} ${answer.salaryLines.message}` : text;
