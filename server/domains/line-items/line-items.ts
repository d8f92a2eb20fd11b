import type { AppContext } from '@server/context';
import { badRequest, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as read from './queries/line-items';
import { budgetTotals as queryTotals } from './queries/line-items-totals';
import * as refs from './queries/line-items-refs';
import type {
  BudgetLineItemsQuery,
  BudgetTotalsQuery,
  CreateLineItemBody,
  PatchLineItemBody,
  ProposedLineItem,
  UpdateProposedBody,
} from '@shared/schemas/line-items';
import { requireBudgetYear } from '@server/domains/budgets';
import { lineFundColumn } from '@server/domains/funds';
import { changeLines, createLine, deleteLines, toColumns } from './index';
import { checkReferences, lockLine, workGroupColumns, FUND_NAMED, ITEM_NOT_FOUND } from './line-items-rules';
import { cachedLineItemsJson } from './line-items-cache';
import { answerWithSalaryLines } from './follow';

/**
 * The budget grids' line items as UTF-8 JSON: `{ lineItems: [...] }`, or with format=rows the
 * compact form (schemas/line-item-rows.ts). Built by PostgreSQL so a 50,000-line budget is never
 * parsed and re-serialised in Node, and served from the cache while its rows are unchanged. The
 * query was validated as one of the four combinations (scenario and fiscal year; budget year,
 * operating; fiscal year, operating; budget year and fiscal year, proposed).
 */
export async function listBudgetLineItemsJson(
  app: AppContext,
  actor: Actor,
  q: BudgetLineItemsQuery,
): Promise<Buffer> {
  authorize(actor, 'lineItems.read');
  if (q.scenarioId !== undefined && !(await refs.scenarioKey(app.db, q.scenarioId))) {
    throw notFound('Scenario');
  }
  if (q.budgetYearId !== undefined) {
    await requireBudgetYear(app.db, q.budgetYearId);
  }
  const { format = 'objects', limit, ...filter } = q;
  return cachedLineItemsJson(app.db, filter, format, limit);
}

/** Count and exact sums of the lines matching the grid's filters (the summary cards). */
export async function budgetTotals(app: AppContext, actor: Actor, q: BudgetTotalsQuery) {
  authorize(actor, 'lineItems.read');
  await requireBudgetYear(app.db, q.budgetYearId);
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
  await requireBudgetYear(app.db, budgetYearId);
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
    await requireBudgetYear(trx, input.budgetYearId, 'budgetYearId');
    let scenarioId: number | null = null;
    if (input.scenarioId != null) {
      const scenario = await refs.scenarioKey(trx, input.scenarioId);
      if (!scenario || scenario.budget_year_id !== input.budgetYearId || scenario.scenario_type !== type) {
        throw badRequest(`Scenario ${input.scenarioId} is not a ${type} budget of this budget year`, [
          { path: 'scenarioId', message: `Not a ${type} budget of budget year ${input.budgetYearId}` },
        ]);
      }
      scenarioId = scenario.id;
    } else if (input.scenarioId === undefined) {
      scenarioId = (await refs.activeScenarioKey(trx, input.budgetYearId, type))?.id ?? null;
    }
    await checkReferences(trx, input);
    const base = {
      budget_year_id: input.budgetYearId,
      fiscal_year: input.fiscalYear,
      scenario_id: scenarioId,
      is_operating: input.isOperating,
      is_projected: false,
    };
    const cause = { action: 'create', reason: 'Line added' };
    let lineItem;
    if (input.isOperating) {
      const {
        isOperating: _k,
        budgetYearId: _b,
        fiscalYear: _f,
        scenarioId: _s,
        workGroupId,
        workGroup,
        nextYearSalary,
        ...fields
      } = input;
      lineItem = await createLine(
        trx,
        actor,
        cause,
        {
          ...base,
          ...toColumns(fields),
          ...(await workGroupColumns(trx, { workGroupId, workGroup })),
          current_fte: fields.currentFTE ?? 1,
          employee_status: fields.employeeStatus ?? 'Active',
        },
        nextYearSalary,
      );
    } else {
      const { isOperating: _k, budgetYearId: _b, fiscalYear: _f, scenarioId: _s, fundId, ...fields } = input;
      lineItem = await createLine(trx, actor, cause, {
        ...base,
        ...toColumns(fields),
        fund_id: await lineFundColumn(trx, fundId ?? null, input.fiscalYear),
        // A fund named by a person (the general fund too) is theirs: function-code rules leave it.
        ...(fundId !== undefined ? { metadata: JSON.stringify(FUND_NAMED) } : {}),
        current_fte: null,
        employee_status: null,
      });
    }
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
    const { changeReason, fundId, ...fields } = input;
    // The fund the line is on is kept as it is: a line carried onto a grant that has since closed
    // stays editable (the editor sends the fund it shows); moving a line onto a closed grant is not.
    const keepsFund = fundId === undefined || (fundId !== null && fundId === row.fund_id);
    const fund = keepsFund ? {} : { fund_id: await lineFundColumn(trx, fundId, row.fiscal_year) };
    const { after } = await changeLines(
      trx,
      actor,
      { action: 'update', reason: 'Proposed line edited', changeReason },
      [id],
      {
        columns: { ...toColumns(fields), ...fund },
        ...(fundId === undefined ? {} : { metadata: FUND_NAMED }),
      },
    );
    return { lineItem: after[0] as ProposedLineItem };
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
    const columns = {
      ...(input.buildingId !== undefined ? { building_id: input.buildingId } : {}),
      ...(await workGroupColumns(trx, input)),
    };
    const { after } = await changeLines(
      trx,
      actor,
      {
        action: 'update',
        reason: touchesWorkGroup ? 'Work group assigned' : 'Building assigned',
        changeReason: input.changeReason,
      },
      [id],
      { columns },
    );
    return answerWithSalaryLines(trx, actor, { lineItem: after[0] });
  });
}

/** Deletes one line; 404 'Item not found or already deleted' when it is not there. */
export async function deleteLineItem(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'lineItems.write');
  return app.db.transaction(async (trx) => {
    await lockLine(trx, id);
    await deleteLines(trx, actor, { action: 'delete', reason: 'Line deleted' }, [id]);
    // A holder's line gone vacates its positions: their roster's cost moves with it.
    return answerWithSalaryLines(trx, actor, { message: 'Item deleted', id });
  });
}

export { ITEM_NOT_FOUND };
