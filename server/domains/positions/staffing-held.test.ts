import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { centsOf, unitsOf } from '@shared/money';
import { useApp } from '../../../test/use-app';
import { expectedStaffing, type StaffingFig } from './staffing-expected.helper';

/**
 * The signed-in staffing of a year whose roster a cut adopted for the year after closed, on the
 * demo: FY2026 has a payroll of its own and FY2027's salary lines come from the FY2026 roster, so
 * an FY2027 cut closes an FY2026 position. FY2026's staffing (GET /positions/staffing, the
 * dashboard's) keeps the position its payroll holds, as the resident page's does; the cut reads
 * under FY2027. Every FTE is counted here in integer thousandths from the tables, every average
 * salary in integer cents from the holders' lines.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const PATH = 'staffing-held';
const milli = (v: number | string) => Number(unitsOf(v, 3));
const cents = (v: number | string) => Number(centsOf(v));
const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin.token, body });
const staffing = (token = finance.token) => t.api('get', '/positions/staffing?fiscalYear=2026', { token });

interface Group {
  key: string | number | null;
  fte: number;
  filledFte: number;
  vacantFte: number;
  averageSalary: number | null;
  previousStage: { fte: number } | null;
}
const figOf = (g: { fte: number; filledFte: number; vacantFte: number }) => ({
  fte: milli(g.fte),
  filled: milli(g.filledFte),
  vacant: milli(g.vacantFte),
});
const sent = (f: StaffingFig | undefined) => f && { fte: f.fte, filled: f.filled, vacant: f.vacant };

/**
 * FY2026's roster as its year holds it, by building ('*': all), from the tables: its positions not
 * closed, and each position an FY2027 adoption (not undone) closed, with the status and holders'
 * shares it had before.
 */
async function heldFromTables(): Promise<Map<string, StaffingFig>> {
  const out = await expectedStaffing(t.db.knex, 2026, 'building');
  const { rows } = await t.db.knex.raw(
    `SELECT p.building_id::text AS building, p.fte::text AS fte, sap.status_before, sap.holders_before
       FROM scenario_adoption_positions sap
       JOIN scenario_adoptions sa ON sa.id = sap.adoption_id
       JOIN positions p ON p.id = sap.position_id
      WHERE sa.fiscal_year = 2027 AND sa.undone_at IS NULL AND sap.action = 'closed' AND p.status = 'closed'`,
  );
  for (const r of rows) {
    const fte = milli(r.fte);
    const holders =
      (typeof r.holders_before === 'string' ? JSON.parse(r.holders_before) : r.holders_before) ?? [];
    const held = holders.reduce((s: number, h: { fteShare: number | string }) => s + milli(h.fteShare), 0);
    const filled = r.status_before === 'filled' ? Math.min(held, fte) : 0;
    for (const key of [String(r.building), '*']) {
      const f = out.get(key) ?? { fte: 0, filled: 0, vacant: 0, frozen: 0 };
      f.fte += fte;
      f.filled += filled;
      f.vacant += r.status_before === 'frozen' ? 0 : fte - filled;
      f.frozen += r.status_before === 'frozen' ? fte : 0;
      out.set(key, f);
    }
  }
  return out;
}

/** Each work group's filled pay (holders' budgeted salaries x share, to the cent) / filled FTE, in cents. */
async function averages(): Promise<Map<string, number>> {
  const { rows } = await t.db.knex.raw(
    `SELECT p.work_group_id::text AS k, h.fte_share::text AS share,
            round(coalesce(li.next_year_salary, li.current_salary, 0) * h.fte_share
                  / coalesce(nullif(li.current_fte, 0), 1), 2)::text AS pay
       FROM positions p JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
       JOIN position_holders h ON h.position_id = p.id JOIN line_items li ON li.id = h.line_item_id
      WHERE p.fiscal_year = 2026 AND p.status = 'filled'`,
  );
  const by = new Map<string, { cents: number; milli: number }>();
  for (const r of rows) {
    const s = by.get(r.k) ?? { cents: 0, milli: 0 };
    s.cents += cents(r.pay);
    s.milli += milli(r.share);
    by.set(r.k, s);
  }
  return new Map([...by].map(([k, s]) => [k, Math.floor((s.cents * 1000 * 2 + s.milli) / (2 * s.milli))]));
}

