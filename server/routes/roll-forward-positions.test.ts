import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { insertProposed } from '../../test/factories';
import {
  buildPositionsWorld,
  closedPostAndSalaryLines,
  positionCostByPlace,
  proposedSalaryLines,
  type PositionsWorld,
} from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * A roster rolls forward: FY2026 has positions, so FY2027 (no payroll of its own) holds
 * the proposed salary lines that follow their cost. Rolling FY2026 into FY2027, the season's normal
 * path, was refused ("FY2027 already has N lines"). Now those follow lines are replaced, the roster
 * is carried (a Retiring holder's position vacant, a closed one left behind), FY2028's salary lines
 * follow the carried roster, and undo puts everything back. Figures recomputed here from raw rows.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
const db = () => t.db.knex;
const roll = (body: unknown) => t.api('post', '/roll-forward', { token: admin.token, body });

async function footprint() {
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await db()(table).where(where).count({ n: '*' }))[0].n);
  return {
    positions: await count('positions'),
    holders: await count('position_holders'),
    history: await count('position_history'),
    lines: await count('line_items'),
    rollForwards: await count('roll_forwards'),
    stages: await count('budget_stages'),
    // Which budget year each fiscal year's plan is recorded in (budget-year list, imports' refusals).
    homes: await db()('fiscal_year_homes').orderBy('fiscal_year').select('fiscal_year', 'budget_year_id'),
  };
}

/** The FY2026 roster as stored: what a roll forward should carry, counted here independently. */
async function expectedCarry(w: PositionsWorld) {
  const rows = await db()('positions')
    .where({ budget_year_id: w.budgetYearId, fiscal_year: 2026 })
    .whereNot({ status: 'closed' })
    .select('id', 'status', db().raw('fte::text AS fte'));
  const holders = await db()('position_holders as h')
    .join('line_items as li', 'li.id', 'h.line_item_id')
    .whereIn(
      'h.position_id',
      rows.map((r) => r.id),
    )
    .select('h.position_id', 'li.employee_status');
  const staying = holders.filter((h) => (h.employee_status ?? 'Active') === 'Active');
  const filled = rows.filter((r) => r.status === 'filled' && staying.some((h) => h.position_id === r.id));
  // FTE in thousandths, added as integers.
  const milli = rows.reduce((n, r) => {
    const [whole, frac = ''] = String(r.fte).split('.');
    return n + Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
  }, 0);
  return {
    carried: rows.length,
    filled: filled.length,
    vacant: rows.length - filled.length,
    fte: `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`,
    holders: staying.length,
  };
}

let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(db(), { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  // Di retires: her position goes forward vacant. A vacancy and a closed position join the roster.
  await db()('line_items').where({ id: w.people.di }).update({ employee_status: 'Retiring' });
  const vacancy = await t.api('post', '/positions', {
    token: finance.token,
    body: {
      fiscalYear: 2026,
      title: 'Grade 4 Teacher',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 0.5,
      vacancyStep: 2,
      vacancyLane: 'MA',
    },
  });
  expect(vacancy.status, JSON.stringify(vacancy.body)).toBe(201);
  // A closed position (carried by no roll forward), and FY2027's salary lines following the roster.
  await closedPostAndSalaryLines(t, w, finance.token);
});

