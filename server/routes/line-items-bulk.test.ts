import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildProposed, buildWorld, type World } from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const post = (path: string, body: unknown, token = finance.token) => t.api('post', path, { token, body });
/** Every line of the world as stored, to prove a refused call changed nothing. */
const snapshot = (w: World) =>
  t.db.knex('line_items').where({ budget_year_id: w.budgetYearId }).orderBy('id');
/** Data-change audit rows: a refusal is written to the security log (entity 'security') and nothing else. */
const auditCount = async () =>
  Number((await t.db.knex('audit_log').whereNot({ entity: 'security' }).count('* as c'))[0].c);

/** The refusals every bulk call shares: 401, empty/oversized/duplicate/non-integer lists, 403, mixed years. */
async function expectListRefusals(path: string, extra: Record<string, unknown>) {
  const w = await buildWorld(t.db.knex);
  const a = await buildEmployee(t.db.knex, w);
  const b = await buildEmployee(t.db.knex, w, { fiscal_year: 2027 });
  const before = await snapshot(w);
  const audits = await auditCount();
  expect((await t.api('post', path, { body: { itemIds: [a], ...extra } })).status).toBe(401);
  for (const itemIds of [[], Array.from({ length: 5001 }, (_, i) => i + 1), [a, a], [a, 'x'], [0], [1.5]]) {
    const res = await post(path, { itemIds, ...extra });
    expect(res.status, `${path} ${JSON.stringify(itemIds).slice(0, 30)}`).toBe(400);
  }
  expect((await post(path, { itemIds: [a], ...extra, surprise: true })).status).toBe(400);
  expect((await post(path, { itemIds: [a], ...extra }, viewer.token)).status).toBe(403);
  const mixed = await post(path, { itemIds: [a, b], ...extra });
  expect(mixed.status).toBe(400);
  expect(mixed.body.error).toBe('Items belong to different fiscal years');
  expect(await snapshot(w)).toEqual(before);
  expect(await auditCount()).toBe(audits);
  return w;
}

describe('POST /line-items/bulk-update', () => {
  it('refuses bad lists, mixed fiscal years, missing ids and unknown buildings without writing', async () => {
    const w = await expectListRefusals('/line-items/bulk-update', { buildingId: null });
    const a = await buildEmployee(t.db.knex, w);
    const before = await snapshot(w);
    const missing = await post('/line-items/bulk-update', { itemIds: [a, 999999], buildingId: null });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/999999/);
    expect((await post('/line-items/bulk-update', { itemIds: [a], buildingId: 999999 })).status).toBe(400);
    expect(await snapshot(w)).toEqual(before);
  });

  it('assigns a building to every line and audits each one that changed', async () => {
    const w = await buildWorld(t.db.knex);
    const ids = [
      await buildProposed(t.db.knex, w),
      await buildProposed(t.db.knex, w, { building_id: w.otherBuildingId }),
    ];
    const res = await post('/line-items/bulk-update', { itemIds: ids, buildingId: w.otherBuildingId });
    expect(res.body).toEqual({ count: 2 });
    const rows = await t.db.knex('line_items').whereIn('id', ids);
    expect(rows.every((r) => r.building_id === w.otherBuildingId)).toBe(true);
    const audits = await t.db
      .knex('audit_log')
      .where({ entity: 'line-item' })
      .whereIn('entity_id', ids.map(String));
    expect(audits.map((x) => Number(x.entity_id))).toEqual([ids[0]]);
  });
});

describe('POST /line-items/bulk-delete', () => {
  it('refuses bad lists and mixed fiscal years without deleting anything', async () => {
    await expectListRefusals('/line-items/bulk-delete', {});
  });

  it('deletes what exists and reports the missing ids in failed', async () => {
    const w = await buildWorld(t.db.knex);
    const ids = [await buildProposed(t.db.knex, w), await buildProposed(t.db.knex, w)];
    const res = await post('/line-items/bulk-delete', { itemIds: [...ids, 999998] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deleted: 2,
      failed: [{ id: 999998, error: 'Item not found or already deleted' }],
    });
    expect(await snapshot(w)).toEqual([]);
    const audits = await t.db
      .knex('audit_log')
      .where({ entity: 'line-item', action: 'delete' })
      .whereIn('entity_id', ids.map(String));
    expect(audits).toHaveLength(2);
  });
});

