import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let seq = 0;
let groups: number[];

beforeAll(async () => {
  const rows = await t.db
    .knex('work_groups')
    .insert([{ name: 'Settings Teachers' }, { name: 'Settings Paras' }, { name: 'Settings Custodians' }])
    .returning('id');
  groups = rows.map((r: { id: number }) => r.id);
});

async function budgetYear(current = 2026): Promise<number> {
  seq += 1;
  const [row] = await t.db
    .knex('budget_years')
    .insert({ fiscal_year: `FY-s${seq}`, name: `S ${seq}`, current_fiscal_year: current })
    .returning('id');
  return row.id;
}

const valid = {
  stepLaneAdjustmentType: 'DOLLAR',
  stepLaneAdjustmentValue: 750,
  stepLaneDescription: 'Step and lane',
};

describe('GET /budget-settings', () => {
  it('returns 401 without a token, 400 for a bad id, 404 for an unknown budget year', async () => {
    expect((await t.api('get', '/budget-settings')).status).toBe(401);
    expect((await t.api('get', '/budget-settings?budgetYearId=x', { token: viewer.token })).status).toBe(400);
    expect((await t.api('get', '/budget-settings?budgetYearId=999999', { token: viewer.token })).status).toBe(
      404,
    );
  });

  it('creates the default PERCENTAGE 1.5 row on first read, once', async () => {
    const by = await budgetYear();
    const first = await t.api('get', `/budget-settings?budgetYearId=${by}`, { token: viewer.token });
    expect(first.status).toBe(200);
    expect(first.body.settings).toMatchObject({
      budgetYearId: by,
      stepLaneAdjustmentType: 'PERCENTAGE',
      stepLaneAdjustmentValue: 1.5,
      stepLaneDescription: null,
      stepsLanesWorkGroups: [],
    });
    const again = await t.api('get', `/budget-settings?budgetYearId=${by}`, { token: finance.token });
    expect(again.body.settings.id).toBe(first.body.settings.id);
    expect(
      Number((await t.db.knex('budget_settings').where({ budget_year_id: by }).count('* as c'))[0].c),
    ).toBe(1);
  });

  it('without a budget year id reads the budget year of the current fiscal year, else the latest', async () => {
    const res = await t.api('get', '/budget-settings', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.settings.budgetYearId).toEqual(expect.any(Number));
  });
});

