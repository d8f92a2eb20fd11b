import { z } from 'zod';
import { EMPLOYEE_STATUSES, idNumber, isRealDate, moneyInput, unitsOf } from './common';
import { parseFiscalYear } from './fiscal-year';

/* ------------------------------------------------------------------------------------------------
 * Request schemas and response wrappers of the line-items API.
 * Money in requests is a JSON number of dollars with at most 2 decimals; dates are 'YYYY-MM-DD'.
 * ---------------------------------------------------------------------------------------------- */

/**
 * FTE bounds: above 0 (a line at 0 FTE would be paid nothing on a schedule, and its full-time
 * salary, salary / FTE, has no value) and at most 1.5, to the thousandth as a position's FTE
 * (numeric(5,3), CHECK 0..1.5).
 */
export const MAX_FTE = 1.5;
const FTE_RANGE = `FTE must be above 0 and at most ${MAX_FTE}`;
/** Bulk calls take 1..5000 ids. */
export const MAX_BULK_IDS = 5000;

/** A money amount that may be negative (a credit line in a proposed budget): the one money validator. */
export const lineAmountInput = moneyInput({ negative: true, typeMessage: 'Must be a number' });
/** A salary: a number of dollars, 0 or more, at most 2 decimals (0 means a new hire). */
export const salaryInput = moneyInput({
  label: 'Salary',
  typeMessage: 'Salary must be a number',
  negativeMessage: 'Salary cannot be negative',
});
export const fteInput = z
  .number({ message: 'FTE must be a number' })
  .gt(0, FTE_RANGE)
  .max(MAX_FTE, FTE_RANGE)
  .refine((v) => unitsOf(v, 3) !== null, 'Use at most 3 decimal places');
/** A calendar date 'YYYY-MM-DD' (a real date from 1900 to 2199: 2025-02-30 and 0000-01-01 are refused). */
export const dateInput = z.string().refine(isRealDate, 'Use a date in the form YYYY-MM-DD');
export const text = (max = 500) => z.string().trim().max(max);
/** Optional free text: '' is stored as null. */
export const optionalText = (max = 500) =>
  text(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));
export const employeeStatus = z.enum(EMPLOYEE_STATUSES, {
  message: `Employee status must be one of ${EMPLOYEE_STATUSES.join(', ')}`,
});
/** 'true' / 'false' in a query string. */
export const queryBoolean = z
  .enum(['true', 'false'], { message: "Use 'true' or 'false'" })
  .transform((v) => v === 'true');
/** A fiscal year in a query string or body: 2026, '2026' or a label such as 'FY26'. */
export const fiscalYear = z
  .union([z.string(), z.number()], {
    // zod's own words for a missing or wrongly typed union were 'Invalid input', naming nothing.
    error: (issue) =>
      issue.input === undefined
        ? 'Fiscal year is required'
        : 'A fiscal year is a year such as 2026 or a label such as FY26',
  })
  .transform((value, ctx) => {
    const year = parseFiscalYear(value);
    if (year === null) {
      ctx.addIssue({ code: 'custom', message: `Invalid fiscal year: ${String(value)}` });
      return z.NEVER;
    }
    return year;
  });

/** id lists of the bulk calls: 1..5000 unique positive integers. */
export const itemIdsInput = z
  .array(idNumber, { message: 'itemIds must be a list of line item ids' })
  .min(1, 'Please select items first')
  .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} items per call`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once');
