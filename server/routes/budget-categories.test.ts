import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let seq = 0;

const name = () => `Budget Category ${process.pid}-${++seq}`;
const save = (body: Record<string, unknown>) => t.api('post', '/categories', { token: admin.token, body });
const row = (id: number) => t.db.knex('budget_categories').where({ id }).first();

describe('GET /categories/dese-codes', () => {
  it('returns 401 without a token and the detail codes of the DESE chart to any role', async () => {
    expect((await t.api('get', '/categories/dese-codes')).status).toBe(401);
    const res = await t.api('get', '/categories/dese-codes', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.codes).toContainEqual({
      code: '2305',
      name: 'Teachers, Classroom',
      parentName: 'Teachers',
    });
    // Category and rollup rows are not codes a category can carry.
    expect(res.body.codes.map((c: any) => c.code)).not.toContain('TCHR');
    expect(res.body.codes.length).toBeGreaterThan(70);
  });
});

describe('GET /categories', () => {
  it('returns categories by display order then name, with line-item counts, to any role', async () => {
    const late = await save({ name: `zz ${name()}`, displayOrder: 1 });
    const early = await save({ name: `zz ${name()}`, displayOrder: -5 });
    const [by] = await t.db
      .knex('budget_years')
      .insert({ fiscal_year: 'FY26-cat', name: 'C', current_fiscal_year: 2026 })
      .returning('id');
    await t.db.knex('line_items').insert([
      {
        budget_year_id: by.id,
        fiscal_year: 2026,
        is_operating: false,
        amount: 1,
        category_id: late.body.category.id,
      },
      {
        budget_year_id: by.id,
        fiscal_year: 2027,
        is_operating: false,
        amount: 1,
        category_id: late.body.category.id,
      },
    ]);
    const res = await t.api('get', '/categories', { token: viewer.token });
    expect(res.status).toBe(200);
    const ids = res.body.categories.map((c: any) => c.id);
    expect(ids.indexOf(early.body.category.id)).toBeLessThan(ids.indexOf(late.body.category.id));
    expect(res.body.categories.find((c: any) => c.id === late.body.category.id).lineItemCount).toBe(2);
  });
});

