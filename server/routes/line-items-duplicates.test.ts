import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { auditOf, buildEmployee, buildProposed, buildWorld, lineRow, type World } from '../../test/factories';

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

/** A misspelt second entry of one person, plus a colleague who only shares the surname and school. */
async function plantPair(w: World) {
  const knex = t.db.knex;
  const base = {
    last_name: "O'Brien",
    position: 'Grade 3 Teacher',
    current_salary: '76767.00',
    hire_date: '2018-08-27',
  };
  const original = await buildEmployee(knex, w, { ...base, first_name: 'Katherine' });
  const copy = await buildEmployee(knex, w, {
    ...base,
    first_name: 'Kathryn',
    last_name: 'OBrien',
    hire_date: '2018-08-27',
  });
  const colleague = await buildEmployee(knex, w, {
    ...base,
    first_name: 'Kevin',
    current_salary: '51000.00',
    hire_date: '2021-08-30',
  });
  const otherYear = await buildEmployee(knex, w, { ...base, first_name: 'Katherine', fiscal_year: 2027 });
  return { original, copy, colleague, otherYear };
}

/** The dismiss and merge calls, as ADMIN unless another token is given ('' sends none). */
const dismiss = (body: unknown, token = admin.token) =>
  t.api('post', '/line-items/dismiss-duplicate', { token, body });
const merge = (body: unknown, token = admin.token) =>
  t.api('post', '/line-items/merge-duplicates', { token, body });
const getDuplicates = (w: World, token = admin.token, extra = '') =>
  t.api('get', `/line-items/duplicates?budgetYearId=${w.budgetYearId}${extra}`, { token });

describe('GET /line-items/duplicates', () => {
  it('returns 401, 400 without a budget year, 403 for FINANCE (Data Quality is ADMIN only), 404 for an unknown one', async () => {
    const w = await buildWorld(t.db.knex);
    expect((await t.api('get', `/line-items/duplicates?budgetYearId=${w.budgetYearId}`)).status).toBe(401);
    expect((await t.api('get', '/line-items/duplicates', { token: admin.token })).status).toBe(400);
    expect((await getDuplicates(w, finance.token)).status).toBe(403);
    expect(
      (await t.api('get', '/line-items/duplicates?budgetYearId=999999', { token: admin.token })).status,
    ).toBe(404);
  });

  it('finds the misspelt pair with its score and factors, and no one else', async () => {
    const w = await buildWorld(t.db.knex);
    const p = await plantPair(w);
    const res = await getDuplicates(w, admin.token, '&fiscalYear=2026');
    expect(res.status).toBe(200);
    expect(res.body.duplicateGroups).toHaveLength(1);
    const [group] = res.body.duplicateGroups;
    expect(group.map((c: { id: number }) => c.id)).toEqual([p.original, p.copy]);
    expect(group[0]).toMatchObject({
      firstName: 'Katherine',
      matchedWithId: p.copy,
      similarityScore: expect.any(Number),
      similarityFactors: [
        'Same last name',
        'First name 90% similar',
        'Same position',
        'Same building',
        'Same salary',
        'Same hire date',
      ],
    });
    expect(group[0].similarityScore).toBeGreaterThanOrEqual(90);
    expect(group[0].similarityScore).toBeLessThanOrEqual(100);
    // The same person in another fiscal year is not a duplicate; without fiscalYear each year is checked apart.
    const all = await getDuplicates(w);
    expect(all.body.duplicateGroups).toHaveLength(1);
  });

  it('never suggests a dismissed pair again', async () => {
    const w = await buildWorld(t.db.knex);
    const p = await plantPair(w);
    const body = { id1: p.copy, id2: p.original };
    const refusals: [unknown, string, number][] = [
      [body, '', 401],
      [{ id1: p.copy, id2: p.copy }, admin.token, 400],
      [{ id1: p.copy }, admin.token, 400],
      [body, finance.token, 403],
      [{ id1: p.copy, id2: 999999 }, admin.token, 404],
      [{ id1: p.copy, id2: p.otherYear }, admin.token, 400],
    ];
    for (const [refused, token, status] of refusals) {
      expect((await dismiss(refused, token)).status, JSON.stringify(refused)).toBe(status);
    }
    const ok = await dismiss(body);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id1: p.copy, id2: p.original, dismissed: true });
    // Idempotent: a second dismissal is fine and stores one row.
    expect((await dismiss({ id1: p.original, id2: p.copy })).status).toBe(200);
    const rows = await t.db
      .knex('dismissed_duplicates')
      .where({ line_item_id_low: p.original, line_item_id_high: p.copy });
    expect(rows).toHaveLength(1);
    expect((await getDuplicates(w)).body.duplicateGroups).toEqual([]);
  });

  it('answers a repeat check from its cache, and sees an edit, a renamed building and a dismissal', async () => {
    const w = await buildWorld(t.db.knex);
    const p = await plantPair(w);
    const check = async () => (await getDuplicates(w, admin.token, '&fiscalYear=2026')).body.duplicateGroups;
    const first = await check();
    expect(first).toHaveLength(1);
    const scans: string[] = [];
    const listen = (q: { sql: string }) => {
      if (q.sql.includes('"scenario_id" as "scenarioId"')) {
        scans.push(q.sql);
      }
    };
    t.db.knex.on('query', listen);
    expect(await check()).toEqual(first);
    expect(scans).toEqual([]); // no payroll scan: served from the cache
    await t.db.knex('buildings').where({ id: w.buildingId }).update({ name: 'Renamed Hall' });
    expect((await check())[0][0].building).toEqual({ name: 'Renamed Hall' });
    await t.db.knex('line_items').where({ id: p.copy }).update({ first_name: 'Zed' });
    expect(await check()).toEqual([]);
    await t.db.knex('line_items').where({ id: p.copy }).update({ first_name: 'Kathryn' });
    expect(await check()).toHaveLength(1);
    const body = { id1: p.copy, id2: p.original };
    expect((await dismiss(body)).status).toBe(200);
    expect(await check()).toEqual([]);
    t.db.knex.off('query', listen);
    expect(scans.length).toBe(4);
  });
});

