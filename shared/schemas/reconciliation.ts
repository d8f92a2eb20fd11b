import { z } from 'zod';
import { idNumber, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';

/**
 * POST /reconciliation/update-salary-budget: sets the proposed budget's personnel (salary) lines to
 * the operating payroll of the same category, building and function code, removing the rest.
 */
export const updateSalaryBudgetBody = z.strictObject({
  budgetYearId: idNumber,
  fiscalYear: fiscalYearInput,
  /** Answer what the update would change, and write nothing. */
  dryRun: z.boolean().optional(),
});

/** One salary line the update sets: added (from null), changed, or removed (to null). */
export const salaryLineChange = z.object({
  action: z.enum(['create', 'update', 'remove']),
  categoryName: z.string().nullable(),
  buildingName: z.string().nullable(),
  code: z.string().nullable(),
  /** The fund a line set from positions is on, when not the general fund (positions' fund shares). */
  fundName: z.string().nullable().optional(),
  from: moneyOut.nullable(),
  to: moneyOut.nullable(),
});

export const updateSalaryBudgetResponse = z.object({
  /** Proposed personnel lines whose amount changed. */
  updatedItems: z.number().int(),
  /** Personnel lines added where payroll had no proposed line to land on. */
  createdItems: z.number().int(),
  /** Personnel lines removed: their category, building and function code has no payroll. */
  removedItems: z.number().int(),
  /** Sum of every employee's salary in the fiscal year. */
  totalOperatingSalary: moneyOut,
  /** Payroll written onto proposed personnel lines (employees with a personnel category). */
  distributedAmount: moneyOut,
  /** Payroll of employees with no personnel category, which has no proposed line to go to. */
  undistributedAmount: moneyOut,
  /** Each line set, in the order written. */
  changes: z.array(salaryLineChange),
  /** True when nothing was written: what the update would do. */
  dryRun: z.boolean(),
});

export type UpdateSalaryBudgetBody = z.infer<typeof updateSalaryBudgetBody>;
export type SalaryLineChange = z.infer<typeof salaryLineChange>;
export type UpdateSalaryBudgetResult = z.infer<typeof updateSalaryBudgetResponse>;
