import type { AppContext } from '@server/context';
import { AppError, badRequest, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as read from '@server/queries/line-items';
import { budgetTotals as queryTotals } from '@server/queries/line-items-totals';
import * as write from '@server/queries/line-items-writes';
import type {
  BudgetLineItemsQuery,
  BudgetTotalsQuery,
  CreateLineItemBody,
  PatchLineItemBody,
  ProposedLineItem,
  UpdateProposedBody,
} from '@server/schemas/line-items';
import {
  auditChanges,
  checkReferences,
  isLocked,
  lockLine,
  reread,
  workGroupColumns,
  ITEM_NOT_FOUND,
} from './line-items-rules';
import { cachedLineItemsJson } from './line-items-cache';
import { applyAutomaticNextYearSalary } from './salary-projection';

/**
 * The budget grids' line items as UTF-8 JSON: `{ lineItems: [...] }`, or with format=rows the
 * compact form (schemas/line-item-rows.ts). Built by PostgreSQL so a 50,000-line budget is never
 * parsed and re-serialised in Node, and served from the cache while its rows are unchanged. The
 * query was validated as one of the SPEC's four combinations.
 */
export async function listBudgetLineItemsJson(
  app: AppContext,
  actor: Actor,
  q: BudgetLineItemsQuery,
): Promise<Buffer> {
  authorize(actor, 'lineItems.read');
  if (q.scenarioId !== undefined && !(await write.scenarioKey(app.db, q.scenarioId))) {
    throw notFound('Scenario');
  }
  if (q.budgetYearId !== undefined && !(await write.budgetYearKey(app.db, q.budgetYearId))) {
    throw notFound('Budget year');
  }
  const { format = 'objects', limit, ...filter } = q;
  return cachedLineItemsJson(app.db, filter, format, limit);
}

/** Count and exact sums of the lines matching the grid's filters (the summary cards). */
export async function budgetTotals(app: AppContext, actor: Actor, q: BudgetTotalsQuery) {
  authorize(actor, 'lineItems.read');
  if (!(await write.budgetYearKey(app.db, q.budgetYearId))) {
    throw notFound('Budget year');
  }
  return queryTotals(app.db, q);
}

/** Employee lines flagged for review in a budget year (Data Quality: Data Issues), as JSON text. */
export async function needsReviewJson(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
  fiscalYear?: number,
) {
  authorize(actor, 'dataQuality.manage');
  if (!(await write.budgetYearKey(app.db, budgetYearId))) {
    throw notFound('Budget year');
  }
  return read.needsReviewJson(app.db, budgetYearId, fiscalYear);
}

/**
 * Creates a line of either kind. The scenario defaults to the budget year's active scenario of the
 * kind; a scenario given must belong to the budget year and be of the kind.
 */
export async function createLineItem(app: AppContext, actor: Actor, input: CreateLineItemBody) {
  authorize(actor, 'lineItems.write');
  const type = input.isOperating ? 'operating' : 'proposed';
  return app.db.transaction(async (trx) => {
    if (!(await write.budgetYearKey(trx, input.budgetYearId))) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `budgetYearId: Budget year ${input.budgetYearId} does not exist`,
        [{ path: 'budgetYearId', message: `Budget year ${input.budgetYearId} does not exist` }],
      );
    }
    let scenarioId: number | null = null;
    if (input.scenarioId != null) {
      const scenario = await write.scenarioKey(trx, input.scenarioId);
      if (!scenario || scenario.budget_year_id !== input.budgetYearId || scenario.scenario_type !== type) {
        throw badRequest(`Scenario ${input.scenarioId} is not a ${type} budget of this budget year`, [
          { path: 'scenarioId', message: `Not a ${type} budget of budget year ${input.budgetYearId}` },
        ]);
      }
      scenarioId = scenario.id;
    } else if (input.scenarioId === undefined) {
      scenarioId = (await write.activeScenarioKey(trx, input.budgetYearId, type))?.id ?? null;
    }
    await checkReferences(trx, input);
    const base = {
      budget_year_id: input.budgetYearId,
      fiscal_year: input.fiscalYear,
      scenario_id: scenarioId,
      is_operating: input.isOperating,
      is_projected: false,
    };
    let id: number;
    if (input.isOperating) {
      const {
        isOperating: _k,
        budgetYearId: _b,
        fiscalYear: _f,
        scenarioId: _s,
        workGroupId,
        workGroup,
        ...fields
      } = input;
      const locked = isLocked(fields.employeeStatus);
      if (locked && typeof fields.nextYearSalary === 'number') {
        throw badRequest(`An employee who is ${fields.employeeStatus} has no next-year salary`, [
          { path: 'nextYearSalary', message: `Not allowed while the employee is ${fields.employeeStatus}` },
        ]);
      }
      const manual = !locked && typeof fields.nextYearSalary === 'number';
      id = await write.insertLine(trx, {
        ...base,
        ...write.toColumns(fields),
        ...(await workGroupColumns(trx, { workGroupId, workGroup })),
        next_year_salary: locked ? null : (fields.nextYearSalary ?? null),
        // A typed next-year salary is manual (SPEC section 4), for a new hire (salary 0) too.
        next_year_salary_manual: manual,
        current_fte: fields.currentFTE ?? 1,
        employee_status: fields.employeeStatus ?? 'Active',
      });
      if (!manual) {
        await applyAutomaticNextYearSalary(trx, [id]);
      }
    } else {
      const { isOperating: _k, budgetYearId: _b, fiscalYear: _f, scenarioId: _s, ...fields } = input;
      id = await write.insertLine(trx, {
        ...base,
        ...write.toColumns(fields),
        current_fte: null,
        employee_status: null,
      });
    }
    const lineItem = await reread(trx, id);
    await write.insertLineAudits(trx, actor, [
      { action: 'create', entityId: id, before: null, after: lineItem },
    ]);
    return { lineItem };
  });
}

