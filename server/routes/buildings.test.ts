import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let seq = 0;

const knex = () => t.db.knex;
const countBuildings = async () => Number((await knex()('buildings').count('* as c'))[0].c);
const uniqueCode = () => `B${process.pid % 1000}${++seq}`;

async function budgetYear(): Promise<number> {
  seq += 1;
  const [row] = await knex()('budget_years')
    .insert({ fiscal_year: `FY26-b${seq}`, name: `Budget ${seq}`, current_fiscal_year: 2026 })
    .returning('id');
  return row.id;
}

async function line(values: Record<string, unknown>): Promise<number> {
  const [row] = await knex()('line_items')
    .insert({ fiscal_year: 2026, is_operating: true, current_salary: 50000, ...values })
    .returning('id');
  return row.id;
}

async function createBuilding(body: Record<string, unknown>) {
  return t.api('post', '/buildings', { token: admin.token, body });
}

describe('GET /buildings', () => {
  it('returns 401 without a token', async () => {
    expect((await t.api('get', '/buildings')).status).toBe(401);
  });

  it('returns 400 for a bad fiscal year or budget year id, 404 for an unknown budget year', async () => {
    const res = await t.api('get', '/buildings?fiscalYear=next', { token: viewer.token });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('fiscalYear');
    expect((await t.api('get', '/buildings?budgetYearId=abc', { token: viewer.token })).status).toBe(400);
    const unknown = await t.api('get', '/buildings?budgetYearId=999999', { token: viewer.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Budget year not found');
  });

  it('lets every role read, with employee counts per budget year and fiscal year', async () => {
    const code = uniqueCode();
    const { body } = await createBuilding({ name: `Count School ${code}`, code });
    const id = body.building.id;
    const by1 = await budgetYear();
    const by2 = await budgetYear();
    await line({ budget_year_id: by1, building_id: id });
    await line({ budget_year_id: by1, building_id: id, fiscal_year: 2027 });
    await line({ budget_year_id: by2, building_id: id });
    // A proposed line is not an employee.
    await line({
      budget_year_id: by1,
      building_id: id,
      is_operating: false,
      amount: 10,
      current_salary: null,
    });

    const count = async (qs: string) => {
      const res = await t.api('get', `/buildings${qs}`, { token: viewer.token });
      expect(res.status).toBe(200);
      return res.body.buildings.find((b: any) => b.id === id).employeeCount;
    };
    expect(await count('')).toBe(3);
    expect(await count(`?budgetYearId=${by1}`)).toBe(2);
    expect(await count(`?budgetYearId=${by1}&fiscalYear=FY26`)).toBe(1);
    expect(await count(`?budgetYearId=${by1}&fiscalYear=2027`)).toBe(1);
    expect(await count(`?fiscalYear=2026`)).toBe(2);
  });
});

describe('POST /buildings', () => {
  it('returns 400 for a missing name, a bad type or colour, or unknown fields, and writes nothing', async () => {
    const before = await countBuildings();
    const cases = [
      [{ code: 'X1' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A', buildingType: 'college' }, 'buildingType'],
      [{ name: 'A', color: 'blue' }, 'color'],
      [{ name: 'A', color: '#12345' }, 'color'],
      [{ name: 'A', employeeCount: 3 }, ''],
    ] as const;
    for (const [body, path] of cases) {
      const res = await createBuilding(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: any) => d.path)).toContain(path);
    }
    expect((await createBuilding({ name: 'A', color: 'red' })).body.details[0].message).toBe(
      'Colour must be a hex value in the form #RRGGBB',
    );
    expect(await countBuildings()).toBe(before);
  });

  it('returns 403 for FINANCE and VIEW_ONLY', async () => {
    for (const u of [finance, viewer]) {
      const res = await t.api('post', '/buildings', { token: u.token, body: { name: 'Nope' } });
      expect(res.status).toBe(403);
    }
  });

  it('creates a building, trims it, blanks to null, and audits it', async () => {
    const code = uniqueCode();
    const res = await createBuilding({
      name: '  Oak Hill Middle School ',
      code,
      address: '',
      buildingType: 'middle',
      color: '#AABBCC',
    });
    expect(res.status).toBe(201);
    expect(res.body.building).toEqual({
      id: expect.any(Number),
      name: 'Oak Hill Middle School',
      code,
      address: null,
      buildingType: 'middle',
      color: '#AABBCC',
      deseSchoolCode: null,
      employeeCount: 0,
      employeeLineCount: 0,
      lineItemCount: 0,
    });
    const audit = await knex()('audit_log')
      .where({ entity: 'building', entity_id: String(res.body.building.id) })
      .first();
    expect(audit).toMatchObject({ action: 'create', user_id: admin.id });
    expect(audit.after.name).toBe('Oak Hill Middle School');
  });

  it('returns 409 for a code another building has, in any letter case, and writes nothing', async () => {
    const code = uniqueCode();
    await createBuilding({ name: 'First', code });
    const before = await countBuildings();
    const res = await createBuilding({ name: 'Second', code: code.toLowerCase() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      error: `A building with code ${code.toLowerCase()} already exists`,
    });
    expect(await countBuildings()).toBe(before);
  });
});

describe('a building name names one building', () => {
  // budget-cli buildings add "Lunenburg High School" twice made two, and a file's rows then
  // matched one of them.
  it('refuses a second building of the same name, in any letter case or spacing, on create and rename', async () => {
    const first = await createBuilding({ name: 'Lunenburg High School' });
    const other = await createBuilding({ name: 'Turkey Hill Middle School' });
    const before = await countBuildings();
    for (const name of ['Lunenburg High School', ' lunenburg high school ']) {
      const res = await createBuilding({ name });
      expect(res.status, name).toBe(409);
      expect(res.body).toMatchObject({
        code: 'CONFLICT',
        error: 'A building named Lunenburg High School already exists',
      });
    }
    expect(await countBuildings()).toBe(before);
    const rename = await t.api('put', `/buildings/${other.body.building.id}`, {
      token: admin.token,
      body: { name: 'LUNENBURG HIGH SCHOOL' },
    });
    expect(rename.status).toBe(409);
    expect((await knex()('buildings').where({ id: other.body.building.id }).first()).name).toBe(
      'Turkey Hill Middle School',
    );
    // Its own name again, in another case, is a rename of itself.
    const own = await t.api('put', `/buildings/${first.body.building.id}`, {
      token: admin.token,
      body: { name: 'Lunenburg High school' },
    });
    expect(own.status).toBe(200);
  });
});

describe('PUT /buildings/:id', () => {
  it('returns 404 for an unknown id and 400 for an empty body or a bad id', async () => {
    expect(
      (await t.api('put', '/buildings/999999', { token: admin.token, body: { name: 'X' } })).status,
    ).toBe(404);
    expect((await t.api('put', '/buildings/abc', { token: admin.token, body: { name: 'X' } })).status).toBe(
      400,
    );
    const { body } = await createBuilding({ name: 'Empty Body School' });
    const empty = await t.api('put', `/buildings/${body.building.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('Nothing to update');
  });

  it('refuses another building’s code with 409 and leaves the building unchanged', async () => {
    const a = uniqueCode();
    const b = uniqueCode();
    await createBuilding({ name: 'Has A', code: a });
    const { body } = await createBuilding({ name: 'Has B', code: b });
    const res = await t.api('put', `/buildings/${body.building.id}`, {
      token: admin.token,
      body: { name: 'Renamed', code: a },
    });
    expect(res.status).toBe(409);
    const row = await knex()('buildings').where({ id: body.building.id }).first();
    expect(row).toMatchObject({ name: 'Has B', code: b });
  });

  it('changes the given fields, keeps the others, and audits before and after', async () => {
    const code = uniqueCode();
    const { body } = await createBuilding({ name: 'Old Name', code, address: '1 Main St' });
    const id = body.building.id;
    const res = await t.api('put', `/buildings/${id}`, {
      token: admin.token,
      body: { name: 'New Name', buildingType: 'high' },
    });
    expect(res.status).toBe(200);
    expect(res.body.building).toMatchObject({
      name: 'New Name',
      code,
      address: '1 Main St',
      buildingType: 'high',
    });
    // Keeping its own code is not a conflict.
    expect((await t.api('put', `/buildings/${id}`, { token: admin.token, body: { code } })).status).toBe(200);
    // Two updates are audited: the first is the rename. Read in order, not in the rows' physical order.
    const audit = await knex()('audit_log')
      .where({ entity: 'building', entity_id: String(id), action: 'update' })
      .orderBy('id')
      .first();
    expect(audit.before.name).toBe('Old Name');
    expect(audit.after.name).toBe('New Name');
  });
});

describe('DELETE /buildings/:id', () => {
  it('returns 403 for FINANCE and 404 for an unknown id', async () => {
    const { body } = await createBuilding({ name: 'Keep Me' });
    expect((await t.api('delete', `/buildings/${body.building.id}`, { token: finance.token })).status).toBe(
      403,
    );
    expect((await t.api('delete', '/buildings/999999', { token: admin.token })).status).toBe(404);
    expect(await knex()('buildings').where({ id: body.building.id }).first()).toBeTruthy();
  });

  it('refuses a building in use with the counts and the in-use message, and deletes nothing', async () => {
    const { body } = await createBuilding({ name: 'Busy School' });
    const id = body.building.id;
    const by = await budgetYear();
    await line({ budget_year_id: by, building_id: id });
    await line({ budget_year_id: by, building_id: id });
    await line({ budget_year_id: by, building_id: id, is_operating: false, amount: 5, current_salary: null });
    const res = await t.api('delete', `/buildings/${id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'Cannot delete Busy School: 2 employees and 1 line item are assigned to it. Make sure no employees or line items are assigned to it.',
    );
    expect(res.body.details).toEqual([{ employeeCount: 2, lineItemCount: 1 }]);
    expect(await knex()('buildings').where({ id }).first()).toBeTruthy();
  });

  it('counts employee records of several fiscal years as such, not as that many employees', async () => {
    const { body } = await createBuilding({ name: 'Multi Year School' });
    const id = body.building.id;
    const by = await budgetYear();
    for (const fiscalYear of [2025, 2026, 2027]) {
      await line({ budget_year_id: by, building_id: id, fiscal_year: fiscalYear });
    }
    const res = await t.api('delete', `/buildings/${id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'Cannot delete Multi Year School: 3 employee records across 3 fiscal years are assigned to it. Make sure no employees or line items are assigned to it.',
    );
    expect(await knex()('buildings').where({ id }).first()).toBeTruthy();
  });

  it('deletes an unused building and audits it', async () => {
    const { body } = await createBuilding({ name: 'Closed School' });
    const id = body.building.id;
    const res = await t.api('delete', `/buildings/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Building Closed School deleted');
    expect(await knex()('buildings').where({ id }).first()).toBeUndefined();
    const audit = await knex()('audit_log')
      .where({ entity: 'building', entity_id: String(id), action: 'delete' })
      .first();
    expect(audit.before.name).toBe('Closed School');
    expect((await t.api('delete', `/buildings/${id}`, { token: admin.token })).status).toBe(404);
  });
});
