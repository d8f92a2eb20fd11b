import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

// Manage Data disables Delete from the lists' counts: each list must carry every count the delete
// refuses on, and the same figures the 409 gives.
const { t, admin } = useApp(['ADMIN']);
let seq = 0;

const knex = () => t.db.knex;
const unique = (what: string) => `${what} ${process.pid}-${++seq}`;

async function budgetYear(): Promise<number> {
  const [row] = await knex()('budget_years')
    .insert({ fiscal_year: `FY26-u${process.pid}-${++seq}`, name: 'Usage', current_fiscal_year: 2026 })
    .returning('id');
  return row.id;
}

const line = (values: Record<string, unknown>) =>
  knex()('line_items').insert({ fiscal_year: 2026, is_operating: true, current_salary: 50000, ...values });

describe('GET /cola/work-groups counts the positions a delete refuses on', () => {
  it('returns positionCount (positions not closed), the figure the 409 gives', async () => {
    const by = await budgetYear();
    const created = await t.api('post', '/cola/work-groups', {
      token: admin.token,
      body: { name: unique('Aides') },
    });
    const id = created.body.workGroup.id;
    expect(created.body.workGroup.positionCount).toBe(0);
    const position = (status: string) => ({
      budget_year_id: by,
      fiscal_year: 2026,
      title: 'Aide',
      fte: 1,
      status,
      work_group_id: id,
    });
    await knex()('positions').insert(['vacant', 'posted', 'filled', 'closed'].map(position));

    for (const query of ['', `?budgetYearId=${by}`]) {
      const list = await t.api('get', `/cola/work-groups${query}`, { token: admin.token });
      expect(list.status).toBe(200);
      const group = list.body.workGroups.find((g: { id: number }) => g.id === id);
      expect(group).toMatchObject({ employeeCount: 0, contractCount: 0, positionCount: 3 });
    }

    const refused = await t.api('delete', `/cola/work-groups/${id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toEqual([{ employeeCount: 0, contractCount: 0, positionCount: 3 }]);
  });
});

describe('GET /buildings counts every year’s lines a delete refuses on', () => {
  it('returns employeeLineCount and lineItemCount of all years beside one year’s employees, as the 409 does', async () => {
    const shown = await budgetYear();
    const other = await budgetYear();
    const created = await t.api('post', '/buildings', {
      token: admin.token,
      body: { name: unique('School') },
    });
    const id = created.body.building.id;
    // None in the year the screen shows; lines in another budget year and another fiscal year.
    await line({ budget_year_id: other, building_id: id });
    await line({ budget_year_id: other, building_id: id });
    await line({ budget_year_id: shown, building_id: id, fiscal_year: 2027 });
    await line({
      budget_year_id: other,
      building_id: id,
      is_operating: false,
      amount: 5,
      current_salary: null,
    });

    const list = await t.api('get', `/buildings?budgetYearId=${shown}&fiscalYear=2026`, {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    const building = list.body.buildings.find((b: { id: number }) => b.id === id);
    expect(building).toMatchObject({ employeeCount: 0, employeeLineCount: 3, lineItemCount: 1 });

    const refused = await t.api('delete', `/buildings/${id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toEqual([
      { employeeCount: building.employeeLineCount, lineItemCount: building.lineItemCount },
    ]);

    // A building no line uses lists zeros, and deletes.
    const free = await t.api('post', '/buildings', { token: admin.token, body: { name: unique('Annex') } });
    const all = await t.api('get', '/buildings', { token: admin.token });
    expect(all.body.buildings.find((b: { id: number }) => b.id === free.body.building.id)).toMatchObject({
      employeeCount: 0,
      employeeLineCount: 0,
      lineItemCount: 0,
    });
    expect(
      (await t.api('delete', `/buildings/${free.body.building.id}`, { token: admin.token })).status,
    ).toBe(200);
  });
});
