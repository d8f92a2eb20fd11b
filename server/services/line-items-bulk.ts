import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import * as read from '@server/queries/line-items';
import * as write from '@server/queries/line-items-writes';
import type { BulkWorkGroupBody } from '@server/schemas/line-items';
import type { EMPLOYEE_STATUSES } from '@server/schemas/common';
import {
  auditChanges,
  checkReferences,
  isLocked,
  ITEM_NOT_FOUND,
  lockBulk,
  workGroupColumns,
} from './line-items-rules';
import { applyAutomaticNextYearSalary } from './salary-projection';

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
    const before = await read.lineItemsByIds(trx, input.itemIds);
    await write.updateLines(trx, input.itemIds, { building_id: input.buildingId });
    const after = await read.lineItemsByIds(trx, input.itemIds);
    await auditChanges(trx, actor, 'update', before, after);
    return { count: input.itemIds.length };
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
    const ids = rows.map((r) => r.id);
    const before = await read.lineItemsByIds(trx, ids);
    const deleted = await write.deleteLines(trx, ids);
    await write.insertLineAudits(
      trx,
      actor,
      before.map((b) => ({ action: 'delete', entityId: b.id, before: b, after: null })),
    );
    return { deleted: deleted.length, failed: missing.map((id) => ({ id, error: ITEM_NOT_FOUND })) };
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
    const ids = changing.map((r) => r.id);
    const before = await read.lineItemsByIds(trx, ids);
    if (isLocked(input.employeeStatus)) {
      await write.updateLines(trx, ids, {
        employee_status: input.employeeStatus,
        next_year_salary: null,
        next_year_salary_manual: false,
      });
    } else {
      await write.updateLines(trx, ids, { employee_status: input.employeeStatus });
      await applyAutomaticNextYearSalary(
        trx,
        changing.filter((r) => isLocked(r.employee_status)).map((r) => r.id),
      );
    }
    const after = await read.lineItemsByIds(trx, ids);
    await auditChanges(trx, actor, 'status', before, after);
    return { count: input.itemIds.length };
  });
}

/**
 * Assigns a work group (by id, or by name: the name links to the group of that name when one
 * exists) to every listed employee line; automatic next-year salaries follow the new group's COLA.
 */
export async function bulkSetWorkGroup(app: AppContext, actor: Actor, input: BulkWorkGroupBody) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const { rows } = await lockBulk(trx, input.itemIds, { requireAll: true, employeesOnly: true });
    await checkReferences(trx, { workGroupId: input.workGroupId });
    const before = await read.lineItemsByIds(trx, input.itemIds);
    await write.updateLines(trx, input.itemIds, await workGroupColumns(trx, input));
    await applyAutomaticNextYearSalary(
      trx,
      rows.filter((r) => !r.next_year_salary_manual).map((r) => r.id),
    );
    const after = await read.lineItemsByIds(trx, input.itemIds);
    await auditChanges(trx, actor, 'update', before, after);
    return { count: input.itemIds.length };
  });
}
