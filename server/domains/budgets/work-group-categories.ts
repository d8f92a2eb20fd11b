import type { AppContext } from '@server/context';
import { conflict, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/work-group-categories';
import {
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_TEXT_COLOR,
  type CreateWorkGroupCategoryBody,
  type UpdateWorkGroupCategoryBody,
} from '@shared/schemas/work-group-categories';
import { plural } from './buildings';

const ENTITY = 'work-group-category';

/** The message the Manage Data screen shows for a category in use. */
export const CATEGORY_IN_USE = 'Failed to delete category. Make sure no work groups are assigned to it.';

function toValues(input: UpdateWorkGroupCategoryBody): q.WorkGroupCategoryValues {
  const values: q.WorkGroupCategoryValues = {};
  if (input.name !== undefined) {
    values.name = input.name;
  }
  if (input.description !== undefined) {
    values.description = input.description;
  }
  if (input.backgroundColor !== undefined) {
    values.background_color = input.backgroundColor;
  }
  if (input.textColor !== undefined) {
    values.text_color = input.textColor;
  }
  return values;
}

async function refuseTakenName(db: AppContext['db'], name: string | undefined, exceptId?: number) {
  if (name && (await q.findWorkGroupCategoryByName(db, name, exceptId))) {
    throw conflict(`A work group category named ${name} already exists`);
  }
}

/** Work-group categories with their work-group counts, by name. */
export async function listWorkGroupCategories(app: AppContext, actor: Actor) {
  authorize(actor, 'referenceData.read');
  return { categories: (await q.listWorkGroupCategories(app.db)).map(q.presentWorkGroupCategory) };
}

/** Adds a category; colours default to #e5e7eb on #1f2937 text. */
export async function createWorkGroupCategory(
  app: AppContext,
  actor: Actor,
  input: CreateWorkGroupCategoryBody,
) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    await refuseTakenName(trx, input.name);
    const id = await q.insertWorkGroupCategory(trx, {
      background_color: DEFAULT_BACKGROUND_COLOR,
      text_color: DEFAULT_TEXT_COLOR,
      ...toValues(input),
      name: input.name,
    });
    const category = q.presentWorkGroupCategory((await q.findWorkGroupCategory(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: category });
    return { category };
  });
}

export async function updateWorkGroupCategory(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateWorkGroupCategoryBody,
) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findWorkGroupCategory(trx, id);
    if (!before) {
      throw notFound('Work group category');
    }
    await refuseTakenName(trx, input.name, id);
    await q.updateWorkGroupCategory(trx, id, toValues(input));
    const category = q.presentWorkGroupCategory((await q.findWorkGroupCategory(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: q.presentWorkGroupCategory(before),
      after: category,
    });
    return { category };
  });
}

/**
 * Deletes a category no work group uses. The database would quietly unlink its work groups (SET
 * NULL), so the rule is enforced here: in use is a 409 that says how many work groups.
 */
export async function deleteWorkGroupCategory(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findWorkGroupCategory(trx, id);
    if (!before) {
      throw notFound('Work group category');
    }
    const count = Number(before.work_group_count ?? 0);
    if (count > 0) {
      const err = conflict(`${CATEGORY_IN_USE} ${before.name} has ${plural(count, 'work group')} assigned.`);
      err.details = [{ workGroupCount: count }];
      throw err;
    }
    await q.deleteWorkGroupCategory(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: q.presentWorkGroupCategory(before),
    });
    return { message: `Category ${before.name} deleted` };
  });
}
