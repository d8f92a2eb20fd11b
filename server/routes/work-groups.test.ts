import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let seq = 0;
let budgetYearId: number;

beforeAll(async () => {
  const [by] = await t.db
    .knex('budget_years')
    .insert({ fiscal_year: 'FY26-wg', name: 'WG', current_fiscal_year: 2026 })
    .returning('id');
  budgetYearId = by.id;
});

const name = () => `Group ${process.pid}-${++seq}`;
const create = (body: Record<string, unknown>) =>
  t.api('post', '/cola/work-groups', { token: admin.token, body });
const employee = (values: Record<string, unknown>) =>
  t.db
    .knex('line_items')
    .insert({ budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: true, ...values });

describe('GET /cola/work-groups', () => {
  it('returns 401 without a token; every role reads groups with category, employee and contract counts', async () => {
    expect((await t.api('get', '/cola/work-groups')).status).toBe(401);
    const [cat] = await t.db
      .knex('work_group_categories')
      .insert({ name: `Cat ${name()}`, background_color: '#dbeafe', text_color: '#1e40af' })
      .returning('id');
    const { body } = await create({ name: name(), categoryId: cat.id, description: 'Unit A' });
    const id = body.workGroup.id;
    await employee({ work_group_id: id });
    await employee({ work_group_id: id, fiscal_year: 2027 });
    await t.db
      .knex('contracts')
      .insert({ name: 'Unit A', work_group_id: id, start_year: 2027, end_year: 2029, contract_years: 3 });
    const res = await t.api('get', '/cola/work-groups', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.workGroups.find((g: any) => g.id === id)).toEqual({
      id,
      name: body.workGroup.name,
      description: 'Unit A',
      categoryId: cat.id,
      category: { id: cat.id, name: expect.any(String), backgroundColor: '#dbeafe', textColor: '#1e40af' },
      employeeCount: 2,
      contractCount: 1,
      positionCount: 0,
    });
  });
});

describe('POST /cola/work-groups', () => {
  it('returns 400 for a missing name or an unknown category, 403 for FINANCE, and writes nothing', async () => {
    const before = Number((await t.db.knex('work_groups').count('* as c'))[0].c);
    expect((await create({ description: 'x' })).status).toBe(400);
    const unknown = await create({ name: name(), categoryId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { path: 'categoryId', message: 'No work group category with this id' },
    ]);
    expect(
      (await t.api('post', '/cola/work-groups', { token: finance.token, body: { name: name() } })).status,
    ).toBe(403);
    expect(Number((await t.db.knex('work_groups').count('* as c'))[0].c)).toBe(before);
  });

  it('creates a work group without a category, and refuses a duplicate name with 409', async () => {
    const n = name();
    const res = await create({ name: n });
    expect(res.status).toBe(201);
    expect(res.body.workGroup).toMatchObject({ name: n, categoryId: null, category: null, employeeCount: 0 });
    expect((await create({ name: n.toLowerCase() })).status).toBe(409);
  });
});

describe('PUT /cola/work-groups/:id', () => {
  it('returns 404 for an unknown id', async () => {
    expect(
      (await t.api('put', '/cola/work-groups/999999', { token: admin.token, body: { name: 'x' } })).status,
    ).toBe(404);
  });

  it('renames a group, relabels its lines that carried the old name (audited), and clears the category', async () => {
    const [cat] = await t.db
      .knex('work_group_categories')
      .insert({ name: `C ${name()}` })
      .returning('id');
    const old = name();
    const { body } = await create({ name: old, categoryId: cat.id });
    const id = body.workGroup.id;
    const [same, other] = await t.db
      .knex('line_items')
      .insert(
        [old, 'Para Educator'].map((workGroup) => ({
          budget_year_id: budgetYearId,
          fiscal_year: 2026,
          is_operating: true,
          work_group_id: id,
          work_group: workGroup,
        })),
      )
      .returning('id');
    const res = await t.api('put', `/cola/work-groups/${id}`, {
      token: admin.token,
      body: { name: 'Paraeducators Renamed', categoryId: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.workGroup).toMatchObject({
      name: 'Paraeducators Renamed',
      categoryId: null,
      category: null,
    });
    expect((await t.db.knex('line_items').where({ id: same.id }).first()).work_group).toBe(
      'Paraeducators Renamed',
    );
    expect((await t.db.knex('line_items').where({ id: other.id }).first()).work_group).toBe('Para Educator');
    const lineAudit = await t.db
      .knex('audit_log')
      .where({ entity: 'line-item', entity_id: String(same.id) })
      .first();
    expect(lineAudit).toMatchObject({
      before: { workGroup: old },
      after: { workGroup: 'Paraeducators Renamed' },
    });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'work-group', entity_id: String(id), action: 'update' })
      .first();
    expect(audit.before.name).toBe(old);
  });
});

describe('DELETE /cola/work-groups/:id', () => {
  it('refuses a group with employees or contracts, with both counts, and changes nothing', async () => {
    const { body } = await create({ name: name() });
    const id = body.workGroup.id;
    await employee({ work_group_id: id });
    await t.db
      .knex('contracts')
      .insert({ name: 'K', work_group_id: id, start_year: 2027, end_year: 2028, contract_years: 2 });
    await t.db
      .knex('contracts')
      .insert({ name: 'K2', work_group_id: id, start_year: 2029, end_year: 2030, contract_years: 2 });
    const res = await t.api('delete', `/cola/work-groups/${id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `Failed to delete work group. ${body.workGroup.name} is in use by 1 employee and 2 contracts. Make sure no employees or contracts are assigned to it.`,
    );
    expect(res.body.details).toEqual([{ employeeCount: 1, contractCount: 2, positionCount: 0 }]);
    expect(await t.db.knex('work_groups').where({ id }).first()).toBeTruthy();
    expect(Number((await t.db.knex('line_items').where({ work_group_id: id }).count('* as c'))[0].c)).toBe(1);
  });

  it('refuses a group whose positions are open (a vacancy is budgeted at its step and lane), not one whose positions are closed', async () => {
    const { body } = await create({ name: name() });
    const id = body.workGroup.id;
    const [position] = await t.db
      .knex('positions')
      .insert({
        budget_year_id: budgetYearId,
        fiscal_year: 2026,
        title: 'Aide',
        fte: 1,
        status: 'vacant',
        work_group_id: id,
      })
      .returning('id');
    const res = await t.api('delete', `/cola/work-groups/${id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `Failed to delete work group. ${body.workGroup.name} is in use by 1 position. Make sure no employees, positions or contracts are assigned to it.`,
    );
    expect(res.body.details).toEqual([{ employeeCount: 0, contractCount: 0, positionCount: 1 }]);
    expect((await t.db.knex('positions').where({ id: position.id }).first()).work_group_id).toBe(id);
    await t.db.knex('positions').where({ id: position.id }).update({ status: 'closed' });
    expect((await t.api('delete', `/cola/work-groups/${id}`, { token: admin.token })).status).toBe(200);
  });

  it('returns 403 for VIEW_ONLY, 404 for an unknown id, and deletes an unused group with an audit row', async () => {
    const { body } = await create({ name: name() });
    const id = body.workGroup.id;
    expect((await t.api('delete', `/cola/work-groups/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('delete', '/cola/work-groups/999999', { token: admin.token })).status).toBe(404);
    expect((await t.api('delete', `/cola/work-groups/${id}`, { token: admin.token })).status).toBe(200);
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'work-group', entity_id: String(id), action: 'delete' })
      .first();
    expect(audit.before.name).toBe(body.workGroup.name);
  });
});