describe('POST /line-items/bulk-status', () => {
  it('refuses bad lists, an unknown status and proposed lines without writing', async () => {
    const w = await expectListRefusals('/line-items/bulk-status', { employeeStatus: 'Inactive' });
    const a = await buildEmployee(t.db.knex, w);
    const p = await buildProposed(t.db.knex, w);
    const before = await snapshot(w);
    expect((await post('/line-items/bulk-status', { itemIds: [a], employeeStatus: 'Fired' })).status).toBe(
      400,
    );
    expect(
      (await post('/line-items/bulk-status', { itemIds: [a, p], employeeStatus: 'Inactive' })).status,
    ).toBe(400);
    expect(
      (await post('/line-items/bulk-status', { itemIds: [a, 999999], employeeStatus: 'Inactive' })).status,
    ).toBe(404);
    expect(await snapshot(w)).toEqual(before);
  });

  it('applies the status rules to each line', async () => {
    const w = await buildWorld(t.db.knex);
    const manual = await buildEmployee(t.db.knex, w, {
      next_year_salary_manual: true,
      next_year_salary: '80000',
    });
    const auto = await buildEmployee(t.db.knex, w);
    const res = await post('/line-items/bulk-status', {
      itemIds: [manual, auto],
      employeeStatus: 'Retiring',
    });
    expect(res.body).toEqual({ count: 2 });
    let rows = await t.db.knex('line_items').whereIn('id', [manual, auto]).orderBy('id');
    expect(rows.map((r) => [r.employee_status, r.next_year_salary, r.next_year_salary_manual])).toEqual([
      ['Retiring', null, false],
      ['Retiring', null, false],
    ]);
    await post('/line-items/bulk-status', { itemIds: [manual, auto], employeeStatus: 'Active' });
    rows = await t.db.knex('line_items').whereIn('id', [manual, auto]).orderBy('id');
    expect(rows.map((r) => r.next_year_salary)).toEqual([62700, 62700]);
  });
});

describe('POST /line-items/bulk-work-group', () => {
  it('refuses bad lists, a missing work group and an unknown id without writing', async () => {
    const w = await expectListRefusals('/line-items/bulk-work-group', { workGroupId: 1 });
    const a = await buildEmployee(t.db.knex, w);
    const before = await snapshot(w);
    const empty = await post('/line-items/bulk-work-group', { itemIds: [a] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/Please enter a work group/);
    expect((await post('/line-items/bulk-work-group', { itemIds: [a], workGroup: '' })).status).toBe(400);
    expect((await post('/line-items/bulk-work-group', { itemIds: [a], workGroupId: 999999 })).status).toBe(
      400,
    );
    expect(await snapshot(w)).toEqual(before);
  });

  it('assigns a work group by name and recomputes automatic salaries', async () => {
    const w = await buildWorld(t.db.knex);
    const ids = [
      await buildEmployee(t.db.knex, w),
      await buildEmployee(t.db.knex, w, { next_year_salary_manual: true }),
    ];
    const res = await post('/line-items/bulk-work-group', {
      itemIds: ids,
      workGroup: `custodians ${w.label.slice(5)}`,
    });
    expect(res.body).toEqual({ count: 2 });
    const rows = await t.db.knex('line_items').whereIn('id', ids).orderBy('id');
    expect(rows.map((r) => [r.work_group_id, r.next_year_salary])).toEqual([
      [w.custodiansId, 61200],
      [w.custodiansId, 62700],
    ]);
  });
});
