import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

/**
 * First start of a district on an empty database (no demo): the setup status, a budget year made
 * from nothing, the demo's categories offered as a start, and every refusal writing nothing.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const knex = () => t.db.knex;

/** Rows of every table a budget year's creation writes: a refusal must leave them unchanged. */
async function written() {
  const count = async (table: string, where: Record<string, string> = {}) =>
    Number((await knex()(table).where(where).count('* as c'))[0].c);
  return {
    budgetYears: await count('budget_years'),
    scenarios: await count('scenarios'),
    settings: await count('budget_settings'),
    versions: await count('budget_versions'),
    homes: await count('fiscal_year_homes'),
    categories: await count('budget_categories'),
    // A refused role is written to the security log; the history's records are what must not change.
    audit: await count('audit_log', { action: 'create' }),
  };
}

const create = (body: unknown, token = admin.token) => t.api('post', '/budget-years', { token, body });
const status = (token = admin.token) => t.api('get', '/setup', { token });

describe('first start of a district on an empty database', () => {
  it('starts with nothing: no budget year, every step to do, the API saying where each is done', async () => {
    expect((await t.api('get', '/budget-years', { token: admin.token })).body).toEqual({
      budgetYears: [],
      districtName: null,
      homes: [],
      budgetYearsWithLines: [],
    });
    const res = await status();
    expect(res.status).toBe(200);
    expect(res.body.ready).toBe(false);
    expect(res.body.complete).toBe(false);
    expect(res.body.steps.map((s: { key: string; done: boolean }) => [s.key, s.done])).toEqual([
      ['district', false],
      ['buildings', false],
      ['budgetYear', false],
      ['categories', false],
      ['workGroups', false],
    ]);
    const year = res.body.steps.find((s: { key: string }) => s.key === 'budgetYear');
    expect(year.summary).toBe('No budget year yet: nothing can be imported or planned');
    expect(year.command).toMatch(/^budget-cli budget-year create/);
  });

  it('refuses FINANCE and VIEW_ONLY with 403 on every setup call, writing nothing', async () => {
    const before = await written();
    for (const token of [finance.token, viewer.token]) {
      expect((await status(token)).status).toBe(403);
      expect((await create({ label: 'FY28' }, token)).status).toBe(403);
      expect((await t.api('post', '/setup/budget-categories', { token })).status).toBe(403);
    }
    expect((await t.api('get', '/setup')).status).toBe(401);
    expect(await written()).toEqual(before);
  });

  it.each([
    [{ label: 'FY19' }, 'label', 'Choose a fiscal year from FY2020 to FY2034'],
    [{ label: 'FY35' }, 'label', 'Choose a fiscal year from FY2020 to FY2034'],
    [{ label: 'next year' }, 'label', 'next year is not a fiscal year (write FY28 or 2028)'],
    [{}, 'label', undefined],
    [
      { label: 'FY28', firstFiscalYear: 'FY2019' },
      'firstFiscalYear',
      'Choose a fiscal year from FY2020 to FY2034',
    ],
    [{ label: 'FY28', lastFiscalYear: 2040 }, 'lastFiscalYear', 'Choose a fiscal year from FY2020 to FY2034'],
    [
      { label: 'FY28', currentFiscalYear: 'FY2x' },
      'currentFiscalYear',
      'FY2x is not a fiscal year (write FY28 or 2028)',
    ],
    [{ label: 'FY28', firstFiscalYear: 'FY30', lastFiscalYear: 'FY29' }, 'lastFiscalYear', undefined],
    [{ label: 'FY28', firstFiscalYear: 'FY29', lastFiscalYear: 'FY31' }, 'firstFiscalYear', undefined],
    [{ label: 'FY28', currentFiscalYear: 'FY30' }, 'currentFiscalYear', undefined],
    [{ label: 'FY28', color: 'red' }, '', undefined],
  ])('refuses %j with 400 naming %s, writing nothing', async (body, field, message) => {
    const before = await written();
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const detail = res.body.details.find((d: { path: string }) => d.path === field);
    expect(detail, JSON.stringify(res.body.details)).toBeDefined();
    if (message) {
      expect(detail.message).toBe(message);
    }
    expect(await written()).toEqual(before);
  });

  it('creates FY28 planning FY27-FY32 with what a year needs: active budgets, settings, a Draft version per fiscal year', async () => {
    const before = await written();
    const res = await create({
      label: 'FY28',
      firstFiscalYear: 'FY27',
      lastFiscalYear: 'FY32',
      currentFiscalYear: 'FY28',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.budgetYear).toMatchObject({
      fiscalYear: 'FY28',
      name: 'FY28 Budget',
      currentFiscalYear: 2028,
    });
    expect(res.body.fiscalYears).toEqual([2027, 2028, 2029, 2030, 2031, 2032]);
    const id = res.body.budgetYear.id;
    const scenarios = await knex()('scenarios').where({ budget_year_id: id }).orderBy('id');
    expect(scenarios.map((s) => [s.name, s.scenario_type, s.is_active])).toEqual([
      ['FY28 Operating Budget', 'operating', true],
      ['FY28 Proposed Budget', 'proposed', true],
    ]);
    const homes = await knex()('fiscal_year_homes').where({ budget_year_id: id }).orderBy('fiscal_year');
    expect(homes.map((h) => h.fiscal_year)).toEqual([2027, 2028, 2029, 2030, 2031, 2032]);
    const settings = await knex()('budget_settings').where({ budget_year_id: id }).first();
    expect(settings).toMatchObject({ step_lane_adjustment_type: 'PERCENTAGE', steps_lanes_work_groups: [] });
    const versions = await knex()('budget_versions').where({ budget_year_id: id }).orderBy('fiscal_year');
    expect(versions.map((v) => [v.fiscal_year, v.label, v.status])).toEqual(
      [2027, 2028, 2029, 2030, 2031, 2032].map((fy) => [fy, `FY${fy - 2000} Draft`, 'DRAFT']),
    );
    const after = await written();
    expect(after.budgetYears - before.budgetYears).toBe(1);
    expect(after.scenarios - before.scenarios).toBe(2);
    expect(after.settings - before.settings).toBe(1);
    expect(after.versions - before.versions).toBe(6);
    // The year and each version are in the history.
    expect(after.audit - before.audit).toBe(7);

    // The shell's year list and the setup status now show it.
    const list = await t.api('get', '/budget-years', { token: viewer.token });
    expect(list.body.budgetYears.map((y: { fiscalYear: string }) => y.fiscalYear)).toEqual(['FY28']);
    // Its six years are its own to plan (the shell says nothing), though it holds no line yet.
    expect(list.body.homes).toEqual(
      [2027, 2028, 2029, 2030, 2031, 2032].map((fiscalYear) => ({ fiscalYear, budgetYearId: id })),
    );
    expect(list.body.budgetYearsWithLines).toEqual([]);
    const now = await status();
    expect(now.body.ready).toBe(true);
    expect(now.body.budgetYears[0]).toMatchObject({
      fiscalYear: 'FY28',
      fiscalYears: [2027, 2028, 2029, 2030, 2031, 2032],
      scenarioCount: 2,
    });
    expect(now.body.steps.find((s: { key: string }) => s.key === 'budgetYear').summary).toBe(
      'FY28 (FY27 to FY32, current FY28)',
    );
  });

  it('refuses a budget year already there, or one whose fiscal years are another budget year’s home, naming the field', async () => {
    const before = await written();
    const again = await create({ label: '2028' });
    expect(again.status).toBe(400);
    expect(again.body.details).toEqual([{ path: 'label', message: 'Budget year FY28 already exists' }]);
    const overlap = await create({ label: 'FY33', firstFiscalYear: 'FY32', lastFiscalYear: 'FY34' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.details).toEqual([
      {
        path: 'firstFiscalYear',
        message:
          'FY32 is planned in budget year FY28, its one home: import, stage and plan FY32 there, not in budget year FY33',
      },
    ]);
    expect(await written()).toEqual(before);
  });

  it('a budget year with no span plans its own fiscal year, centred on it', async () => {
    const res = await create({ label: 2034, name: 'Far future', notes: 'Placeholder' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      budgetYear: { fiscalYear: 'FY34', name: 'Far future', notes: 'Placeholder', currentFiscalYear: 2034 },
      fiscalYears: [2034],
    });
  });

  it('offers the demo list of categories: added once, kept on a second call', async () => {
    const first = await t.api('post', '/setup/budget-categories', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.added.length).toBeGreaterThan(5);
    expect(first.body.added).toContain('Teachers');
    expect(first.body.alreadyThere).toEqual([]);
    const teachers = await knex()('budget_categories').where({ name: 'Teachers' }).first();
    expect(teachers).toMatchObject({ dese_function: '2305', is_personnel: true });
    const before = await written();
    const second = await t.api('post', '/setup/budget-categories', { token: admin.token });
    expect(second.body.added).toEqual([]);
    expect(second.body.alreadyThere.length).toBe(first.body.added.length);
    expect(await written()).toEqual(before);
    const steps = (await status()).body.steps;
    expect(steps.find((s: { key: string }) => s.key === 'categories')).toMatchObject({
      done: true,
      summary: `${first.body.added.length} categories`,
    });
  });

  it('adds buildings with their DESE school codes where known, refusing a malformed or taken code by field', async () => {
    const buildings = async () => Number((await knex()('buildings').count('* as c'))[0].c);
    const made = await t.api('post', '/buildings', {
      token: admin.token,
      body: { name: 'Curley K-8', code: 'CUR', deseSchoolCode: '00350020' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.building).toMatchObject({ name: 'Curley K-8', code: 'CUR', deseSchoolCode: '00350020' });
    const unknown = await t.api('post', '/buildings', {
      token: admin.token,
      body: { name: 'Annex', deseSchoolCode: '' },
    });
    expect(unknown.body.building.deseSchoolCode).toBeNull();
    const before = await buildings();
    const short = await t.api('post', '/buildings', {
      token: admin.token,
      body: { name: 'Latin', deseSchoolCode: '350020' },
    });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([
      { path: 'deseSchoolCode', message: 'DESE school code must be 8 digits, e.g. 00350020' },
    ]);
    const taken = await t.api('post', '/buildings', {
      token: admin.token,
      body: { name: 'Latin', deseSchoolCode: '00350020' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.details).toEqual([
      { path: 'deseSchoolCode', message: "DESE school code 00350020 is already Curley K-8's" },
    ]);
    expect(await buildings()).toBe(before);
    expect((await status()).body.steps.find((s: { key: string }) => s.key === 'buildings').summary).toBe(
      '2 buildings',
    );
  });
});
