import { z } from 'zod';
import { formatMoneyCents } from '@shared/money';
import { idText, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { nssMeter } from './nss';

/** What the report shows in place of salaries or payroll it withheld from its reader (the pay of fewer than five people). */
export const WITHHELD = 'Withheld';

/** A money figure of the report as people read it, or WITHHELD: the screen, the CLI and the workbook say the same. */
export const amountOrWithheld = (value: number | null): string =>
  value === null ? WITHHELD : formatMoneyCents(value);

/** How a row of a code DESE's list for the year does not name is marked: on the screen, in the CLI and the workbook. */
export const NOT_CURRENT_CODE = 'not a current DESE code: recode its lines';

/** A row's name as the CLI and the workbook print it: a code not in force says so. */
export const deseRowName = (row: { name: string; current: boolean }): string =>
  row.current ? row.name : `${row.name} (${NOT_CURRENT_CODE})`;

/**
 * The budget in DESE's shape: a fiscal year's budget by DESE function code, the
 * nine series (1000-9000) and their codes, each split into salaries and other expenses, laid out as
 * the End-of-Year Report's next-year school committee budget (Schedule 19) and its expenditure by
 * function summary, with the net school spending computation beneath. The budget is the
 * dashboard's proposed budget (its total is the dashboard's to the cent); employees' payroll by the
 * same codes stands beside it for reference, outside the totals.
 */

export const deseReportQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYearInput.optional(),
});
export type DeseReportQuery = z.infer<typeof deseReportQuery>;

/**
 * The money of one row: the budget's salaries and other expenses, and payroll for reference. A
 * reader who may not see individual pay gets null for the salaries, the total and the payroll of a
 * row of fewer than five employees, or of a row that would give such a row back from its total: a
 * code's salary lines follow its positions, so one person's code is their next-year salary.
 */
const figures = {
  /** Proposed lines in personnel budget categories; null when withheld. */
  salaries: moneyOut.nullable(),
  /** Every other proposed line. */
  otherExpenses: moneyOut,
  /** salaries + otherExpenses; null when the salaries are withheld. */
  total: moneyOut.nullable(),
  /** Proposed lines. */
  lineCount: z.number().int(),
  /**
   * Employee lines of the year coded so, and their current salaries (not part of total); payroll
   * is null when withheld from a reader who may not see individual pay (fewer than five people's,
   * or a row that would give such a row back from its total).
   */
  employeeCount: z.number().int(),
  payroll: moneyOut.nullable(),
};

export const deseReportRow = z.object({
  code: z.string(),
  name: z.string(),
  /** false for a code lines carry that is a series code itself (e.g. 2000) rather than a detail code. */
  detail: z.boolean(),
  /**
   * false for a detail code DESE's list for the fiscal year does not name (a retired code): listed
   * only because lines of the year carry it, so they can be given a current code. A series code's
   * row is true (`detail` says it is no function code).
   */
  current: z.boolean(),
  ...figures,
});
export type DeseReportRow = z.infer<typeof deseReportRow>;

export const deseReportSeries = z.object({
  code: z.string(),
  name: z.string(),
  rows: z.array(deseReportRow),
  ...figures,
});
export type DeseReportSeries = z.infer<typeof deseReportSeries>;

export const deseReportResponse = z.object({
  budgetYearId: z.number().int(),
  budgetYear: z.string(),
  fiscalYear: z.number().int(),
  generatedAt: z.string(),
  series: z.array(deseReportSeries),
  /** Lines whose code (own, else their category's) is none, or not a DESE function code. */
  unmapped: z.object(figures),
  /** The budget's total is the dashboard's: never withheld (its salaries may be). */
  totals: z.object(figures),
  /** The Budget Dashboard's figures for the same year, which totals.total and lineCount equal. */
  /** payroll: null when the year's payroll is withheld from the reader (totals.payroll is null). */
  dashboard: z.object({
    proposedBudget: moneyOut,
    proposedCount: z.number().int(),
    payroll: moneyOut.nullable(),
  }),
  /** The NSS meter of the same budget (server/domains/massachusetts/nss-meter.ts). */
  nss: nssMeter,
  /** How each figure is taken, for the report's footnotes. */
  notes: z.array(z.string()),
});
export type DeseReport = z.infer<typeof deseReportResponse>;
