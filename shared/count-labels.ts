/**
 * What the reference lists' usage columns count (Manage Data's Work Groups and Budget Categories,
 * the Categories screen, `budget-cli categories list`): lines of every budget and fiscal year (a
 * person is a line in each year), the usage that keeps a work group or category from being
 * deleted, not one year's headcount. The web app (web/src/lib/count-labels.ts) and the CLI read
 * these words here.
 */
export const EMPLOYEE_LINES_ALL_YEARS = 'Employee lines, all years';
export const LINES_ALL_YEARS = 'Lines, all years';
