import { describe, expect, it } from 'vitest';
import { secondHomeMessage } from '@shared/schemas/fiscal-year';
import { insertEmployees } from '../../test/factories';
import { useApp } from '../../test/use-app';

/**
 * A new district fixes a mistaken budget year: PATCH /budget-years/:id re-spans, renames or notes
 * it, DELETE /budget-years/:id removes one that holds nothing. Every refusal leaves every table as
 * it was, counted from the tables themselves.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const knex = () => t.db.knex;

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await knex()(table).where(where).count('* as c'))[0].c);

/** Every table an edit or delete writes, with the budget years' own columns. */
async function written() {
  return {
    budgetYears: await knex()('budget_years')
      .orderBy('id')
      .select('id', 'fiscal_year', 'name', 'notes', 'current_fiscal_year'),
    homes: await knex()('fiscal_year_homes').orderBy('fiscal_year').select('fiscal_year', 'budget_year_id'),
    versions: await knex()('budget_versions').orderBy('id').select('id', 'fiscal_year', 'budget_year_id'),
    scenarios: await count('scenarios'),
    settings: await count('budget_settings'),
    lines: await count('line_items'),
    audit: await count('audit_log', { entity: 'budget-year' }),
  };
}

const create = (body: unknown) => t.api('post', '/budget-years', { token: admin.token, body });
const edit = (id: number, body: unknown, token = admin.token) =>
  t.api('patch', `/budget-years/${id}`, { token, body });
const del = (id: number, token = admin.token) => t.api('delete', `/budget-years/${id}`, { token });
const idOf = async (label: string) =>
  ((await knex()('budget_years').where({ fiscal_year: label }).first('id')) as { id: number }).id;
const homesOf = async (id: number) =>
  (await knex()('fiscal_year_homes').where({ budget_year_id: id }).orderBy('fiscal_year')).map(
    (h: { fiscal_year: number }) => h.fiscal_year,
  );
const versionsOf = async (id: number) =>
  (await knex()('budget_versions').where({ budget_year_id: id }).orderBy('fiscal_year')).map(
    (v: { label: string }) => v.label,
  );

/** Sends the request, expects `status` and every table unchanged; returns the body. */
async function refused(send: () => Promise<{ status: number; body: any }>, status: number) {
  const before = await written();
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(await written()).toEqual(before);
  return res.body;
}

