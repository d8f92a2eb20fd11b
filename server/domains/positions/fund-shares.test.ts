import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import type { PositionsWorld } from '../../../test/worlds/positions.world';
import {
  expectFollowed,
  expectedLinesByFund,
  plannedWorld,
  salaryLines,
  startFollowing,
  type Planned,
} from './follow-paths.helper';

/**
 * A position split across funds by FTE share (issue 'Funds'): FY2027's salary lines follow FY2026's
 * positions per place and fund, each fund's part recomputed here in integer cents from the raw
 * tables (follow-paths.helper.ts); the NSS meter leaves out the grant's part; and every refusal
 * (shares that do not add up, a fund that does not exist, a closed grant, an FTE change the shares
 * no longer fit, deleting a fund that pays a share) writes nothing.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let at: Planned;
let general: number;
let titleI: number;
let closedGrant: number;

const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const api = (
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  body?: object,
  token = finance.token,
) => t.api(method, path, { token, body });
const fund = async (body: object) => {
  const res = await api('post', '/funds', body, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.fund.id as number;
};
const positionOf = async (search: string) =>
  (await api('get', `/positions?fiscalYear=2026&search=${search}`)).body.positions[0];
const detail = async (id: number) => (await api('get', `/positions/${id}`)).body.position;
/** The FY2027 lines by place and fund, and what the positions say they must be. */
const expectByFund = async (what: string) => {
  const expected = await expectedLinesByFund(t.db.knex, at.roster);
  expect(await salaryLines(t.db.knex, at.planned, true), what).toEqual(expected);
  await expectFollowed(at, what);
  return expected;
};
const meter = async () =>
  (await api('get', `/nss/meter?budgetYearId=${w.budgetYearId}&fiscalYear=2027`)).body;

beforeAll(async () => {
  ({ w, at } = await plannedWorld(t, { admin: admin.token, finance: finance.token }));
  await startFollowing(at);
  general = (await t.db.knex('funds').where({ kind: 'general' }).first('id')).id;
  titleI = await fund({
    name: 'Title I',
    code: '2401',
    kind: 'federal_grant',
    awardAmount: 90000,
    periodStart: '2026-07-01',
    periodEnd: '2027-09-30',
  });
  closedGrant = await fund({
    name: 'ARPA ESSER',
    code: '2455',
    kind: 'federal_grant',
    periodStart: '2021-03-13',
    periodEnd: '2024-09-30',
  });
});

