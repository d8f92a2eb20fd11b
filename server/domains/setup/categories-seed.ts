import type { AppContext } from '@server/context';
import { insertAudits } from '@server/db/audit';
import { authorize, type Actor } from '@server/policies/index';
import type { SeedCategoriesResult } from '@shared/schemas/setup';
import { categoryRows } from '@seeds/demo-categories';
import * as q from './queries/setup';

/**
 * POST /setup/budget-categories: the demo district's categories (each with its DESE function code)
 * offered as a start. Those whose name is already there are left as they are; the rest are added
 * in one transaction. The admin renames or removes them afterwards under Categories.
 */
export async function seedDemoCategories(app: AppContext, actor: Actor): Promise<SeedCategoriesResult> {
  authorize(actor, 'referenceData.write');
  const rows = categoryRows();
  return app.db.transaction(async (trx) => {
    await trx.raw('LOCK TABLE budget_categories IN SHARE ROW EXCLUSIVE MODE');
    const present = await q.categoryNamesPresent(
      trx,
      rows.map((r) => r.name),
    );
    const added = await q.insertCategories(
      trx,
      rows.filter((r) => !present.has(r.name)),
    );
    await insertAudits(
      trx,
      actor,
      added.map((c) => ({
        action: 'create',
        entity: 'budget-category',
        entityId: c.id,
        after: rows.find((r) => r.name === c.name),
      })),
    );
    return { added: added.map((c) => c.name), alreadyThere: [...present] };
  });
}
