import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertProposed } from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const goalCount = async () => Number((await t.db.knex('town_goals').count('* as c'))[0].c);
const auditCount = async () =>
  Number((await t.db.knex('audit_log').where({ entity: 'town-goal' }).count('* as c'))[0].c);

describe('POST /town-goals', () => {
  it('saves a new year from many users at once: every call succeeds and the year has one goal', async () => {
    const calls = Array.from({ length: 12 }, (_, i) =>
      t.api('post', '/town-goals', {
        token: finance.token,
        body: { fiscalYear: 2061, goalType: 'DOLLAR', dollarGoal: 1_000_000 + i },
      }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 201),
      statuses.join(','),
    ).toBe(true);
    expect(Number((await t.db.knex('town_goals').where({ fiscal_year: 2061 }).count('* as c'))[0].c)).toBe(1);
  });

  it('returns 401 without a token', async () => {
    const res = await t.api('post', '/town-goals', {
      body: { fiscalYear: 2040, goalType: 'DOLLAR', dollarGoal: 1 },
    });
    expect(res.status).toBe(401);
  });

  it('returns 400 for a negative amount, extra fields and a bad year, writing nothing', async () => {
    const before = await goalCount();
    const bodies = [
      { fiscalYear: 2040, goalType: 'DOLLAR', dollarGoal: -5 },
      { fiscalYear: 2040, goalType: 'DOLLAR', dollarGoal: 10.005 },
      { fiscalYear: 2040, goalType: 'DOLLAR', dollarGoal: 10, role: 'ADMIN' },
      { fiscalYear: 'FY2x', goalType: 'DOLLAR', dollarGoal: 10 },
      { fiscalYear: 2040, goalType: 'SOME', dollarGoal: 10 },
      { fiscalYear: 2040, goalType: 'DOLLAR' },
    ];
    for (const body of bodies) {
      const res = await t.api('post', '/town-goals', { token: finance.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const negative = await t.api('post', '/town-goals', { token: finance.token, body: bodies[0] });
    expect(negative.body.details).toContainEqual({
      path: 'dollarGoal',
      message: 'Amounts cannot be negative',
    });
    expect(await goalCount()).toBe(before);
  });

  it('returns 400 for a percent goal without a baseline, writing nothing', async () => {
    const before = await goalCount();
    const res = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2048, goalType: 'PERCENT', percentGoal: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'A percent goal needs a baseline: enter a baseline amount or set a dollar goal for FY47 first',
    );
    expect(await goalCount()).toBe(before);
  });

  it('returns 403 for VIEW_ONLY, writing nothing', async () => {
    const before = await goalCount();
    const res = await t.api('post', '/town-goals', {
      token: viewer.token,
      body: { fiscalYear: 2040, goalType: 'DOLLAR', dollarGoal: 1000 },
    });
    expect(res.status).toBe(403);
    expect(await goalCount()).toBe(before);
  });

  it('creates dollar and percent goals, deriving each from the previous year’s goal', async () => {
    const base = await t.api('post', '/town-goals', {
      token: finance.token,
      body: {
        fiscalYear: 'FY41',
        goalType: 'DOLLAR',
        dollarGoal: 80_000_000,
        notes: 'Adopted',
        isBaseline: true,
      },
    });
    expect(base.status).toBe(200);
    expect(base.body).toMatchObject({
      created: true,
      goal: {
        fiscalYear: 2041,
        goalType: 'DOLLAR',
        dollarGoal: 80_000_000,
        percentGoal: null,
        isBaseline: true,
      },
    });
    const dollar = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2042, goalType: 'DOLLAR', dollarGoal: 82_800_000.5, actualAmount: 82_750_000 },
    });
    expect(dollar.body.goal).toMatchObject({
      baselineYear: 2041,
      baselineAmount: 80_000_000,
      percentGoal: 3.5,
      variance: -50_000.5,
    });
    const percent = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2043, goalType: 'PERCENT', percentGoal: 2.5 },
    });
    // 82,800,000.50 x 1.025 = 84,870,000.5125 -> 84,870,000.51
    expect(percent.body.goal).toMatchObject({
      dollarGoal: 84_870_000.51,
      baselineYear: 2042,
      baselineAmount: 82_800_000.5,
    });
    const cut = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2044, goalType: 'PERCENT', percentGoal: -1, baselineAmount: 1000 },
    });
    expect(cut.body.goal.dollarGoal).toBe(990);
    // 990 -> 7,000,000 is +706,970%: beyond what a percent column holds, so no percent is stored.
    const far = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2045, goalType: 'DOLLAR', dollarGoal: 7_000_000 },
    });
    expect(far.body.goal).toMatchObject({ baselineAmount: 990, percentGoal: null, dollarGoal: 7_000_000 });
  });

  it('saves the goal of a year that has one, and refuses to move a goal onto a taken year', async () => {
    const first = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2030, goalType: 'DOLLAR', dollarGoal: 1000 },
    });
    const audits = await auditCount();
    const again = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2030, goalType: 'BOTH', dollarGoal: 2080, percentGoal: 4, baselineAmount: 2000 },
    });
    expect(again.body).toMatchObject({
      created: false,
      goal: { id: first.body.goal.id, dollarGoal: 2080, percentGoal: 4 },
    });
    expect(await auditCount()).toBe(audits + 1);
    const audit = await t.db.knex('audit_log').where({ entity: 'town-goal' }).orderBy('id', 'desc').first();
    expect(audit.before.dollarGoal).toBe(1000);
    expect(audit.after.dollarGoal).toBe(2080);

    const other = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2031, goalType: 'DOLLAR', dollarGoal: 5 },
    });
    const move = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { id: other.body.goal.id, fiscalYear: 2030, goalType: 'DOLLAR', dollarGoal: 5 },
    });
    expect(move.status).toBe(409);
    expect(move.body.error).toBe('FY30 already has a town goal');
    const missing = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { id: 999999, fiscalYear: 2032, goalType: 'DOLLAR', dollarGoal: 5 },
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /town-goals and the guidance reads', () => {
  it('lists goals for any signed-in role', async () => {
    expect((await t.api('get', '/town-goals')).status).toBe(401);
    const res = await t.api('get', '/town-goals', { token: viewer.token });
    expect(res.status).toBe(200);
    const years = res.body.goals.map((g: any) => g.fiscalYear);
    expect(years).toEqual([...years].sort((a: number, b: number) => a - b));
  });

  it('GET /town-goals/year/:year returns the guidance, 404 when there is none, 400 for a bad label', async () => {
    await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2034, goalType: 'DOLLAR', dollarGoal: 7_000_000 },
    });
    const res = await t.api('get', '/town-goals/year/FY34', { token: viewer.token });
    expect(res.body).toEqual({
      fiscalYear: 2034,
      baselineYear: null,
      dollarGoal: 7_000_000,
      goalType: 'DOLLAR',
      hasTownGoal: true,
      townFunding: 7_000_000,
    });
    const none = await t.api('get', '/town-goals/year/2035', { token: viewer.token });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Town guidance for FY35 not found');
    expect((await t.api('get', '/town-goals/year/next-year', { token: viewer.token })).status).toBe(400);
  });

  it('GET /town-goals/total/:year answers 0 for a year without a goal', async () => {
    const none = await t.api('get', '/town-goals/total/2049', { token: viewer.token });
    expect(none.body).toEqual({ fiscalYear: 2049, total: 0, hasTownGoal: false });
    const some = await t.api('get', '/town-goals/total/2034', { token: viewer.token });
    expect(some.body).toEqual({ fiscalYear: 2034, total: 7_000_000, hasTownGoal: true });
  });
});

