import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { lineFundColumn } from '@server/domains/funds';
import { authorize, type Actor } from '@server/policies/index';
import { categoryFacts } from '@server/domains/massachusetts';
import type { BulkWorkGroupBody } from '@shared/schemas/line-items';
import type { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import { changeLines, deleteLines } from './index';
import { checkReferences, FUND_NAMED, ITEM_NOT_FOUND, lockBulk, workGroupColumns } from './line-items-rules';
import { checkWorkGroupNamed } from '@server/domains/budgets';
import { answerWithSalaryLines } from './follow';

/**
 * The bulk actions of the budget managers. Each call takes 1..5000 ids of one budget year and
 * fiscal year, runs in one transaction (a refusal leaves every line as it was) and audits each
 * line that changed.
 */

/** Assigns a building (null = District Wide) to every listed line; 404 if any id is missing. */
export async function bulkAssignBuilding(
  app: AppContext,
  actor: Actor,
  input: { itemIds: number[]; buildingId: number | null },
) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    await lockBulk(trx, input.itemIds, { requireAll: true });
    await checkReferences(trx, { buildingId: input.buildingId });
    await changeLines(trx, actor, { action: 'update', reason: 'Bulk: building assigned' }, input.itemIds, {
      columns: { building_id: input.buildingId },
    });
    return answerWithSalaryLines(trx, actor, { count: input.itemIds.length });
  });
}

/**
 * Deletes the listed lines that exist; ids that do not are reported in `failed` and do not stop the
 * others (the Proposed Budget Manager reports partial success). Mixed fiscal years refuse all.
 */
export async function bulkDelete(app: AppContext, actor: Actor, input: { itemIds: number[] }) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const { rows, missing } = await lockBulk(trx, input.itemIds, { requireAll: false });
    const deleted = await deleteLines(
      trx,
      actor,
      { action: 'delete', reason: 'Bulk: lines deleted' },
      rows.map((r) => r.id),
    );
    return answerWithSalaryLines(trx, actor, {
      deleted: deleted.length,
      failed: missing.map((id) => ({ id, error: ITEM_NOT_FOUND })),
    });
  });
}

/**
 * Sets the employee status of every listed employee line. Inactive or Retiring clears the next-year
 * salary and its manual flag; back to Active recomputes the automatic value of lines that were
 * Inactive or Retiring. Lines already in the status are left alone.
 */
export async function bulkSetStatus(
  app: AppContext,
  actor: Actor,
  input: { itemIds: number[]; employeeStatus: (typeof EMPLOYEE_STATUSES)[number] },
) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const { rows } = await lockBulk(trx, input.itemIds, { requireAll: true, employeesOnly: true });
    const changing = rows.filter((r) => (r.employee_status ?? 'Active') !== input.employeeStatus);
    await changeLines(
      trx,
      actor,
      { action: 'status', reason: `Bulk: status set to ${input.employeeStatus}` },
      changing.map((r) => r.id),
      { columns: { employee_status: input.employeeStatus } },
    );
    return answerWithSalaryLines(trx, actor, { count: input.itemIds.length });
  });
}

/**
 * Assigns a work group (by id, or by name: the name links to the group of that name when one
 * exists) to every listed employee line; automatic next-year salaries follow the new group's COLA.
 */
export async function bulkSetWorkGroup(app: AppContext, actor: Actor, input: BulkWorkGroupBody) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    await lockBulk(trx, input.itemIds, { requireAll: true, employeesOnly: true });
    await checkReferences(trx, { workGroupId: input.workGroupId });
    await checkWorkGroupNamed(trx, input.workGroup);
    await changeLines(trx, actor, { action: 'update', reason: 'Bulk: work group assigned' }, input.itemIds, {
      columns: await workGroupColumns(trx, input),
    });
    return answerWithSalaryLines(trx, actor, { count: input.itemIds.length });
  });
}

/**
 * Sets a budget category (chosen from the list) on every listed line. Employee lines take only a
 * personnel category (their payroll lands on it in Update Salary Budget): any other is a 400 and
 * nothing is written. A review flag for a missing category clears itself (the line writer).
 */
export async function bulkSetCategory(
  app: AppContext,
  actor: Actor,
  input: { itemIds: number[]; categoryId: number },
) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const { rows } = await lockBulk(trx, input.itemIds, { requireAll: true });
    await checkReferences(trx, { categoryId: input.categoryId });
    const [category] = (await categoryFacts(trx, [input.categoryId])).values();
    if (!category.isPersonnel && rows.some((r) => r.is_operating)) {
      const message = `'${category.name}' is not a personnel category: employee lines take a personnel category (mark it Personnel under Categories first)`;
      throw badRequest(message, [{ path: 'categoryId', message }]);
    }
    await changeLines(
      trx,
      actor,
      { action: 'update', reason: `Bulk: category ${category.name} assigned` },
      input.itemIds,
      {
        columns: { category_id: input.categoryId },
      },
    );
    return answerWithSalaryLines(trx, actor, { count: input.itemIds.length });
  });
}

/**
 * Sets the fund that pays every listed proposed line (null: the general fund), checked as one
 * line's fund is (lineFundColumn: it exists, a grant's period reaches the year). Employee lines are
 * paid through their positions, so listing one is a 400 and nothing is written.
 */
export async function bulkSetFund(
  app: AppContext,
  actor: Actor,
  input: { itemIds: number[]; fundId: number | null },
) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const { rows } = await lockBulk(trx, input.itemIds, { requireAll: true });
    const employees = rows.filter((r) => r.is_operating).map((r) => r.id);
    if (employees.length) {
      throw badRequest(
        `Only proposed lines take a fund here (employees are paid through their positions): ${employees.slice(0, 20).join(', ')}`,
      );
    }
    const fundId = await lineFundColumn(trx, input.fundId, rows[0]!.fiscal_year);
    await changeLines(trx, actor, { action: 'update', reason: 'Bulk: fund assigned' }, input.itemIds, {
      columns: { fund_id: fundId },
      metadata: FUND_NAMED,
    });
    return answerWithSalaryLines(trx, actor, { count: input.itemIds.length });
  });
}