/** Edits a proposed line (Proposed Budget Manager); an employee line is a 400. */
export async function updateProposedLine(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateProposedBody,
) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const row = await lockLine(trx, id);
    if (row.is_operating) {
      throw badRequest(`Line item ${id} is an employee line; edit it with PATCH /line-items/budget/${id}`);
    }
    await checkReferences(trx, input);
    const before = await reread(trx, id);
    await write.updateLines(trx, [id], write.toColumns(input));
    const after = await reread(trx, id);
    await auditChanges(trx, actor, 'update', [before], [after]);
    return { lineItem: after as ProposedLineItem };
  });
}

/** Assigns a building (null = District Wide) or, on an employee line, a work group. */
export async function patchLineItem(app: AppContext, actor: Actor, id: number, input: PatchLineItemBody) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    const row = await lockLine(trx, id);
    const touchesWorkGroup = input.workGroupId !== undefined || input.workGroup !== undefined;
    if (touchesWorkGroup && !row.is_operating) {
      throw badRequest(`Line item ${id} is a proposed budget line; only employee lines have a work group`);
    }
    await checkReferences(trx, input);
    const before = await reread(trx, id);
    const columns = {
      ...(input.buildingId !== undefined ? { building_id: input.buildingId } : {}),
      ...(await workGroupColumns(trx, input)),
    };
    await write.updateLines(trx, [id], columns);
    const groupChanged =
      touchesWorkGroup &&
      before.isOperating &&
      ((input.workGroupId !== undefined && input.workGroupId !== before.workGroupId) ||
        (input.workGroup !== undefined && input.workGroup !== before.workGroup));
    if (groupChanged && !row.next_year_salary_manual) {
      await applyAutomaticNextYearSalary(trx, [id]);
    }
    const after = await reread(trx, id);
    await auditChanges(trx, actor, 'update', [before], [after]);
    return { lineItem: after };
  });
}

/** Deletes one line; 404 'Item not found or already deleted' when it is not there. */
export async function deleteLineItem(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    await lockLine(trx, id);
    const before = await reread(trx, id);
    await write.deleteLines(trx, [id]);
    await write.insertLineAudits(trx, actor, [{ action: 'delete', entityId: id, before, after: null }]);
    return { message: 'Item deleted', id };
  });
}

export { ITEM_NOT_FOUND };