describe('editing and deleting a budget year', () => {
  it('re-spans FY26 (FY26-FY30) to FY26 alone, after which FY27 can be created', async () => {
    expect((await create({ label: 'FY26', firstFiscalYear: 'FY26', lastFiscalYear: 'FY30' })).status).toBe(
      201,
    );
    const fy26 = await idOf('FY26');
    const second = await refused(() => create({ label: 'FY27' }), 400);
    expect(second.error).toBe(secondHomeMessage(2027, 'FY26', 'FY27'));

    const auditBefore = await count('audit_log', { entity: 'budget-year', action: 'update' });
    const res = await edit(fy26, {
      lastFiscalYear: 'FY26',
      name: 'Main budget',
      notes: 'Five years was a mistake',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      budgetYear: {
        id: fy26,
        fiscalYear: 'FY26',
        name: 'Main budget',
        notes: 'Five years was a mistake',
        currentFiscalYear: 2026,
      },
      fiscalYears: [2026],
    });
    expect(await homesOf(fy26)).toEqual([2026]);
    expect(await versionsOf(fy26)).toEqual(['FY26 Draft']);
    expect(await count('audit_log', { entity: 'budget-year', action: 'update' })).toBe(auditBefore + 1);

    expect((await create({ label: 'FY27' })).status).toBe(201);
    expect(await homesOf(await idOf('FY27'))).toEqual([2027]);
  });

  it('lets only whoever may create a budget year edit or delete one', async () => {
    const fy26 = await idOf('FY26');
    for (const token of [finance.token, viewer.token]) {
      await refused(() => edit(fy26, { name: 'x' }, token), 403);
      await refused(() => del(fy26, token), 403);
    }
  });

  it('refuses a span that takes another budget year’s fiscal year, or loses its own or current year', async () => {
    const fy26 = await idOf('FY26');
    const taken = await refused(() => edit(fy26, { lastFiscalYear: 'FY28' }), 400);
    expect(taken.error).toBe(secondHomeMessage(2027, 'FY27', 'FY26'));
    expect(taken.details).toEqual([{ path: 'lastFiscalYear', message: taken.error }]);

    const own = await refused(() => edit(fy26, { firstFiscalYear: 'FY24', lastFiscalYear: 'FY25' }), 400);
    expect(own.details).toEqual([
      {
        path: 'firstFiscalYear',
        message: "Planning FY24 to FY25 leaves out the budget year's own fiscal year, FY26",
      },
    ]);
    const range = await refused(() => edit(fy26, { firstFiscalYear: 'FY19' }), 400);
    expect(range.details[0]).toMatchObject({
      path: 'firstFiscalYear',
      message: 'Choose a fiscal year from FY2020 to FY2034',
    });
    const order = await refused(() => edit(fy26, { firstFiscalYear: 'FY26', lastFiscalYear: 'FY25' }), 400);
    expect(order.details[0].path).toBe('lastFiscalYear');
    await refused(() => edit(fy26, { name: '  ' }), 400);
    await refused(() => edit(999_999, { name: 'Nobody' }), 404);
    await refused(() => del(999_999), 404);

    // Its dashboard centres on FY25: a span without FY25 is refused until the current year moves.
    const moved = await t.api('patch', `/budget-years/${fy26}/current-fiscal-year`, {
      token: admin.token,
      body: { currentFiscalYear: 2025 },
    });
    expect(moved.status).toBe(200);
    const current = await refused(() => edit(fy26, { firstFiscalYear: 'FY26' }), 400);
    expect(current.error).toBe(
      'Planning FY26 leaves out its current fiscal year, FY25: move the current year first',
    );
    const back = await t.api('patch', `/budget-years/${fy26}/current-fiscal-year`, {
      token: admin.token,
      body: { currentFiscalYear: 2026 },
    });
    expect(back.status).toBe(200);
  });

  it('refuses dropping a fiscal year or deleting a budget year that holds lines or scenarios', async () => {
    const fy27 = await idOf('FY27');
    const grown = await edit(fy27, { lastFiscalYear: 'FY28' });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect(grown.body.fiscalYears).toEqual([2027, 2028]);
    expect(await homesOf(fy27)).toEqual([2027, 2028]);
    expect(await versionsOf(fy27)).toEqual(['FY27 Draft', 'FY28 Draft']);

    await insertEmployees(knex(), [
      { budgetYearId: fy27, fiscalYear: 2028, salary: '50000.00' },
      { budgetYearId: fy27, fiscalYear: 2028, salary: '61234.56' },
    ]);
    await knex()('scenarios').insert({
      budget_year_id: fy27,
      name: 'What if',
      scenario_type: 'proposed',
      is_active: false,
    });
    const drop = await refused(() => edit(fy27, { lastFiscalYear: 'FY27' }), 400);
    expect(drop.details).toEqual([
      {
        path: 'lastFiscalYear',
        message: 'FY28 holds 2 lines in FY27: planning FY27 would drop it',
      },
    ]);
    const kept = await refused(() => del(fy27), 409);
    expect(kept.error).toBe('FY27 holds 2 lines and 1 scenario: it cannot be deleted');

    const setup = await t.api('get', '/setup', { token: admin.token });
    const reasons = Object.fromEntries(
      setup.body.budgetYears.map((y: { fiscalYear: string; cannotDelete: string | null }) => [
        y.fiscalYear,
        y.cannotDelete,
      ]),
    );
    expect(reasons).toEqual({ FY26: null, FY27: 'FY27 holds 2 lines and 1 scenario: it cannot be deleted' });
  });

  it('deletes an empty budget year with what its creation made, and its label can be used again', async () => {
    const fy26 = await idOf('FY26');
    const deletesBefore = await count('audit_log', { entity: 'budget-year', action: 'delete' });
    const res = await del(fy26);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ deleted: { id: fy26, fiscalYear: 'FY26' } });
    for (const table of [
      'budget_years',
      'scenarios',
      'budget_settings',
      'budget_versions',
      'fiscal_year_homes',
    ]) {
      expect(await count(table, table === 'budget_years' ? { id: fy26 } : { budget_year_id: fy26 })).toBe(0);
    }
    expect(await count('budget_versions', { fiscal_year: 2026 })).toBe(0);
    expect(await count('audit_log', { entity: 'budget-year', action: 'delete' })).toBe(deletesBefore + 1);
    await refused(() => del(fy26), 404);
    expect((await create({ label: 'FY26' })).status).toBe(201);
  });
});
