import type { AppContext } from '@server/context';
import { conflict, notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/budget-categories';
import {
  DEFAULT_CATEGORY_COLOR,
  type SaveCategoryBody,
  type UpdateCategoryBody,
} from '@shared/schemas/budget-categories';
import { plural } from './buildings';
import { isDeseCode } from '@server/domains/massachusetts';
import { answerWithSalaryLines, followEveryRoster } from '@server/domains/line-items';

const ENTITY = 'budget-category';

function toValues(input: UpdateCategoryBody): q.BudgetCategoryValues {
  const values: q.BudgetCategoryValues = {};
  if (input.name !== undefined) {
    values.name = input.name;
  }
  if (input.code !== undefined) {
    values.code = input.code;
  }
  if (input.description !== undefined) {
    values.description = input.description;
  }
  if (input.deseFunction !== undefined) {
    values.dese_function = input.deseFunction;
  }
  if (input.defaultYoYIncrease !== undefined) {
    values.default_yoy_increase = input.defaultYoYIncrease;
  }
  if (input.color !== undefined) {
    values.color = input.color;
  }
  if (input.displayOrder !== undefined) {
    values.display_order = input.displayOrder;
  }
  if (input.isPersonnel !== undefined) {
    values.is_personnel = input.isPersonnel;
  }
  return values;
}

async function check(db: AppContext['db'], input: UpdateCategoryBody, exceptId?: number) {
  if (input.deseFunction && !isDeseCode(input.deseFunction)) {
    throw validationFailed([
      {
        path: 'deseFunction',
        message: `${input.deseFunction} is not a DESE function code (see GET /api/categories/dese-codes)`,
      },
    ]);
  }
  if (input.name && (await q.findBudgetCategoryByName(db, input.name, exceptId))) {
    throw conflict(`A budget category named ${input.name} already exists`);
  }
}

/** Budget categories with their line-item counts, by display order then name. */
export async function listBudgetCategories(app: AppContext, actor: Actor) {
  authorize(actor, 'referenceData.read');
  return { categories: (await q.listBudgetCategories(app.db)).map(q.presentBudgetCategory) };
}

/** Adds a category: colour #3b82f6, display order 0, not personnel, unless given. */
export async function createBudgetCategory(
  app: AppContext,
  actor: Actor,
  input: UpdateCategoryBody & { name: string },
) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    await check(trx, input);
    const id = await q.insertBudgetCategory(trx, {
      color: DEFAULT_CATEGORY_COLOR,
      display_order: 0,
      is_personnel: false,
      ...toValues(input),
      name: input.name,
    });
    const category = q.presentBudgetCategory((await q.findBudgetCategory(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: category });
    return { category };
  });
}

/**
 * Changes the given fields of a category; omitted fields keep their value. A new function code or
 * personnel flag moves where its positions' cost is budgeted: a voted year's salary lines cannot
 * follow, and the answer says so (salaryLines).
 */
export async function updateBudgetCategory(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateCategoryBody,
) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findBudgetCategory(trx, id);
    if (!before) {
      throw notFound('Budget category');
    }
    await check(trx, input, id);
    await q.updateBudgetCategory(trx, id, toValues(input));
    const category = q.presentBudgetCategory((await q.findBudgetCategory(trx, id))!);
    const was = q.presentBudgetCategory(before);
    // Its code places the cost of its positions that have none; its flag decides whether their
    // cost is budgeted: the proposed salary lines follow (server/domains/line-items/follow.ts).
    if (was.deseFunction !== category.deseFunction || was.isPersonnel !== category.isPersonnel) {
      await followEveryRoster(trx, actor);
    }
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: was,
      after: category,
    });
    return answerWithSalaryLines(trx, actor, { category });
  });
}

/** POST /categories: update when the body names an id, else create (one save call for both). */
export async function saveBudgetCategory(app: AppContext, actor: Actor, input: SaveCategoryBody) {
  const { id, ...fields } = input;
  return id === undefined
    ? createBudgetCategory(app, actor, fields)
    : updateBudgetCategory(app, actor, id, fields);
}

/**
 * Deletes a category no line item uses; otherwise 409 with the count ('Make sure no
 * line items are assigned to it'). The foreign key refuses too, should a line arrive meanwhile.
 */
export async function deleteBudgetCategory(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findBudgetCategory(trx, id);
    if (!before) {
      throw notFound('Budget category');
    }
    const count = Number(before.line_item_count ?? 0);
    if (count > 0) {
      const err = conflict(
        `Cannot delete ${before.name}: it is in use by ${plural(count, 'line item')}. Make sure no line items are assigned to it.`,
      );
      err.details = [{ lineItemCount: count }];
      throw err;
    }
    await q.deleteBudgetCategory(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: q.presentBudgetCategory(before),
    });
    return { message: `Category ${before.name} deleted` };
  });
}