describe('roll forward of a year with positions', () => {
  let before: Awaited<ReturnType<typeof footprint>>;
  let salaryBefore: Record<string, number>;

  it('a dry run reports the roster it would carry and writes nothing', async () => {
    salaryBefore = await proposedSalaryLines(db(), w.budgetYearId, 2027);
    expect(Object.keys(salaryBefore).length).toBeGreaterThan(0);
    before = await footprint();
    const expected = await expectedCarry(w);
    expect(expected).toMatchObject({ carried: 5, filled: 3, vacant: 2, fte: '3.800', holders: 3 });
    const dry = await roll({ fromFiscalYear: 2026, dryRun: true, confirm: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.positions).toEqual({ ...expected, salaryLinesReplaced: 1, sharesToGeneralFund: 0 });
    expect(await footprint()).toEqual(before);
    expect(await proposedSalaryLines(db(), w.budgetYearId, 2027)).toEqual(salaryBefore);
  });

  it('carries the roster, its holders on their new lines, and FY2028 follows it', async () => {
    const expected = await expectedCarry(w);
    const res = await roll({ fromFiscalYear: 2026, confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.positions).toEqual({ ...expected, salaryLinesReplaced: 1, sharesToGeneralFund: 0 });
    const carried = await db()('positions')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027 })
      .orderBy('id');
    expect(carried.map((p) => p.status)).toEqual(['filled', 'filled', 'filled', 'vacant', 'vacant']);
    // Each holder holds through the FY2027 line rolled from the FY2026 line they held.
    const held = await db()('position_holders as h')
      .join('line_items as li', 'li.id', 'h.line_item_id')
      .whereIn(
        'h.position_id',
        carried.map((p) => p.id),
      )
      .select('li.fiscal_year', db().raw("(li.metadata ->> 'rolledForwardFrom')::int AS from_line"));
    expect(held.every((h) => h.fiscal_year === 2027)).toBe(true);
    expect(held.map((h) => h.from_line).sort()).toEqual([w.people.ada, w.people.ben, w.people.cy].sort());
    const history = await db()('position_history')
      .whereIn(
        'position_id',
        carried.map((p) => p.id),
      )
      .pluck('reason');
    expect(history).toHaveLength(5);
    history.forEach((r) => expect(r).toMatch(/^Rolled forward from FY26 position #\d+$/));
    // The replaced follow line's history says why, with the years as the screens write them.
    const replaced = await db()('audit_log')
      .where({ entity: 'line-item', action: 'delete' })
      .select(db().raw("after ->> 'cause' AS cause"));
    expect(replaced.map((r) => r.cause)).toEqual([
      "Roll forward of FY26: FY27 now has FY26's staff as its payroll, so its salary lines no longer follow FY26's positions",
    ]);
    // FY2027 is a payroll year now: its follow lines are gone (FY2026 had no proposed lines to carry).
    expect(await proposedSalaryLines(db(), w.budgetYearId, 2027)).toEqual({});
    // FY2028's salary lines are the carried roster's cost, recomputed from the raw tables.
    const cost = await positionCostByPlace(db(), w.budgetYearId, 2027);
    expect(Object.keys(cost).length).toBeGreaterThan(0);
    expect(await proposedSalaryLines(db(), w.budgetYearId, 2028)).toEqual(cost);
  });

  it('undo removes the carried roster and restores FY2027 as it was', async () => {
    const res = await t.api('post', '/roll-forward/undo', {
      token: admin.token,
      body: { toFiscalYear: 2027 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ linesRemoved: 3, positionsRemoved: 5 });
    const after = await footprint();
    expect(after).toEqual({ ...before, rollForwards: before.rollForwards + 1 });
    expect(await proposedSalaryLines(db(), w.budgetYearId, 2027)).toEqual(salaryBefore);
    expect(await proposedSalaryLines(db(), w.budgetYearId, 2028)).toEqual({});
  });

  it('still refuses a year with any other line, writing nothing', async () => {
    const [supplies] = await insertProposed(db(), [
      { budgetYearId: w.budgetYearId, fiscalYear: 2027, amount: '100.00', categoryId: w.supplies },
    ]);
    const was = await footprint();
    const res = await roll({ fromFiscalYear: 2026, confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatch(/^FY27 already has 2 lines in budget year FY26/);
    expect(res.body.details[0].path).toBe('fromFiscalYear');
    expect(await footprint()).toEqual(was);
    await db()('line_items').where({ id: supplies }).delete();
  });

  it('undo is refused once a carried position has been changed, writing nothing', async () => {
    const res = await roll({ fromFiscalYear: 2026, confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = await db()('positions')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027 })
      .orderBy('id')
      .first();
    const changed = await t.api('patch', `/positions/${p.id}`, {
      token: finance.token,
      body: { version: p.version, title: 'Lead Teacher' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const was = await footprint();
    const undone = await t.api('post', '/roll-forward/undo', {
      token: admin.token,
      body: { toFiscalYear: 2027 },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(409);
    expect(undone.body.error).toBe(
      "FY27's positions have been changed since the roll forward: the roll forward can no longer be undone",
    );
    expect(undone.body.details[0].path).toBe('toFiscalYear');
    expect(await footprint()).toEqual(was);
  });
});
