import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as write from '@server/queries/line-items-writes';
import type { EmployeeLineItem, StatusBody, UpdateEmployeeBody } from '@server/schemas/line-items';
import {
  auditChanges,
  checkReferences,
  isLocked,
  lockEmployeeLine,
  reread,
  workGroupColumns,
} from './line-items-rules';
import { applyAutomaticNextYearSalary } from './salary-projection';

const lockedMessage = (status: string) =>
  `Next year salary cannot be set while the employee is ${status}; set the status to Active first`;

/**
 * The next-year salary columns implied by a change (SPEC section 4):
 * - Inactive or Retiring: cleared and not manual; a number for it is refused.
 * - a number: that value, manual;  null: not manual, recomputed automatically;
 * - back to Active from Inactive/Retiring, a new current salary or work group: recomputed unless manual.
 * Returns the columns to write and whether to run the automatic rule afterwards.
 */
function nextYearSalaryRule(
  before: { employee_status: string | null; next_year_salary_manual: boolean },
  change: { status?: string; nextYearSalary?: number | null; salaryBasisChanged?: boolean },
): { columns: Record<string, unknown>; recompute: boolean } {
  const statusAfter = change.status ?? before.employee_status ?? 'Active';
  if (isLocked(statusAfter)) {
    if (typeof change.nextYearSalary === 'number') {
      throw badRequest(lockedMessage(statusAfter));
    }
    return { columns: { next_year_salary: null, next_year_salary_manual: false }, recompute: false };
  }
  if (typeof change.nextYearSalary === 'number') {
    return {
      columns: { next_year_salary: change.nextYearSalary, next_year_salary_manual: true },
      recompute: false,
    };
  }
  if (change.nextYearSalary === null) {
    return { columns: { next_year_salary_manual: false }, recompute: true };
  }
  const reactivated = isLocked(before.employee_status) && !isLocked(statusAfter);
  return {
    columns: {},
    recompute: !before.next_year_salary_manual && (reactivated || Boolean(change.salaryBasisChanged)),
  };
}

async function writeEmployee(
  app: AppContext,
  actor: Actor,
  id: number,
  action: string,
  build: (
    row: Awaited<ReturnType<typeof lockEmployeeLine>>,
    trx: AppContext['db'],
    before: EmployeeLineItem,
  ) => Promise<{
    columns: Record<string, unknown>;
    recompute: boolean;
    metadata?: Record<string, unknown>;
  }>,
): Promise<{ lineItem: EmployeeLineItem }> {
  return app.db.transaction(async (trx) => {
    const row = await lockEmployeeLine(trx, id);
    const before = await reread(trx, id);
    const { columns, recompute, metadata } = await build(row, trx, before as EmployeeLineItem);
    await write.updateLines(trx, [id], columns, metadata);
    if (recompute) {
      await applyAutomaticNextYearSalary(trx, [id]);
    }
    const after = await reread(trx, id);
    await auditChanges(trx, actor, action, [before], [after]);
    return { lineItem: after as EmployeeLineItem };
  });
}

/**
 * Edits an employee line (Import History and Data Quality editors, Employee Budget Manager).
 * The status and next-year salary rules apply; metadata.needsReview is merged into the metadata
 * (import warnings are kept), so saving from the Data Quality editor clears the review flag.
 */
export async function updateEmployeeLine(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateEmployeeBody,
) {
  authorize(actor, 'lineItems.write');
  return writeEmployee(app, actor, id, 'update', async (row, trx, before) => {
    await checkReferences(trx, input);
    const { nextYearSalary, metadata, workGroupId, workGroup, ...fields } = input;
    const rule = nextYearSalaryRule(row, {
      status: input.employeeStatus,
      nextYearSalary,
      // Only a real change: an editor that sends every field must not move a stored value.
      salaryBasisChanged:
        (input.currentSalary !== undefined && input.currentSalary !== before.currentSalary) ||
        (workGroupId !== undefined && workGroupId !== before.workGroupId) ||
        (workGroup !== undefined && workGroup !== before.workGroup),
    });
    return {
      columns: {
        ...write.toColumns(fields),
        ...(await workGroupColumns(trx, { workGroupId, workGroup })),
        ...rule.columns,
      },
      recompute: rule.recompute,
      metadata: metadata ? { needsReview: metadata.needsReview } : undefined,
    };
  });
}

/** Sets the next-year salary: a number makes it manual; null reverts to the automatic value. */
export async function setNextYearSalary(
  app: AppContext,
  actor: Actor,
  id: number,
  nextYearSalary: number | null,
) {
  authorize(actor, 'lineItems.write');
  return writeEmployee(app, actor, id, 'update', async (row) => {
    if (isLocked(row.employee_status)) {
      throw badRequest(lockedMessage(row.employee_status ?? 'Active'));
    }
    return nextYearSalaryRule(row, { nextYearSalary });
  });
}

/** Changes the employee status and/or the budget status; the next-year salary follows the status rules. */
export async function setStatus(app: AppContext, actor: Actor, id: number, input: StatusBody) {
  authorize(actor, 'lineItems.write');
  return writeEmployee(app, actor, id, 'status', async (row) => {
    const rule =
      input.employeeStatus === undefined
        ? { columns: {}, recompute: false }
        : nextYearSalaryRule(row, { status: input.employeeStatus });
    return {
      columns: {
        ...write.toColumns({ employeeStatus: input.employeeStatus, budgetStatus: input.budgetStatus }),
        ...rule.columns,
      },
      recompute: rule.recompute,
    };
  });
}
