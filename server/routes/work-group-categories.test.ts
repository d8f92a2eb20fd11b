import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let seq = 0;

const name = () => `Category ${process.pid}-${++seq}`;
const count = async () => Number((await t.db.knex('work_group_categories').count('* as c'))[0].c);
const create = (body: Record<string, unknown>) =>
  t.api('post', '/cola/work-group-categories', { token: admin.token, body });

describe('GET /cola/work-group-categories', () => {
  it('returns 401 without a token and lets every role read with work-group counts', async () => {
    expect((await t.api('get', '/cola/work-group-categories')).status).toBe(401);
    const { body } = await create({ name: name() });
    await t.db.knex('work_groups').insert([
      { name: `WG a ${seq}`, category_id: body.category.id },
      { name: `WG b ${seq}`, category_id: body.category.id },
    ]);
    const res = await t.api('get', '/cola/work-group-categories', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.categories.find((c: any) => c.id === body.category.id).workGroupCount).toBe(2);
  });
});

describe('POST /cola/work-group-categories', () => {
  it('returns 400 for colours that are not #RRGGBB and a missing name, writing nothing', async () => {
    const before = await count();
    for (const body of [
      { name: name(), backgroundColor: 'green' },
      { name: name(), textColor: '#12' },
      { name: name(), backgroundColor: '#gggggg' },
      { name: name(), textColor: 'rgb(0,0,0)' },
      { description: 'no name' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await create({ name: name(), backgroundColor: '#zzzzzz' });
    expect(res.body.details).toEqual([
      { path: 'backgroundColor', message: 'Colour must be a hex value in the form #RRGGBB' },
    ]);
    expect(await count()).toBe(before);
  });

  it('returns 403 for FINANCE and VIEW_ONLY', async () => {
    for (const u of [finance, viewer]) {
      expect(
        (await t.api('post', '/cola/work-group-categories', { token: u.token, body: { name: name() } }))
          .status,
      ).toBe(403);
    }
  });

  it('creates with the default colours, or the ones given', async () => {
    const plain = await create({ name: name() });
    expect(plain.status).toBe(201);
    expect(plain.body.category).toMatchObject({
      backgroundColor: '#e5e7eb',
      textColor: '#1f2937',
      description: null,
      workGroupCount: 0,
    });
    const green = await create({
      name: name(),
      backgroundColor: '#dcfce7',
      textColor: '#166534',
      description: 'Support',
    });
    expect(green.body.category).toMatchObject({
      backgroundColor: '#dcfce7',
      textColor: '#166534',
      description: 'Support',
    });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'work-group-category', entity_id: String(green.body.category.id) })
      .first();
    expect(audit.action).toBe('create');
  });

  it('returns 409 for a name in use (any letter case)', async () => {
    const n = name();
    await create({ name: n });
    const res = await create({ name: n.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('already exists');
  });
});

describe('PUT /cola/work-group-categories/:id', () => {
  it('returns 404 for an unknown id, 400 for a bad colour, and updates with an audit row', async () => {
    expect(
      (await t.api('put', '/cola/work-group-categories/999999', { token: admin.token, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    const { body } = await create({ name: name() });
    const id = body.category.id;
    const bad = await t.api('put', `/cola/work-group-categories/${id}`, {
      token: admin.token,
      body: { textColor: 'black' },
    });
    expect(bad.status).toBe(400);
    const res = await t.api('put', `/cola/work-group-categories/${id}`, {
      token: admin.token,
      body: { backgroundColor: '#fee2e2', textColor: '#991b1b' },
    });
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({ name: body.category.name, backgroundColor: '#fee2e2' });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'work-group-category', entity_id: String(id), action: 'update' })
      .first();
    expect(audit.before.backgroundColor).toBe('#e5e7eb');
    expect(audit.after.backgroundColor).toBe('#fee2e2');
  });
});

describe('DELETE /cola/work-group-categories/:id', () => {
  it('refuses a category in use with the in-use message and unlinks nothing', async () => {
    const { body } = await create({ name: name() });
    const id = body.category.id;
    const [wg] = await t.db
      .knex('work_groups')
      .insert({ name: `Linked ${seq}`, category_id: id })
      .returning('id');
    const res = await t.api('delete', `/cola/work-group-categories/${id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain(
      'Failed to delete category. Make sure no work groups are assigned to it.',
    );
    expect(res.body.error).toContain('1 work group assigned');
    expect(res.body.details).toEqual([{ workGroupCount: 1 }]);
    expect((await t.db.knex('work_groups').where({ id: wg.id }).first()).category_id).toBe(id);
  });

  it('returns 403 for FINANCE, 404 for an unknown id, and deletes an unused category', async () => {
    const { body } = await create({ name: name() });
    const id = body.category.id;
    expect(
      (await t.api('delete', `/cola/work-group-categories/${id}`, { token: finance.token })).status,
    ).toBe(403);
    expect((await t.api('delete', '/cola/work-group-categories/999999', { token: admin.token })).status).toBe(
      404,
    );
    const res = await t.api('delete', `/cola/work-group-categories/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await t.db.knex('work_group_categories').where({ id }).first()).toBeUndefined();
  });
});
