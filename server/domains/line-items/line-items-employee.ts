import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import type { EmployeeLineItem, StatusBody, UpdateEmployeeBody } from '@shared/schemas/line-items';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { changeLines, isLocked, lockedMessage, toColumns, type LineCause, type LinePatch } from './index';
import { checkReferences, lockEmployeeLine, workGroupColumns } from './line-items-rules';
import { answerWithSalaryLines } from './follow';

/**
 * Edits of one employee line. The writer (changeLines) applies the next-year salary and status
 * rules (line-items/status-rule.ts) and audits the change.
 */
async function writeEmployee(
  app: AppContext,
  actor: Actor,
  id: number,
  cause: LineCause,
  build: (row: Awaited<ReturnType<typeof lockEmployeeLine>>, trx: AppContext['db']) => Promise<LinePatch>,
): Promise<{ lineItem: EmployeeLineItem; salaryLines?: SalaryLinesLocked }> {
  return app.db.transaction(async (trx) => {
    const row = await lockEmployeeLine(trx, id);
    const patch = await build(row, trx);
    const { after } = await changeLines(trx, actor, cause, [id], patch);
    // A holder's line moves its position's cost: locked salary lines it cannot reach are said.
    return answerWithSalaryLines(trx, actor, { lineItem: after[0] as EmployeeLineItem });
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
  return writeEmployee(
    app,
    actor,
    id,
    { action: 'update', reason: 'Employee line edited', changeReason: input.changeReason },
    async (_row, trx) => {
      await checkReferences(trx, input);
      const { nextYearSalary, metadata, workGroupId, workGroup, changeReason: _reason, ...fields } = input;
      return {
        columns: { ...toColumns(fields), ...(await workGroupColumns(trx, { workGroupId, workGroup })) },
        nextYearSalary,
        metadata: metadata ? { needsReview: metadata.needsReview } : undefined,
      };
    },
  );
}

/** Sets the next-year salary: a number makes it manual; null reverts to the automatic value. */
export async function setNextYearSalary(
  app: AppContext,
  actor: Actor,
  id: number,
  nextYearSalary: number | null,
) {
  authorize(actor, 'lineItems.write');
  return writeEmployee(app, actor, id, { action: 'update', reason: 'Next-year salary set' }, async (row) => {
    if (isLocked(row.employee_status)) {
      throw badRequest(lockedMessage(row.employee_status ?? 'Active'));
    }
    return { nextYearSalary };
  });
}

/** Changes the employee status and/or the budget status; the next-year salary follows the status rules. */
export async function setStatus(app: AppContext, actor: Actor, id: number, input: StatusBody) {
  authorize(actor, 'lineItems.write');
  return writeEmployee(app, actor, id, { action: 'status', reason: 'Status changed' }, async () => ({
    columns: toColumns({ employeeStatus: input.employeeStatus, budgetStatus: input.budgetStatus }),
  }));
}