describe('POST /categories', () => {
  it('returns 400 for bad input and writes nothing', async () => {
    const before = Number((await t.db.knex('budget_categories').count('* as c'))[0].c);
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'no name' }, 'name'],
      [{ name: name(), color: 'blue' }, 'color'],
      [{ name: name(), defaultYoYIncrease: '3.5' }, 'defaultYoYIncrease'],
      [{ name: name(), defaultYoYIncrease: 250 }, 'defaultYoYIncrease'],
      [{ name: name(), displayOrder: 1.5 }, 'displayOrder'],
      [{ name: name(), isPersonnel: 'yes' }, 'isPersonnel'],
      [{ name: name(), deseFunction: '9999' }, 'deseFunction'],
      [{ name: name(), deseFunction: 'TCHR' }, 'deseFunction'],
      [{ name: name(), lineItemCount: 0 }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.details.map((d: any) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(Number((await t.db.knex('budget_categories').count('* as c'))[0].c)).toBe(before);
  });

  it('returns 403 for FINANCE and VIEW_ONLY', async () => {
    for (const u of [finance, viewer]) {
      expect((await t.api('post', '/categories', { token: u.token, body: { name: name() } })).status).toBe(
        403,
      );
    }
  });

  it('creates with the defaults, and updates only the given fields when the body has an id', async () => {
    const n = name();
    const created = await save({ name: n, deseFunction: '2305' });
    expect(created.status).toBe(201);
    expect(created.body.category).toEqual({
      id: expect.any(Number),
      name: n,
      code: null,
      description: null,
      deseFunction: '2305',
      defaultYoYIncrease: null,
      color: '#3b82f6',
      displayOrder: 0,
      isPersonnel: false,
      lineItemCount: 0,
    });
    const id = created.body.category.id;
    const updated = await save({
      id,
      name: n,
      defaultYoYIncrease: 3.25,
      color: '#10b981',
      isPersonnel: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.category).toMatchObject({
      deseFunction: '2305',
      defaultYoYIncrease: 3.25,
      color: '#10b981',
      isPersonnel: true,
    });
    expect((await save({ id: 999999, name: 'Ghost' })).status).toBe(404);
    expect((await save({ name: n.toUpperCase() })).status).toBe(409);
    const audits = await t.db
      .knex('audit_log')
      .where({ entity: 'budget-category', entity_id: String(id) })
      .orderBy('id');
    expect(audits.map((a: any) => a.action)).toEqual(['create', 'update']);
    expect(audits[1].before.defaultYoYIncrease).toBeNull();
    expect(audits[1].after.defaultYoYIncrease).toBe(3.25);
  });
});

describe('PUT /categories/:id', () => {
  it('returns 404 for an unknown id and changes the given fields', async () => {
    expect(
      (await t.api('put', '/categories/999999', { token: admin.token, body: { name: 'x' } })).status,
    ).toBe(404);
    const { body } = await save({ name: name(), color: '#ef4444', defaultYoYIncrease: 2 });
    const id = body.category.id;
    const res = await t.api('put', `/categories/${id}`, {
      token: admin.token,
      body: { code: 'SPED', description: 'Special education', deseFunction: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({
      code: 'SPED',
      description: 'Special education',
      deseFunction: null,
      color: '#ef4444',
      defaultYoYIncrease: 2,
    });
  });
});

describe('PATCH /categories/:id', () => {
  it('returns 400 for a non-numeric or missing increase and keeps the old value', async () => {
    const { body } = await save({ name: name(), defaultYoYIncrease: 2.5 });
    const id = body.category.id;
    for (const payload of [
      { defaultYoYIncrease: 'abc' },
      { defaultYoYIncrease: '3' },
      {},
      { defaultYoYIncrease: 3, color: '#000000' },
    ]) {
      const res = await t.api('patch', `/categories/${id}`, { token: admin.token, body: payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
    }
    const bad = await t.api('patch', `/categories/${id}`, {
      token: admin.token,
      body: { defaultYoYIncrease: 'abc' },
    });
    expect(bad.body.details[0]).toEqual({
      path: 'defaultYoYIncrease',
      message: 'Default YoY increase must be a number',
    });
    expect(Number((await row(id)).default_yoy_increase)).toBe(2.5);
  });

  it('returns 403 for FINANCE, 404 for an unknown id, and sets or clears the increase', async () => {
    const { body } = await save({ name: name() });
    const id = body.category.id;
    expect(
      (await t.api('patch', `/categories/${id}`, { token: finance.token, body: { defaultYoYIncrease: 1 } }))
        .status,
    ).toBe(403);
    expect(
      (await t.api('patch', '/categories/999999', { token: admin.token, body: { defaultYoYIncrease: 1 } }))
        .status,
    ).toBe(404);
    const set = await t.api('patch', `/categories/${id}`, {
      token: admin.token,
      body: { defaultYoYIncrease: 4.75 },
    });
    expect(set.status).toBe(200);
    expect(set.body.category.defaultYoYIncrease).toBe(4.75);
    const cleared = await t.api('patch', `/categories/${id}`, {
      token: admin.token,
      body: { defaultYoYIncrease: null },
    });
    expect(cleared.body.category.defaultYoYIncrease).toBeNull();
  });
});

describe('DELETE /categories/:id', () => {
  it('refuses a category in use with the line-item count and deletes nothing', async () => {
    const { body } = await save({ name: name() });
    const id = body.category.id;
    const [by] = await t.db
      .knex('budget_years')
      .insert({ fiscal_year: `FY26-del${seq}`, name: 'D', current_fiscal_year: 2026 })
      .returning('id');
    await t.db.knex('line_items').insert(
      [1, 2, 3].map(() => ({
        budget_year_id: by.id,
        fiscal_year: 2026,
        is_operating: false,
        amount: 1,
        category_id: id,
      })),
    );
    const res = await t.api('delete', `/categories/${id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `Cannot delete ${body.category.name}: it is in use by 3 line items. Make sure no line items are assigned to it.`,
    );
    expect(res.body.details).toEqual([{ lineItemCount: 3 }]);
    expect(await row(id)).toBeTruthy();
  });

  it('returns 403 for VIEW_ONLY, 404 for an unknown id, and deletes an unused category with a message', async () => {
    const { body } = await save({ name: name() });
    const id = body.category.id;
    expect((await t.api('delete', `/categories/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('delete', '/categories/999999', { token: admin.token })).status).toBe(404);
    const res = await t.api('delete', `/categories/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Category ${body.category.name} deleted`);
    expect(await row(id)).toBeUndefined();
  });
});