describe('PUT /budget-settings/:id', () => {
  it('returns 403 for FINANCE and VIEW_ONLY and changes nothing', async () => {
    const by = await budgetYear();
    const { body } = await t.api('get', `/budget-settings?budgetYearId=${by}`, { token: admin.token });
    for (const u of [finance, viewer]) {
      const res = await t.api('put', `/budget-settings/${body.settings.id}`, { token: u.token, body: valid });
      expect(res.status).toBe(403);
    }
    expect(
      Number(
        (await t.db.knex('budget_settings').where({ id: body.settings.id }).first())
          .step_lane_adjustment_value,
      ),
    ).toBe(1.5);
  });

  it('returns 400 for a missing or negative value, a bad type, bad or unknown work groups; nothing written', async () => {
    const by = await budgetYear();
    const { body } = await t.api('get', `/budget-settings?budgetYearId=${by}`, { token: admin.token });
    const id = body.settings.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ stepLaneAdjustmentType: 'PERCENTAGE' }, 'stepLaneAdjustmentValue'],
      [{ ...valid, stepLaneAdjustmentValue: -1 }, 'stepLaneAdjustmentValue'],
      [{ ...valid, stepLaneAdjustmentType: 'PERCENT' }, 'stepLaneAdjustmentType'],
      [
        { ...valid, stepLaneAdjustmentType: 'PERCENTAGE', stepLaneAdjustmentValue: 150 },
        'stepLaneAdjustmentValue',
      ],
      [{ ...valid, stepsLanesWorkGroups: 'not json' }, 'stepsLanesWorkGroups'],
      [{ ...valid, stepsLanesWorkGroups: '["a"]' }, 'stepsLanesWorkGroups.0'],
      [{ ...valid, stepsLanesWorkGroups: [1.5] }, 'stepsLanesWorkGroups.0'],
      [{ ...valid, stepsLanesWorkGroups: [groups[0], 999999] }, 'stepsLanesWorkGroups'],
      [{ ...valid, budgetYearId: by }, ''],
    ];
    for (const [payload, path] of cases) {
      const res = await t.api('put', `/budget-settings/${id}`, { token: admin.token, body: payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(
        res.body.details.map((d: any) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    const unknown = await t.api('put', `/budget-settings/${id}`, {
      token: admin.token,
      body: { ...valid, stepsLanesWorkGroups: [groups[0], 999999] },
    });
    expect(unknown.body.error).toContain('Unknown work group ids: 999999');
    const row = await t.db.knex('budget_settings').where({ id }).first();
    expect(row.step_lane_adjustment_type).toBe('PERCENTAGE');
    expect(row.steps_lanes_work_groups).toEqual([]);
  });

  it('returns 404 for an unknown id', async () => {
    expect((await t.api('put', '/budget-settings/999999', { token: admin.token, body: valid })).status).toBe(
      404,
    );
  });

  it('saves settings with work groups sent as a JSON string, and audits before and after', async () => {
    const by = await budgetYear();
    const { body } = await t.api('get', `/budget-settings?budgetYearId=${by}`, { token: admin.token });
    const id = body.settings.id;
    const res = await t.api('put', `/budget-settings/${id}`, {
      token: admin.token,
      body: { ...valid, stepsLanesWorkGroups: JSON.stringify([groups[1], groups[0], groups[1]]) },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      id,
      stepLaneAdjustmentType: 'DOLLAR',
      stepLaneAdjustmentValue: 750,
      stepLaneDescription: 'Step and lane',
      stepsLanesWorkGroups: [groups[1], groups[0]],
    });
    // Omitting the work groups keeps them; an array works as well as a string.
    const kept = await t.api('put', `/budget-settings/${id}`, {
      token: admin.token,
      body: { stepLaneAdjustmentType: 'PERCENTAGE', stepLaneAdjustmentValue: 0 },
    });
    expect(kept.body.settings).toMatchObject({
      stepLaneAdjustmentValue: 0,
      stepsLanesWorkGroups: [groups[1], groups[0]],
    });
    const arr = await t.api('put', `/budget-settings/${id}`, {
      token: admin.token,
      body: { ...valid, stepsLanesWorkGroups: [groups[2]], stepLaneDescription: '' },
    });
    expect(arr.body.settings).toMatchObject({ stepsLanesWorkGroups: [groups[2]], stepLaneDescription: null });
    const audits = await t.db
      .knex('audit_log')
      .where({ entity: 'budget-settings', entity_id: String(id) })
      .orderBy('id');
    expect(audits.map((a: any) => a.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(audits[1].before.stepLaneAdjustmentValue).toBe(1.5);
    expect(audits[1].after.stepLaneAdjustmentValue).toBe(750);
  });
});

describe('PUT /budget-settings', () => {
  it('upserts by budget year: 404 for an unknown year, creates the row when missing', async () => {
    expect(
      (
        await t.api('put', '/budget-settings', {
          token: admin.token,
          body: { ...valid, budgetYearId: 999999 },
        })
      ).status,
    ).toBe(404);
    const by = await budgetYear();
    const res = await t.api('put', '/budget-settings', {
      token: admin.token,
      body: { ...valid, budgetYearId: by, stepsLanesWorkGroups: `[${groups[0]}]` },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      budgetYearId: by,
      stepLaneAdjustmentType: 'DOLLAR',
      stepsLanesWorkGroups: [groups[0]],
    });
    const read = await t.api('get', `/budget-settings?budgetYearId=${by}`, { token: viewer.token });
    expect(read.body.settings.id).toBe(res.body.settings.id);
    expect(read.body.settings.stepLaneAdjustmentValue).toBe(750);
  });
});
