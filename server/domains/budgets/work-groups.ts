import type { AppContext } from '@server/context';
import { conflict, notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { findWorkGroupCategory } from './queries/work-group-categories';
import * as q from './queries/work-groups';
import type { CreateWorkGroupBody, UpdateWorkGroupBody } from '@shared/schemas/work-groups';
import { plural } from './buildings';
import { requireBudgetYear } from './fiscal-years';
import {
  answerWithSalaryLines,
  recomputeAfterRuleChange,
  relabelWorkGroup,
} from '@server/domains/line-items';

const ENTITY = 'work-group';

function toValues(input: UpdateWorkGroupBody): q.WorkGroupValues {
  const values: q.WorkGroupValues = {};
  if (input.name !== undefined) {
    values.name = input.name;
  }
  if (input.description !== undefined) {
    values.description = input.description;
  }
  if (input.categoryId !== undefined) {
    values.category_id = input.categoryId;
  }
  return values;
}

async function check(db: AppContext['db'], input: UpdateWorkGroupBody, exceptId?: number) {
  if (input.name && (await q.findWorkGroupByName(db, input.name, exceptId))) {
    throw conflict(`A work group named ${input.name} already exists`);
  }
  if (input.categoryId && !(await findWorkGroupCategory(db, input.categoryId))) {
    throw validationFailed([{ path: 'categoryId', message: 'No work group category with this id' }]);
  }
}

/**
 * Work groups with their category and how many employees and contracts use them, by name. The
 * employees are every year's lines, or with a budget year its own fiscal year's (`fiscalYear` says
 * which; null for every year). 404 for an unknown budget year.
 */
export async function listWorkGroups(app: AppContext, actor: Actor, budgetYearId?: number) {
  authorize(actor, 'referenceData.read');
  const year = budgetYearId === undefined ? null : await requireBudgetYear(app.db, budgetYearId);
  return {
    workGroups: (await q.listWorkGroups(app.db, budgetYearId)).map(q.presentWorkGroup),
    fiscalYear: year ? year.current_fiscal_year : null,
  };
}

export async function createWorkGroup(app: AppContext, actor: Actor, input: CreateWorkGroupBody) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    await check(trx, input);
    const id = await q.insertWorkGroup(trx, { ...toValues(input), name: input.name });
    const workGroup = q.presentWorkGroup((await q.findWorkGroup(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: workGroup });
    return { workGroup };
  });
}

/**
 * Renames or recategorises a work group. Employee lines linked to it whose label is the old name
 * take the new name too (each audited), so the grids show it; a label that was imported
 * differently stays as imported. A new category re-prices its lines (a COLA's percent by category),
 * so a voted year's salary lines the roster's cost goes into answer their note (salaryLines).
 */
export async function updateWorkGroup(app: AppContext, actor: Actor, id: number, input: UpdateWorkGroupBody) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findWorkGroup(trx, id);
    if (!before) {
      throw notFound('Work group');
    }
    await check(trx, input, id);
    await q.updateWorkGroup(trx, id, toValues(input));
    if (input.name !== undefined && input.name !== before.name) {
      await relabelWorkGroup(
        trx,
        actor,
        { action: 'update', reason: `Work group renamed to ${input.name}` },
        await q.lineIdsLabelled(trx, id, before.name),
        id,
        { from: before.name, to: input.name },
      );
    }
    if (input.categoryId !== undefined && input.categoryId !== before.category_id) {
      // A COLA scenario's percent for a category reaches the group's lines through its category.
      await recomputeAfterRuleChange(trx, actor, [id], `Work group ${before.name} moved to another category`);
    }
    const workGroup = q.presentWorkGroup((await q.findWorkGroup(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: q.presentWorkGroup(before),
      after: workGroup,
    });
    return answerWithSalaryLines(trx, actor, { workGroup });
  });
}

/**
 * Deletes a work group no employee line, contract or open position uses; otherwise a 409 with the
 * counts, the ones listWorkGroups returns (both read them in queries/work-groups.ts). (The database
 * would unlink employees silently, SET NULL, so the service enforces the rule.)
 */
export async function deleteWorkGroup(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findWorkGroup(trx, id);
    if (!before) {
      throw notFound('Work group');
    }
    const employees = Number(before.employee_count);
    const contracts = Number(before.contract_count);
    // A position's vacancy is budgeted at its work group's step and lane: without the group it
    // would cost nothing while its salary line kept the old figure. (The list shows this count.)
    const positions = Number(before.position_count);
    if (employees + contracts + positions > 0) {
      const parts = [
        employees ? plural(employees, 'employee') : null,
        contracts ? plural(contracts, 'contract') : null,
        positions ? plural(positions, 'position') : null,
      ].filter(Boolean);
      const err = conflict(
        `Failed to delete work group. ${before.name} is in use by ${parts.join(' and ')}. Make sure no employees${positions ? ', positions' : ''} or contracts are assigned to it.`,
      );
      err.details = [{ employeeCount: employees, contractCount: contracts, positionCount: positions }];
      throw err;
    }
    await q.deleteWorkGroup(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: q.presentWorkGroup(before),
    });
    return { message: `Work group ${before.name} deleted` };
  });
}