describe('DELETE /town-goals/:id', () => {
  it('returns 403 for VIEW_ONLY and 404 for an unknown id, then deletes and audits', async () => {
    const made = await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2039, goalType: 'DOLLAR', dollarGoal: 1 },
    });
    const id = made.body.goal.id;
    expect((await t.api('delete', `/town-goals/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('delete', '/town-goals/999999', { token: finance.token })).status).toBe(404);
    const res = await t.api('delete', `/town-goals/${id}`, { token: finance.token });
    expect(res.body).toEqual({ message: 'Town goal deleted' });
    expect((await t.api('get', '/town-goals/year/2039', { token: viewer.token })).status).toBe(404);
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'town-goal', entity_id: String(id), action: 'delete' })
      .first();
    expect(audit.before.dollarGoal).toBe(1);
  });
});

describe('GET /town-goals/analysis/gap', () => {
  it('compares the proposed budget with the goal: OVER, UNDER, NEAR, and no gap without a goal', async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db, { currentFiscalYear: 2036 });
    const pr = await buildScenario(db, year, 'proposed');
    await insertProposed(db, [
      { budgetYearId: year, fiscalYear: 2036, scenarioId: pr, amount: '1000000.10' },
      { budgetYearId: year, fiscalYear: 2036, scenarioId: pr, amount: '250000.15' },
    ]);
    const gap = (goal?: number) => async () => {
      if (goal !== undefined) {
        await t.api('post', '/town-goals', {
          token: finance.token,
          body: { fiscalYear: 2036, goalType: 'DOLLAR', dollarGoal: goal },
        });
      }
      return (
        await t.api('get', `/town-goals/analysis/gap?fiscalYear=2036&budgetYearId=${year}`, {
          token: viewer.token,
        })
      ).body;
    };
    expect(await gap()()).toMatchObject({
      districtNeed: 1250000.25,
      lineCount: 2,
      townGoal: 0,
      hasTownGoal: false,
      gap: null,
      status: null,
    });
    expect(await gap(1_200_000)()).toMatchObject({ gap: 50000.25, status: 'NEAR' });
    expect(await gap(1_400_000)()).toMatchObject({ gap: -149999.75, status: 'UNDER' });
    const byDefault = await t.api('get', '/town-goals/analysis/gap?fiscalYear=FY36', { token: viewer.token });
    expect(byDefault.body).toMatchObject({ budgetYearId: year, districtNeed: 1250000.25 });
  });

  it('says a budget year with no proposed lines has no budget yet (lineCount 0), goal or not', async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db, { currentFiscalYear: 2038 });
    await buildScenario(db, year, 'proposed');
    await t.api('post', '/town-goals', {
      token: finance.token,
      body: { fiscalYear: 2038, goalType: 'DOLLAR', dollarGoal: 2_000_000.5 },
    });
    const res = await t.api('get', `/town-goals/analysis/gap?fiscalYear=2038&budgetYearId=${year}`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lineCount: 0, districtNeed: 0, townGoal: 2000000.5, hasTownGoal: true });
  });

  it('reads a version’s lines and the lines of no version when versionId is given, and 404s an unknown version', async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db, { currentFiscalYear: 2037 });
    const pr = await buildScenario(db, year, 'proposed');
    const alternative = await buildScenario(db, year, 'proposed', false);
    const [version, other] = await db('budget_versions')
      .insert([
        { fiscal_year: 2037, label: `Draft ${process.pid}`, budget_year_id: year },
        { fiscal_year: 2037, label: `Other ${process.pid}`, budget_year_id: year },
      ])
      .returning('id');
    await insertProposed(db, [
      { budgetYearId: year, fiscalYear: 2037, scenarioId: pr, amount: '10.01', versionId: version.id },
      // Projected or typed in: no version, so part of whichever draft is read.
      { budgetYearId: year, fiscalYear: 2037, scenarioId: pr, amount: '99.99', isProjected: true },
      // Another draft's line, and the version's line in an inactive alternative budget: not counted.
      { budgetYearId: year, fiscalYear: 2037, scenarioId: pr, amount: '5000.00', versionId: other.id },
      {
        budgetYearId: year,
        fiscalYear: 2037,
        scenarioId: alternative,
        amount: '700.00',
        versionId: version.id,
      },
    ]);
    const res = await t.api('get', `/town-goals/analysis/gap?fiscalYear=2037&versionId=${version.id}`, {
      token: viewer.token,
    });
    expect(res.body).toMatchObject({ districtNeed: 110, budgetYearId: year, versionId: version.id });
    const elsewhere = `/town-goals/analysis/gap?fiscalYear=2037&versionId=${version.id}&budgetYearId=${year + 1}`;
    expect((await t.api('get', elsewhere, { token: viewer.token })).status).toBe(400);
    expect(
      (
        await t.api('get', '/town-goals/analysis/gap?fiscalYear=2037&versionId=999999', {
          token: viewer.token,
        })
      ).status,
    ).toBe(404);
    expect((await t.api('get', '/town-goals/analysis/gap', { token: viewer.token })).status).toBe(400);
  });
});
