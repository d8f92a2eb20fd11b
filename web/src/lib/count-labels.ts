/** The usage columns' headings; their home is shared/count-labels.ts (the CLI says them too). */
export { EMPLOYEE_LINES_ALL_YEARS, LINES_ALL_YEARS } from '@shared/count-labels';
