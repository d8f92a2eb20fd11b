import { beforeAll, describe, expect, it } from 'vitest';
import { positionListQuery } from '@shared/schemas/positions';
import { buildBuilding } from '../../../test/factories';
import { useApp } from '../../../test/use-app';
import { buildPositionsWorld, type PositionsWorld } from '../../../test/worlds/positions.world';
import { positionsFromLines, publicStaffing } from './index';
import { presentTotals } from './positions';
import { cachedTotals } from './queries/totals';
import { expectedStaffing, type StaffingDim } from './staffing-expected.helper';

/**
 * The staffing summary's figures where QA found them wrong, every FTE recomputed here in integer
 * thousandths from the positions and holders tables: a position only partly filled (its unheld share
 * is vacant, never frozen), an over-filled one, a vacancy with no code of its own (its category's),
 * and a year compared with one that had groups this year has not, or with none at all.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let westside: number;

const milli = (v: number | string) => Math.round(Number(v) * 1000);
type Dim = StaffingDim;
/** FY2026's totals from the kept cost rows, as PostgreSQL answers the Positions list from them. */
const keptTotals = () =>
  cachedTotals(
    t.db.knex,
    { budgetYearId: w.budgetYearId, fiscalYear: 2026 },
    positionListQuery.parse({ fiscalYear: '2026' }),
  );
const expected = (fiscalYear: number, dim: Dim) => expectedStaffing(t.db.knex, fiscalYear, dim);