describe('a position split across funds by FTE share', () => {
  it("puts each fund's part of the cost on a salary line of that fund, to the cent", async () => {
    const ada = await positionOf('Ada');
    expect((await detail(ada.id)).fundShares).toEqual([
      expect.objectContaining({ fundId: general, fte: 1, budgetedCost: ada.budgetedCost }),
    ]);
    const before = await expectByFund('before the split');
    const meterBefore = await meter();

    const res = await api('patch', `/positions/${ada.id}`, {
      version: ada.version,
      fundShares: [
        { fundId: general, fte: 0.333 },
        { fundId: titleI, fte: 0.667 },
      ],
      reason: 'Title I pays two thirds',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shares = res.body.position.fundShares;
    expect(shares.map((s: { fundId: number; fte: number }) => [s.fundId, s.fte])).toEqual([
      [general, 0.333],
      [titleI, 0.667],
    ]);
    // The parts add up to the position's cost exactly; each is its share's, rounded on cumulative shares.
    const cost = cents(res.body.position.budgetedCost);
    expect(shares.reduce((sum: bigint, s: { budgetedCost: number }) => sum + cents(s.budgetedCost), 0n)).toBe(
      cost,
    );
    const first = (cost * 333n * 2n + 1000n) / 2000n;
    expect(cents(shares[0].budgetedCost)).toBe(first);
    expect(cents(shares[1].budgetedCost)).toBe(cost - first);

    const after = await expectByFund('after the split');
    const place = `${w.teachers}|${w.school}|2305`;
    expect(after[`${place}|${titleI}`]).toBe(cost - first);
    expect(after[`${place}|`]).toBe(before[`${place}|`] - (cost - first));

    // The grant does not count toward NSS: the meter's counted spending falls by exactly its part.
    const meterAfter = await meter();
    expect(cents(meterAfter.school.budgetTotal)).toBe(cents(meterBefore.school.budgetTotal));
    expect(cents(meterBefore.school.counted) - cents(meterAfter.school.counted)).toBe(cost - first);
    expect(meterAfter.school.byFund).toEqual([
      expect.objectContaining({ fundId: titleI, amount: Number(cost - first) / 100 }),
    ]);
    const history = (await detail(ada.id)).history;
    expect(history[0]).toMatchObject({
      reason: 'Title I pays two thirds',
      after: { fundShares: expect.any(Array) },
    });

    // Back on the general fund: the Title I line goes, the place's general line is whole again.
    const now = await detail(ada.id);
    const back = await api('patch', `/positions/${ada.id}`, {
      version: now.version,
      fundShares: [{ fundId: general, fte: 1 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await expectByFund('back on the general fund')).toEqual(before);
    expect(await t.db.knex('position_fund_shares').where({ position_id: ada.id })).toEqual([]);
  });

  it('a change of fund shares alone moves the version on: a second user with the old one is told', async () => {
    const ada = await positionOf('Ada');
    const first = await api('patch', `/positions/${ada.id}`, {
      version: ada.version,
      fundShares: [
        { fundId: general, fte: 0.5 },
        { fundId: titleI, fte: 0.5 },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.position.version).toBeGreaterThan(ada.version);
    const stale = await api('patch', `/positions/${ada.id}`, {
      version: ada.version,
      fundShares: [{ fundId: general, fte: 1 }],
    });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    const shares = await t.db.knex('position_fund_shares').where({ position_id: ada.id }).orderBy('fund_id');
    expect(shares.map((s: { fund_id: number; fte: string }) => [s.fund_id, Number(s.fte)])).toEqual(
      [
        [general, 0.5],
        [titleI, 0.5],
      ].sort((a, b) => a[0] - b[0]),
    );
    const back = await api('patch', `/positions/${ada.id}`, {
      version: first.body.position.version,
      fundShares: [{ fundId: general, fte: 1 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('a new position is paid by the funds it names, a vacancy priced and split three ways', async () => {
    const revolving = await fund({ name: 'School Choice', code: '2801', kind: 'revolving' });
    const made = await api('post', '/positions', {
      fiscalYear: 2026,
      title: 'Interventionist',
      buildingId: w.school,
      categoryId: w.teachers,
      deseCode: '2305',
      workGroupId: w.teacherGroup,
      vacancyStep: 2,
      vacancyLane: 'MA',
      fte: 0.7,
      fundShares: [
        { fundId: titleI, fte: 0.3 },
        { fundId: revolving, fte: 0.2 },
        { fundId: general, fte: 0.2 },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const cost = cents(made.body.position.budgetedCost);
    // 57,250.50 x 0.7, to the cent, recomputed: the cell and FTE in integer units.
    expect(cost).toBe((5725050n * 700n * 2n + 1000n) / 2000n);
    const byFund = made.body.position.fundShares;
    expect(byFund.reduce((s: bigint, f: { budgetedCost: number }) => s + cents(f.budgetedCost), 0n)).toBe(
      cost,
    );
    await expectByFund('a new split vacancy');

    // The list filtered by fund: the positions it pays a share of, with those positions' totals.
    const list = async (fundId: number) =>
      (await api('get', `/positions?fiscalYear=2026&fundId=${fundId}`)).body;
    const onRevolving = await list(revolving);
    expect(onRevolving.positions.map((p: { title: string }) => p.title)).toEqual(['Interventionist']);
    expect(cents(onRevolving.totals.budgetedCost)).toBe(cost);
    const all = (await api('get', '/positions?fiscalYear=2026')).body.positions.length;
    const onGeneral = await list(general);
    // Every position but Ada's (back on the general fund: stored as no split) is the general fund's, in part or whole.
    expect(onGeneral.positions.length).toBe(all);
    expect((await list(titleI)).positions.map((p: { title: string }) => p.title)).toEqual([
      'Interventionist',
    ]);
    expect((await api('get', '/positions?fiscalYear=2026&fundId=abc')).status).toBe(400);

    // The budget of all funds for FY2027 says what FTE each fund pays of the FY2026 roster.
    const report = (await api('get', `/funds/report?budgetYearId=${w.budgetYearId}&fiscalYear=2027`)).body;
    expect(report.positionsRoster).toEqual({ budgetYearId: w.budgetYearId, fiscalYear: 2026 });
    const { rows } = await t.db.knex.raw(
      `SELECT coalesce(s.fund_id, ?) AS fund_id, coalesce(s.fte, p.fte)::text AS fte
         FROM positions p LEFT JOIN position_fund_shares s ON s.position_id = p.id
        WHERE p.budget_year_id = ? AND p.fiscal_year = 2026 AND p.status NOT IN ('closed', 'frozen')`,
      [general, w.budgetYearId],
    );
    for (const f of report.funds as { fundId: number; positions: { fte: number; count: number } }[]) {
      const own = rows.filter((r: { fund_id: number }) => r.fund_id === f.fundId);
      const milli = own.reduce((s: number, r: { fte: string }) => s + Math.round(Number(r.fte) * 1000), 0);
      expect([Math.round(f.positions.fte * 1000), f.positions.count], `fund ${f.fundId}`).toEqual([
        milli,
        own.length,
      ]);
    }
    expect(report.funds.find((f: { fundId: number }) => f.fundId === revolving).positions).toEqual({
      fte: 0.2,
      count: 1,
    });
  });
});

describe('refusals write nothing', () => {
  const refused = async (body: object, status: number, path?: string) => {
    const ada = await positionOf('Ada');
    const lines = await salaryLines(t.db.knex, at.planned, true);
    const res = await api('patch', `/positions/${ada.id}`, { version: ada.version, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (path) {
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await positionOf('Ada')).version).toBe(ada.version);
    expect(await salaryLines(t.db.knex, at.planned, true)).toEqual(lines);
    return res.body;
  };

  it('refuses shares that do not add up to the FTE, unknown and closed funds, a fund named twice', async () => {
    const short = await refused(
      {
        fundShares: [
          { fundId: general, fte: 0.5 },
          { fundId: titleI, fte: 0.4 },
        ],
      },
      400,
      'fundShares',
    );
    expect(JSON.stringify(short)).toContain('add up to 0.9 FTE; the position is 1 FTE');
    expect(
      JSON.stringify(await refused({ fundShares: [{ fundId: 999999, fte: 1 }] }, 400, 'fundShares.0.fundId')),
    ).toContain('Fund 999999 does not exist');
    expect(
      JSON.stringify(
        await refused({ fundShares: [{ fundId: closedGrant, fte: 1 }] }, 400, 'fundShares.0.fundId'),
      ),
    ).toContain("does not reach FY27, the year FY26's positions are budgeted in");
    await refused(
      {
        fundShares: [
          { fundId: titleI, fte: 0.5 },
          { fundId: titleI, fte: 0.5 },
        ],
      },
      400,
      'fundShares',
    );
    await refused({ fundShares: [] }, 400, 'fundShares');
    await refused({ fundShares: [{ fundId: general, fte: 1.0005 }] }, 400);
  });

  it('refuses an FTE change its shares no longer add up to, and deleting a fund that pays a share', async () => {
    const ben = await positionOf('Ben');
    const split = await api('patch', `/positions/${ben.id}`, {
      version: ben.version,
      fundShares: [
        { fundId: general, fte: 0.5 },
        { fundId: titleI, fte: 0.5 },
      ],
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const fte = await api('patch', `/positions/${ben.id}`, {
      version: split.body.position.version,
      fte: 1.2,
    });
    expect(fte.status).toBe(400);
    expect(fte.body.details[0]).toMatchObject({ path: 'fte' });
    expect(fte.body.details[0].message).toContain('Its fund shares add up to 1 FTE');
    expect((await detail(ben.id)).fte).toBe(1);

    // A frozen position costs nothing, so no line is on the fund: its share alone keeps it.
    const titleII = await fund({ name: 'Title II', code: '2402', kind: 'federal_grant' });
    const frozen = await api('post', '/positions', {
      fiscalYear: 2026,
      title: 'Coach (frozen)',
      buildingId: w.school,
      categoryId: w.teachers,
      fte: 1,
      status: 'frozen',
      fundShares: [{ fundId: titleII, fte: 1 }],
    });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(201);
    const gone = await api('delete', `/funds/${titleII}`, undefined, admin.token);
    expect(gone.status).toBe(409);
    expect(JSON.stringify(gone.body)).toContain('Title II cannot be deleted: it pays a share of 1 position');
    expect(await t.db.knex('funds').where({ id: titleII }).first()).toBeTruthy();
    await expectByFund('after the refusals');
  });
});