describe('POST /line-items/merge-duplicates', () => {
  it('refuses itself, missing records, other fiscal years and proposed lines, changing nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const p = await plantPair(w);
    const proposed = await buildProposed(t.db.knex, w);
    const before = await lineRow(t.db.knex, p.original);
    expect((await merge({ keepId: p.original, deleteId: p.copy }, '')).status).toBe(401);
    const self = await merge({ keepId: p.original, deleteId: p.original });
    expect(self.status).toBe(400);
    expect(self.body.error).toMatch(/cannot be merged with itself/);
    expect((await merge({ keepId: p.original })).status).toBe(400);
    expect((await merge({ keepId: p.original, deleteId: p.copy }, finance.token)).status).toBe(403);
    expect((await merge({ keepId: p.original, deleteId: 999999 })).status).toBe(404);
    expect((await merge({ keepId: p.original, deleteId: p.otherYear })).status).toBe(400);
    expect((await merge({ keepId: p.original, deleteId: proposed })).status).toBe(400);
    expect(await lineRow(t.db.knex, p.original)).toEqual(before);
    expect(await lineRow(t.db.knex, p.copy)).toBeDefined();
  });

  it('keeps one record, fills its gaps from the other, deletes the other and audits both', async () => {
    const w = await buildWorld(t.db.knex);
    const p = await plantPair(w);
    await t.db.knex('line_items').where({ id: p.original }).update({ hire_date: null });
    const res = await merge({ keepId: p.original, deleteId: p.copy });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deletedId: p.copy,
      lineItem: { id: p.original, firstName: 'Katherine', hireDate: '2018-08-27' },
    });
    expect(await lineRow(t.db.knex, p.copy)).toBeUndefined();
    const [kept] = await auditOf(t.db.knex, p.original);
    expect(kept).toMatchObject({
      action: 'merge',
      before: expect.objectContaining({ hireDate: null }),
      after: expect.objectContaining({ mergedFromId: p.copy }),
    });
    const [gone] = await auditOf(t.db.knex, p.copy);
    expect(gone).toMatchObject({
      action: 'merge',
      before: expect.objectContaining({ firstName: 'Kathryn' }),
      after: { mergedIntoId: p.original },
    });
    // Merging again: the deleted record is gone.
    expect((await merge({ keepId: p.original, deleteId: p.copy })).status).toBe(404);
  });
});

describe('GET /line-items/budget/needs-review', () => {
  it('lists flagged employee lines of the budget year until they are saved from the editor', async () => {
    const w = await buildWorld(t.db.knex);
    const flagged = await buildEmployee(t.db.knex, w, {
      metadata: JSON.stringify({ needsReview: true, importWarnings: ['FTE was blank'] }),
    });
    await buildEmployee(t.db.knex, w);
    const path = `/line-items/budget/needs-review?budgetYearId=${w.budgetYearId}`;
    expect((await t.api('get', path)).status).toBe(401);
    expect((await t.api('get', '/line-items/budget/needs-review', { token: admin.token })).status).toBe(400);
    expect((await t.api('get', path, { token: finance.token })).status).toBe(403);
    expect(
      (await t.api('get', '/line-items/budget/needs-review?budgetYearId=999999', { token: admin.token }))
        .status,
    ).toBe(404);
    const res = await t.api('get', path, { token: admin.token });
    expect(res.body.lineItems.map((l: { id: number }) => l.id)).toEqual([flagged]);
    expect(res.body.lineItems[0].metadata).toEqual({ needsReview: true, importWarnings: ['FTE was blank'] });
    await t.api('patch', `/line-items/budget/${flagged}`, {
      token: admin.token,
      body: { metadata: { needsReview: false } },
    });
    expect((await t.api('get', path, { token: admin.token })).body.lineItems).toEqual([]);
  });
});
