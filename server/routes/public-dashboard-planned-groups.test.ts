import { beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_CATEGORIES_LABEL,
  otherGroupsLabel,
  publicViewResponse,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import { useApp } from '../../test/use-app';
import { buildCategory } from '../../test/factories';
import { seedDemoPlanned } from '../../test/worlds/demo-planned.world';
import { cents, rosterPlaces, type Place } from '../../test/worlds/demo-roster';

/**
 * The resident page's budget by category and by DESE function of the demo's planned year FY27 fold
 * small groups by the staff FY27's salary lines pay, as its Staff by School and Spending by School
 * do: the FY26 roster's funded positions and their holders (FY27's salary lines are that roster's
 * cost, set by Update Salary Budget), not the projected employee lines beside them (a guess at the
 * roster, whose places need not be the positions'). A Curriculum Office of two filled positions
 * (function 2120, which no projected line has) holds two people's pay: neither its category nor its
 * function is shown alone. Every figure is recomputed from the tables in integer cents
 * (test/worlds/demo-roster.ts).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const OFFICE = 'Curriculum Office';
const OFFICE_CODE = '2120';
const OTHER_FUNCTIONS = otherGroupsLabel('functions');
let budgetYearId: number;
let officeId: number;
let year: PublicYearData;

/** A place whose pay could be a few people's: 1 to 4 positions, or 1 to 4 people. */
const small = (p: Place | undefined) =>
  p !== undefined && ((p.count > 0 && p.count < 5) || (p.people.size > 0 && p.people.size < 5));

/** FY27's proposed lines in cents by category id or by function code (the line's own, else its category's). */
async function amounts(by: 'category' | 'code'): Promise<Map<string, bigint>> {
  const key =
    by === 'category'
      ? 'li.category_id'
      : `coalesce(nullif(btrim(li.dese_code), ''), nullif(btrim(c.dese_function), ''))`;
  const { rows } = await t.db.knex.raw(
    `SELECT ${key} AS key, li.amount::text AS amount
       FROM line_items li LEFT JOIN budget_categories c ON c.id = li.category_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = 2027 AND NOT li.is_operating
        AND (li.scenario_id IS NULL OR li.scenario_id IN (SELECT id FROM scenarios WHERE is_active))`,
    [budgetYearId],
  );
  const out = new Map<string, bigint>();
  for (const r of rows as { key: string | number | null; amount: string }[]) {
    out.set(String(r.key), (out.get(String(r.key)) ?? 0n) + cents(r.amount));
  }
  return out;
}

beforeAll(async () => {
  ({ budgetYearId } = await seedDemoPlanned(t, 'public-dashboard-planned-groups'));
  const db = t.db.knex;
  officeId = await buildCategory(db, { name: OFFICE, isPersonnel: true, deseFunction: OFFICE_CODE });
  // Two filled positions of one holder each, whose own code gives way to the office's.
  const two = await db('positions')
    .where({ budget_year_id: budgetYearId, fiscal_year: 2026, status: 'filled' })
    .whereRaw('(SELECT count(*) FROM position_holders h WHERE h.position_id = positions.id) = 1')
    .orderBy('id')
    .limit(2)
    .pluck('id');
  await db('positions').whereIn('id', two).update({ category_id: officeId, dese_code: null });
  // FY27's salary lines follow the roster, as a position edit would set them.
  const update = await t.api('post', '/reconciliation/update-salary-budget', {
    token: finance.token,
    body: { budgetYearId, fiscalYear: 2027 },
  });
  expect(update.status, JSON.stringify(update.body)).toBe(200);
  expect(update.body.source).toBe('positions');
  const configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const patch = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { showCategoryChart: true, showHeadcountChart: true, showBuildingChart: true, funds: 'all' },
  });
  expect(patch.status, JSON.stringify(patch.body)).toBe(200);
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, {
    token: admin.token,
    body: { publishedYears: [2026, 2027] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = await t.api('get', '/public-dashboard/view/demo');
  expect(publicViewResponse.safeParse(view.body).success).toBe(true);
  year = view.body.data['2027'];
  expect(year.staffSource).toBe('roster');
}, 120_000);

describe('a planned year’s budget breakdowns fold by its roster', () => {
  it('FY27’s salary lines hold the roster’s cost, the office’s two people’s pay among them', async () => {
    const office = (await rosterPlaces(t.db.knex, 'category')).get(String(officeId))!;
    expect({ count: office.count, people: office.people.size }).toEqual({ count: 2, people: 2 });
    expect((await amounts('category')).get(String(officeId))).toBe(office.cost);
    const all = (await rosterPlaces(t.db.knex)).get('*')!;
    expect(cents(year.locationData!.totalSalaries!)).toBe(all.cost);
  });

  it('no category is shown alone whose roster positions or people are 1 to 4', async () => {
    const places = await rosterPlaces(t.db.knex, 'category');
    const byName = new Map(
      (await t.db.knex('budget_categories').select('id', 'name')).map((c) => [
        c.name as string,
        String(c.id),
      ]),
    );
    const rows = year.categoryBreakdown;
    expect(rows.map((r) => r.name)).not.toContain(OFFICE);
    for (const r of rows.filter((x) => x.name !== OTHER_CATEGORIES_LABEL)) {
      expect(small(places.get(byName.get(r.name)!)), r.name).toBe(false);
    }
    // Other is the exact sum of the categories not shown, from the lines.
    const lines = await amounts('category');
    const shown = new Set(rows.map((r) => byName.get(r.name)));
    const folded = [...lines].filter(([k]) => !shown.has(k)).reduce((n, [, c]) => n + c, 0n);
    const other = rows.find((r) => r.name === OTHER_CATEGORIES_LABEL);
    expect(other ? cents(other.amount) : 0n).toBe(folded);
    expect(folded).toBeGreaterThanOrEqual(lines.get(String(officeId))!);
    for (const r of rows.filter((x) => x.name !== OTHER_CATEGORIES_LABEL)) {
      expect(cents(r.amount), r.name).toBe(lines.get(byName.get(r.name)!));
    }
    expect(rows.reduce((n, r) => n + cents(r.amount), 0n)).toBe(cents(year.totalBudget));
    expect(year.perPupil?.byCategory.map((c) => c.name) ?? rows.map((r) => r.name)).toEqual(
      rows.map((r) => r.name),
    );
  });

  it('no DESE function is shown alone whose roster positions or people are 1 to 4', async () => {
    const places = await rosterPlaces(t.db.knex, 'code');
    const functions = year.deseBreakdown.flatMap((g) => g.functions);
    expect(functions.map((f) => f.code)).not.toContain(OFFICE_CODE);
    for (const f of functions) {
      expect(small(places.get(f.code)), f.code).toBe(false);
    }
    const lines = await amounts('code');
    const shown = new Set(functions.map((f) => f.code));
    for (const f of functions) {
      expect(cents(f.amount), f.code).toBe(lines.get(f.code));
    }
    // The functions not shown (a code outside the chart or none is its own row) are Other's sum.
    const other = year.deseBreakdown.find((g) => g.name === OTHER_FUNCTIONS);
    const noCode = year.deseBreakdown.filter((g) => !g.functions.length && g.name !== OTHER_FUNCTIONS);
    const folded = [...lines].filter(([k]) => !shown.has(k)).reduce((n, [, c]) => n + c, 0n);
    expect((other ? cents(other.amount) : 0n) + noCode.reduce((n, g) => n + cents(g.amount), 0n)).toBe(
      folded,
    );
    expect(folded).toBeGreaterThanOrEqual(lines.get(OFFICE_CODE)!);
    expect(year.deseBreakdown.reduce((n, g) => n + cents(g.amount), 0n)).toBe(cents(year.totalBudget));
  });
});