interface Row {
  key: string | number | null;
  fte: number;
  filledFte: number;
  vacantFte: number;
  frozenFte?: number;
  lastYear: { fte: number } | null;
}
const figOf = (g: Row) => ({
  fte: milli(g.fte),
  filled: milli(g.filledFte),
  vacant: milli(g.vacantFte),
  frozen: milli(g.fte) - milli(g.filledFte) - milli(g.vacantFte),
});
const DIMS: [string, Dim][] = [
  ['byBuilding', 'building'],
  ['byFunction', 'code'],
  ['byWorkGroup', 'work_group'],
];
const staffing = async (fy: number) => {
  const res = await t.api('get', `/positions/staffing?fiscalYear=${fy}`, { token: finance.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  const db = t.db.knex;
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(db, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  const position = (name: string) =>
    db('positions')
      .whereIn(
        'id',
        db('position_holders')
          .where({ line_item_id: w.people[name as 'cy'] })
          .select('position_id'),
      )
      .update({ fte: name === 'cy' ? 1.5 : 0.5 });
  // Cy's position is 1.5 FTE, held 0.5 (1.0 open); Ben's is 0.5 FTE, held 1.0 (over-filled).
  await position('cy');
  await position('ben');
  const base = {
    budget_year_id: w.budgetYearId,
    fiscal_year: 2026,
    building_id: w.school,
    category_id: w.teachers,
  };
  await db('positions').insert([
    {
      ...base,
      title: 'Librarian',
      fte: 1,
      status: 'frozen',
      dese_code: '2305',
      work_group_id: w.teacherGroup,
    },
    // As an adopted scenario adds it: a vacancy with a category and no code of its own.
    {
      ...base,
      title: 'New aide',
      fte: 0.75,
      status: 'vacant',
      dese_code: null,
      work_group_id: w.teacherGroup,
    },
  ]);
  // FY2025: a school, a function code and a work group (none) FY2026 has no positions in.
  const fy25 = await t.api('post', '/budget-years', { token: admin.token, body: { label: 'FY25' } });
  expect(fy25.status, JSON.stringify(fy25.body)).toBe(201);
  westside = await buildBuilding(db, { name: 'Westside' });
  const last = { budget_year_id: fy25.body.budgetYear.id, fiscal_year: 2025, status: 'vacant' };
  await db('positions').insert([
    { ...last, title: 'Counselor', building_id: westside, dese_code: '2710', fte: 1 },
    { ...last, title: 'Grade 3 Teacher', building_id: w.school, category_id: w.teachers, fte: 1.25 },
  ]);
}, 60_000);

describe('staffing figures', () => {
  it('adds up in every row: a partly filled position is vacant for what is not held, not frozen', async () => {
    const body = await staffing(2026);
    for (const [field, dim] of DIMS) {
      const want = await expected(2026, dim);
      for (const g of (body[field] as Row[]).filter((r) => r.fte !== 0)) {
        const fig = figOf(g);
        expect(fig, `${field} ${g.key}`).toEqual(want.get(String(g.key)));
        expect(milli(g.frozenFte!)).toBe(fig.frozen);
      }
      expect(figOf(body.totals)).toEqual(want.get('*'));
    }
    // Only the Librarian is frozen: 1.000 FTE, not Cy's open 1.000 as well.
    expect(milli(body.totals.frozenFte)).toBe(1000);
    // Held 1.0 (Ada) + 0.5 (Ben's 1.0 capped at his position's 0.5) + 0.5 (Cy) + 0.8 (Di).
    expect(milli(body.totals.filledFte)).toBe(2800);
    expect(milli(body.totals.vacantFte)).toBe(1750);
  });

  it("the Positions banner's FTE to fill is the staffing summary's vacant FTE", async () => {
    const body = await staffing(2026);
    const list = await t.api('get', '/positions?fiscalYear=2026&limit=1', { token: finance.token });
    expect(list.status).toBe(200);
    // PostgreSQL answers the list from its kept cost rows: they must split FTE the same way.
    const kept = await keptTotals();
    for (const totals of [list.body.totals, presentTotals(kept)]) {
      expect(milli(totals.vacantFte)).toBe(milli(body.totals.vacantFte));
      expect(milli(totals.filledFte)).toBe(milli(body.totals.filledFte));
      expect(milli(totals.frozenFte)).toBe(milli(body.totals.frozenFte));
    }
  });

  it('says how much of the FTE to fill is unheld in filled positions, so Show vacancies can differ', async () => {
    // From the tables: a vacancy's FTE, and what a filled position's holders do not hold.
    const { rows } = await t.db.knex.raw(
      `SELECT p.status, p.fte::text AS fte,
              (SELECT coalesce(sum(h.fte_share), 0)::text FROM position_holders h WHERE h.position_id = p.id) AS held
         FROM positions p WHERE p.budget_year_id = ? AND p.fiscal_year = 2026`,
      [w.budgetYearId],
    );
    let vacancies = 0;
    let unheld = 0;
    for (const r of rows as { status: string; fte: string; held: string }[]) {
      vacancies += ['vacant', 'posted'].includes(r.status) ? milli(r.fte) : 0;
      unheld += r.status === 'filled' ? milli(r.fte) - Math.min(milli(r.held), milli(r.fte)) : 0;
    }
    // The New aide (0.75) is the one vacancy; Cy's 1.5 FTE held 0.5 leaves 1.0 unheld.
    expect([vacancies, unheld]).toEqual([750, 1000]);
    const list = await t.api('get', '/positions?fiscalYear=2026&limit=1', { token: finance.token });
    expect(list.status).toBe(200);
    const kept = await keptTotals();
    // The list (kept rows on PostgreSQL, SQL on PGlite), the kept rows and the staffing summary (SQL).
    for (const totals of [list.body.totals, presentTotals(kept), (await staffing(2026)).totals]) {
      expect(milli(totals.vacantFte)).toBe(vacancies + unheld);
      expect(milli(totals.unheldFte)).toBe(unheld);
    }
  });

  it("reads a vacancy's function code from its category when it has none of its own", async () => {
    const body = await staffing(2026);
    expect((body.byFunction as Row[]).filter((g) => g.fte !== 0).map((g) => g.key)).toEqual(['2305']);
    expect(milli((body.byFunction as Row[]).find((g) => g.key === '2305')!.fte)).toBe(
      (await expected(2026, 'code')).get('2305')!.fte,
    );
  });

  it('lists the groups only last year had, so the rows change by what the total does', async () => {
    const body = await staffing(2026);
    const pub = (await publicStaffing(t.db.knex, 2026))!;
    const change = (g: Row) => milli(g.fte) - (g.lastYear ? milli(g.lastYear.fte) : 0);
    const totalChange = milli(body.totals.fte) - milli(body.lastYear.totals.fte);
    expect(totalChange).toBe((await expected(2026, 'code')).get('*')!.fte - 2250);
    for (const [field, dim] of DIMS) {
      const now = await expected(2026, dim);
      const last = await expected(2025, dim);
      const rows = body[field] as Row[];
      const keys = new Set([...now.keys(), ...last.keys()].filter((k) => k !== '*'));
      expect(new Set(rows.map((g) => String(g.key))), field).toEqual(keys);
      for (const g of rows) {
        expect(milli(g.fte)).toBe(now.get(String(g.key))?.fte ?? 0);
        expect(g.lastYear === null ? 0 : milli(g.lastYear.fte)).toBe(last.get(String(g.key))?.fte ?? 0);
      }
      expect(
        rows.reduce((sum, g) => sum + change(g), 0),
        field,
      ).toBe(totalChange);
    }
    const gone = (body.byBuilding as Row[]).find((g) => g.key === westside)!;
    expect([
      milli(gone.fte),
      milli(gone.filledFte),
      milli(gone.vacantFte),
      milli(gone.lastYear!.fte),
    ]).toEqual([0, 0, 0, 1000]);
    // The resident page's rows too, by function. By school, the school whose positions 4 people
    // hold is in the total only (fewer than 5 staff even with every other school's): Westside, with
    // no one in it either year, is the one school shown.
    expect(pub.byFunction.reduce((sum, g) => sum + change({ ...g, key: g.name }), 0)).toBe(totalChange);
    expect(pub.buildingsWithheld).toBe(true);
    expect(pub.byBuilding.map((g) => g.name)).toEqual(['Westside']);
    expect(pub.byBuilding.find((g) => g.name === 'Westside')).toMatchObject({ fte: 0, lastYear: { fte: 1 } });
  });

  it('lists the groups only the previous stage had, so the rows change by what the total does', async () => {
    const stage = await t.api('post', '/budget-stages/advance', {
      token: admin.token,
      body: {
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        stage: 'SUPERINTENDENT_RECOMMENDED',
        date: '2026-01-15',
      },
    });
    expect(stage.status, JSON.stringify(stage.body)).toBeLessThan(300);
    const before = await expected(2026, 'work_group');
    // After the stage, every position leaves the Teachers work group.
    await t.db.knex('positions').where({ budget_year_id: w.budgetYearId }).update({ work_group_id: null });
    const body = await staffing(2026);
    const rows = body.byWorkGroup as (Row & { previousStage: { fte: number } | null })[];
    const gone = rows.find((g) => g.key === w.teacherGroup)!;
    expect([milli(gone.fte), milli(gone.previousStage!.fte)]).toEqual([
      0,
      before.get(String(w.teacherGroup))!.fte,
    ]);
    const change = (g: (typeof rows)[number]) =>
      milli(g.fte) - (g.previousStage ? milli(g.previousStage.fte) : 0);
    expect(rows.reduce((sum, g) => sum + change(g), 0)).toBe(
      milli(body.totals.fte) - milli(body.previousStage.totals.fte),
    );
  });

  it('claims no change against a year that has no positions yet', async () => {
    const fy27 = await t.api('post', '/budget-years', { token: admin.token, body: { label: 'FY27' } });
    expect(fy27.status, JSON.stringify(fy27.body)).toBe(201);
    const body = await staffing(2027);
    expect(body.note).toMatch(/^FY27 has no positions yet/);
    expect(body.totals.positions).toBe(0);
    expect(body.lastYear.totals).toBeNull();
    expect(body.previousStage.totals).toBeNull();
    for (const [field] of DIMS) {
      expect(body[field], field).toEqual([]);
    }
  });
});