let before: Map<string, StaffingFig>;
let workGroup: string;

beforeAll(async () => {
  await seedDemo(t.db.knex, { personaPassword: 'staffing-held-pass', passwordCost: 4 });
  before = await expectedStaffing(t.db.knex, 2026, 'building');
  const configId = (await call('get', '/public-dashboard/config')).body.config.id;
  expect((await call('patch', `/public-dashboard/config/${configId}`, { urlPath: PATH })).status).toBe(200);
}, 120_000);

describe('signed-in staffing of a roster a cut for the year after closed', () => {
  it('FY2026 keeps the position its payroll holds, as the resident page does, and the stage freezes it so', async () => {
    const budgetYearId = (await t.db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
    const made = await call('post', '/scenarios/cuts', { budgetYearId, fiscalYear: 2027, name: 'Held' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const scenario = made.body.scenario.id;
    const groups = await call('get', `/scenarios/cuts/${scenario}/position-groups?search=art teacher`);
    const group = groups.body.groups.find(
      (g: { positionCount: number; vacantFte: number; fte: number }) =>
        g.positionCount === 1 && g.vacantFte === 0 && g.fte === 1,
    );
    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: group.title,
      buildingId: group.building.id,
      fte: 1,
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    const preview = await call('post', `/scenarios/cuts/${scenario}/adopt/preview`, {});
    const adopted = await call('post', `/scenarios/cuts/${scenario}/adopt`, {
      basis: preview.body.basis,
      reason: 'Committee vote',
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    const closed = await t.db
      .knex('positions')
      .where({ fiscal_year: 2026, status: 'closed', building_id: group.building.id })
      .first('work_group_id');
    workGroup = String(closed.work_group_id);

    // The roster as it stands lost 1.000 FTE; as FY2026 holds it, it did not.
    const now = await expectedStaffing(t.db.knex, 2026, 'building');
    expect(now.get('*')!.fte).toBe(before.get('*')!.fte - 1000);
    const held = await heldFromTables();
    expect(held.get('*')).toEqual(before.get('*'));

    for (const token of [finance.token, viewer.token]) {
      const body = (await staffing(token)).body;
      expect(figOf(body.totals)).toEqual(sent(held.get('*')));
      for (const g of body.byBuilding as Group[]) {
        expect(figOf(g), `building ${g.key}`).toEqual(sent(held.get(String(g.key))));
      }
    }
    // The cut work group's average salary is over the holders still paid: the cut one's pay is gone.
    const avg = await averages();
    const body = (await staffing()).body;
    for (const g of body.byWorkGroup as Group[]) {
      expect(g.averageSalary === null ? undefined : cents(g.averageSalary), `work group ${g.key}`).toEqual(
        avg.get(String(g.key)),
      );
    }
    expect(avg.get(workGroup)).toBeDefined();

    // The resident page's FY2026, published now, reads the same.
    const configId = (await call('get', '/public-dashboard/config')).body.config.id;
    const published = await call('post', `/public-dashboard/publish/${configId}`, { publishedYears: [2026] });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const pub = (await t.api('get', `/public-dashboard/view/${PATH}`)).body.data['2026'].staffing;
    expect(milli(pub.totals.fte)).toBe(held.get('*')!.fte);

    // The year entering a stage freezes it as held: no change from the stage.
    const stage = await call('post', '/budget-stages/advance', {
      budgetYearId,
      fiscalYear: 2026,
      stage: 'SUPERINTENDENT_RECOMMENDED',
      date: '2026-01-15',
    });
    expect(stage.status, JSON.stringify(stage.body)).toBeLessThan(300);
    const staged = (await staffing()).body;
    expect(milli(staged.previousStage.totals.fte)).toBe(held.get('*')!.fte);
  });
});
