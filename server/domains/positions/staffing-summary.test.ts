import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { useApp } from '../../../test/use-app';
import { expectedStaffing, type StaffingDim, type StaffingFig } from './staffing-expected.helper';

/**
 * The staffing summary on the demo district, every FTE recomputed here in integer thousandths from
 * the positions and holders tables, every average salary in integer cents from the positions' own
 * costs; then again after a position is vacated and a vacancy added, against last year's roster and
 * the roster frozen when the year entered its stage.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

const milli = (v: number | string | null) => (v === null ? 0 : Math.round(Number(v) * 1000));
const cents = (v: number | string) => {
  const [whole, frac = ''] = String(v).split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
};

type Fig = Omit<StaffingFig, 'frozen'>;
/** The figures this summary sends of a group (its frozen FTE is the staffing table's own check). */
const sent = (f: StaffingFig | undefined): Fig | undefined =>
  f && { fte: f.fte, filled: f.filled, vacant: f.vacant };

const staffing = (fy: number, token = finance.token) =>
  t.api('get', `/positions/staffing?fiscalYear=${fy}`, { token });

interface Group {
  key: string | number | null;
  fte: number;
  filledFte: number;
  vacantFte: number;
  averageSalary: number | null;
  lastYear: { fte: number; filledFte: number; vacantFte: number } | null;
  previousStage: { fte: number; filledFte: number; vacantFte: number } | null;
}
const figOf = (g: { fte: number; filledFte: number; vacantFte: number }): Fig => ({
  fte: milli(g.fte),
  filled: milli(g.filledFte),
  vacant: milli(g.vacantFte),
});

async function checkYear(fy: number) {
  const body = (await staffing(fy)).body;
  const dims: [keyof typeof body, StaffingDim][] = [
    ['byBuilding', 'building'],
    ['byFunction', 'code'],
    ['byWorkGroup', 'work_group'],
  ];
  for (const [field, dim] of dims) {
    const want = await expectedStaffing(t.db.knex, fy, dim);
    const last = await expectedStaffing(t.db.knex, fy - 1, dim);
    for (const g of body[field] as Group[]) {
      const key = String(g.key);
      expect(figOf(g), `${String(field)} ${key}`).toEqual(sent(want.get(key)));
      expect(g.lastYear ? figOf(g.lastYear) : undefined).toEqual(sent(last.get(key)));
    }
    expect((body[field] as Group[]).length).toBe(want.size - 1);
    expect(figOf(body.totals)).toEqual(sent(want.get('*')));
  }
  return body;
}

/** Each work group's filled cost (the positions' own, in cents) / filled FTE, rounded half up to the cent. */
async function averages(fy: number): Promise<Map<string, number>> {
  const list = (await t.api('get', `/positions?fiscalYear=${fy}&status=filled`, { token: finance.token }))
    .body;
  const by = new Map<string, { cents: number; milli: number }>();
  for (const p of list.positions) {
    const s = by.get(String(p.workGroupId)) ?? { cents: 0, milli: 0 };
    s.cents += cents(p.budgetedCost);
    s.milli += milli(p.filledFte);
    by.set(String(p.workGroupId), s);
  }
  return new Map([...by].map(([k, s]) => [k, Math.floor((s.cents * 1000 * 2 + s.milli) / (2 * s.milli))]));
}

beforeAll(async () => {
  await seedDemo(t.db.knex, { personaPassword: 'staffing-test-pass', passwordCost: 4 });
}, 120_000);

