import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildCategory, buildEmployee, buildProposed, buildWorld, type World } from '../../test/factories';

/**
 * Bulk Actions set the budget category: a category chosen from the list, a
 * personnel one for employee lines, written through the line writer (one audit entry per changed
 * line, review flags re-judged) in one transaction.
 */

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const post = (body: unknown, token = finance.token) =>
  t.api('post', '/line-items/bulk-category', { token, body });
const lines = (w: World) => t.db.knex('line_items').where({ budget_year_id: w.budgetYearId }).orderBy('id');
/** Data-change audit rows (a refusal may write the security log, nothing else). */
const auditCount = async () =>
  Number((await t.db.knex('audit_log').whereNot({ entity: 'security' }).count('* as c'))[0].c);
const auditsOf = (ids: number[]) =>
  t.db.knex('audit_log').where({ entity: 'line-item' }).whereIn('entity_id', ids.map(String)).orderBy('id');

const CATEGORY_WARNING = "Budget category 'Supplys' matches no category";
const flaggedForCategory = {
  needsReview: true,
  importWarnings: [CATEGORY_WARNING],
  reviewCauses: ['category'],
};

describe('POST /line-items/bulk-category', () => {
  it('sets the category on every line, audits each line that changed and clears a category review flag', async () => {
    const w = await buildWorld(t.db.knex);
    const other = await buildCategory(t.db.knex, { displayOrder: 2 });
    const ids = [
      await buildProposed(t.db.knex, w),
      await buildProposed(t.db.knex, w, { category_id: other }), // already there: not audited
      await buildProposed(t.db.knex, w, {
        category_id: null,
        metadata: JSON.stringify(flaggedForCategory),
      }),
    ];
    const res = await post({ itemIds: ids, categoryId: other });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 3 });

    const rows = await t.db.knex('line_items').whereIn('id', ids).orderBy('id');
    expect(rows.map((r) => r.category_id)).toEqual([other, other, other]);
    const flagged = rows[2];
    expect(flagged.needs_review).toBe(false);
    expect(flagged.metadata).toMatchObject({
      reviewCauses: [],
      importWarnings: [],
      resolvedWarnings: [CATEGORY_WARNING],
    });

    const audits = await auditsOf(ids);
    expect(audits.map((a) => Number(a.entity_id))).toEqual([ids[0], ids[2]]);
    for (const a of audits) {
      expect(a.action).toBe('update');
      expect(a.after).toMatchObject({
        categoryId: other,
        cause: expect.stringMatching(/^Bulk: category .+ assigned$/),
      });
    }
  });

  it('gives employee lines a personnel category', async () => {
    const w = await buildWorld(t.db.knex);
    const personnel = await buildCategory(t.db.knex, { isPersonnel: true });
    const ids = [await buildEmployee(t.db.knex, w), await buildEmployee(t.db.knex, w)];
    const res = await post({ itemIds: ids, categoryId: personnel });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    expect((await t.db.knex('line_items').whereIn('id', ids)).map((r) => r.category_id)).toEqual([
      personnel,
      personnel,
    ]);
    expect(await auditsOf(ids)).toHaveLength(2);
  });

  it('refuses an unknown category, a non-personnel one for employee lines, unknown lines and VIEW_ONLY, writing nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const personnel = await buildCategory(t.db.knex, { isPersonnel: true });
    const employee = await buildEmployee(t.db.knex, w, { metadata: JSON.stringify(flaggedForCategory) });
    const proposed = await buildProposed(t.db.knex, w);
    const before = await lines(w);
    const audits = await auditCount();

    const unknown = await post({ itemIds: [proposed], categoryId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: 'categoryId' })]);

    // w.categoryId is not personnel: one employee line among the selection refuses the whole call.
    const notPersonnel = await post({ itemIds: [proposed, employee], categoryId: w.categoryId });
    expect(notPersonnel.status).toBe(400);
    expect(notPersonnel.body.error).toMatch(
      /is not a personnel category: employee lines take a personnel category/,
    );
    expect(notPersonnel.body.details).toEqual([expect.objectContaining({ path: 'categoryId' })]);

    const missing = await post({ itemIds: [employee, 999998], categoryId: personnel });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/999998/);

    expect((await post({ itemIds: [employee], categoryId: personnel }, viewer.token)).status).toBe(403);
    expect((await post({ itemIds: [employee] })).status).toBe(400);
    expect((await post({ itemIds: [employee], categoryId: personnel, extra: 1 })).status).toBe(400);
    expect(
      (
        await t.api('post', '/line-items/bulk-category', {
          body: { itemIds: [employee], categoryId: personnel },
        })
      ).status,
    ).toBe(401);

    expect(await lines(w)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});
