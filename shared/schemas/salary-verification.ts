import { z } from 'zod';
import { idText, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';

export const salaryVerificationQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYearInput,
});

/** The checks, in the order the screen explains them. */
export const SALARY_ISSUES = [
  'MISSING_SALARY',
  'NEW_HIRE',
  'OUTSIDE_RANGE',
  'NEXT_YEAR_DECREASE',
  'MANUAL_INCREASE',
  'FTE_ANOMALY',
] as const;
export type SalaryIssueKind = (typeof SALARY_ISSUES)[number];

/** A work group needs this many salaried employees before its 5th-95th percentile band means anything. */
export const RANGE_MIN_GROUP_SIZE = 5;
/** A manual next-year salary more than this many percent above the current one is flagged. */
export const MANUAL_INCREASE_LIMIT_PERCENT = 10;

export const salaryIssueSchema = z.object({
  lineItemId: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  workGroup: z.string().nullable(),
  building: z.string().nullable(),
  currentSalary: moneyOut.nullable(),
  nextYearSalary: moneyOut.nullable(),
  currentFte: z.number().nullable(),
  issue: z.enum(SALARY_ISSUES),
  /** 'info' for what is expected but worth knowing (a new hire), 'warning' otherwise. */
  severity: z.enum(['warning', 'info']),
  detail: z.string(),
});

export const salaryVerificationResponse = z.object({
  summary: z.object({
    /** Employee lines checked. */
    checked: z.number().int(),
    /** Lines with at least one warning (informational issues excluded). */
    flagged: z.number().int(),
    byIssue: z.record(z.string(), z.number().int()),
  }),
  issues: z.array(salaryIssueSchema),
});

export type SalaryIssue = z.infer<typeof salaryIssueSchema>;
export type SalaryVerification = z.infer<typeof salaryVerificationResponse>;
export type SalaryVerificationQuery = z.infer<typeof salaryVerificationQuery>;