describe('staffing summary on the demo', () => {
  it('FY2026 by building, function and work group against FY2025, FTE to the thousandth', async () => {
    const body = await checkYear(2026);
    expect(body.lastYear.totals).not.toBeNull();
    expect(body.lastYear.note).toBeNull();
    const avg = await averages(2026);
    for (const g of body.byWorkGroup as Group[]) {
      const want = avg.get(String(g.key));
      expect(g.averageSalary === null ? undefined : cents(g.averageSalary)).toEqual(want);
    }
  });

  it('a year whose year before has no positions says so instead of showing a change', async () => {
    const body = (await staffing(2025)).body;
    expect(body.lastYear).toEqual({
      fiscalYear: 2024,
      totals: null,
      note: 'FY24 has no positions to compare with.',
    });
    expect((body.byBuilding as Group[]).every((g) => g.lastYear === null)).toBe(true);
    expect(body.previousStage.totals).toBeNull();
    expect(body.previousStage.note).toMatch(/Draft/);
  });

  it('a year no budget year plans yet has an empty roster, said in words', async () => {
    const res = await staffing(2031);
    expect(res.status).toBe(200);
    // FY30's roster pays FY31 when it has one; when neither has positions, the note says so.
    const fy30 = Number((await t.db.knex('positions').where({ fiscal_year: 2030 }).count({ n: '*' }))[0]!.n);
    expect(res.body).toMatchObject({
      budgetYearId: null,
      note:
        fy30 > 0
          ? 'FY31 has no positions yet: its budgeted salaries come from the FY30 roster.'
          : "FY31 has no positions yet, nor has FY30: a payroll import or Positions' Add Position makes them.",
      byBuilding: [],
    });
    expect(res.body.totals).toMatchObject({ positions: 0, fte: 0, filledFte: 0, vacantFte: 0 });
    // A year whose year before has no roster either (a new district's first year): no roster is named.
    expect((await staffing(2041)).body.note).toBe(
      "FY41 has no positions yet, nor has FY40: a payroll import or Positions' Add Position makes them.",
    );
  });

  it('VIEW_ONLY reads FTE, not the average salary of a group under five people', async () => {
    const body = (await staffing(2026, viewer.token)).body;
    const text = JSON.stringify(body);
    const names = await t.db.knex('line_items').whereNotNull('last_name').limit(50).pluck('last_name');
    for (const name of names) {
      expect(text).not.toContain(name);
    }
    const people = await t.db.knex.raw(
      `SELECT p.work_group_id::text AS k, count(h.*)::int AS n FROM positions p
         JOIN position_holders h ON h.position_id = p.id WHERE p.fiscal_year = 2026 AND p.status = 'filled'
        GROUP BY 1`,
    );
    for (const r of people.rows.filter((x: { n: number }) => x.n < 5)) {
      expect((body.byWorkGroup as Group[]).find((g) => String(g.key) === r.k)?.averageSalary).toBeNull();
    }
  });

  it('after a stage, a vacated position and a new vacancy: recomputed, and compared with the stage', async () => {
    const before = (await staffing(2026)).body;
    const home = before.budgetYearId;
    const stage = await t.api('post', '/budget-stages/advance', {
      token: admin.token,
      body: { budgetYearId: home, fiscalYear: 2026, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2026-01-15' },
    });
    expect(stage.status, JSON.stringify(stage.body)).toBeLessThan(300);
    const list = (
      await t.api('get', '/positions?fiscalYear=2026&status=filled&limit=1', { token: finance.token })
    ).body.positions[0];
    const vacated = await t.api('post', `/positions/${list.id}/vacate`, {
      token: finance.token,
      body: { version: list.version, reason: 'left' },
    });
    expect(vacated.status, JSON.stringify(vacated.body)).toBe(200);
    const added = await t.api('post', '/positions', {
      token: finance.token,
      body: {
        fiscalYear: 2026,
        title: 'New aide',
        buildingId: list.buildingId,
        categoryId: list.categoryId,
        fte: 0.75,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const after = await checkYear(2026);
    expect(after.previousStage.stageLabel).toBeTruthy();
    expect(after.previousStage.totals).toEqual({
      fte: before.totals.fte,
      filledFte: before.totals.filledFte,
      vacantFte: before.totals.vacantFte,
    });
    const was = figOf(before.totals);
    const now = figOf(after.totals);
    expect(now.fte - was.fte).toBe(750);
    expect(now.filled - was.filled).toBe(-milli(list.filledFte));
    expect(now.vacant - was.vacant).toBe(milli(list.fte) + 750);
    const building = (after.byBuilding as Group[]).find((g) => g.key === list.buildingId)!;
    const wasBuilding = (before.byBuilding as Group[]).find((g) => g.key === list.buildingId)!;
    expect(figOf(building.previousStage!)).toEqual(figOf(wasBuilding));
  });
});
