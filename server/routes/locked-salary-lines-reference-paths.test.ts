import { beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { useApp } from '../../test/use-app';
import { seedDemoPlanned, type DemoPlanned } from '../../test/worlds/demo-planned.world';
import { demoGap, lockedWords, type Gap } from '../../test/worlds/demo-locked';
import { salaryLines, startFollowing, type Planned } from '../domains/positions/follow-paths.helper';
import { voteYear } from '../domains/positions/locked-year.helper';

/**
 * The demo's FY27 (budget year FY26) budgets the FY2026 roster's cost; voted, its salary lines are
 * locked. Reference data and settings move that cost too: a work group moved to another category
 * (the default COLA scenario's percent is by category), the step-and-lane settings saved (the
 * listed groups' next-year salaries), a budget category's function code (where its positions with
 * no code of their own are budgeted) or personnel flag (whether their cost is budgeted). Each answers the locked lines' note (salaryLines), as a line
 * or position write does, its figures recomputed here in integer cents from the raw tables
 * (test/worlds/demo-locked.ts), and the voted lines are left as they were.
 */
const { t, admin } = useApp(['ADMIN']);
let demo: DemoPlanned;
let at: Planned;
let voted: Record<string, bigint>;
let votedById: Record<number, string>;
/** Once a category's personnel flag has changed, which lines are salary lines has too. */
let flagChanged = false;
/** A filled FY2026 position given no code of its own: its cost is placed at its category's code. */
let uncoded: { id: number; categoryId: number; name: string; deseFunction: string };

const gap = () => demoGap(t.db.knex, demo.budgetYearId);

/** FY27's proposed lines, every one, by id: a category's flag changes which are salary lines, not them. */
async function linesById(): Promise<Record<number, string>> {
  const rows = await t.db
    .knex('line_items')
    .where({ budget_year_id: demo.budgetYearId, fiscal_year: 2027, is_operating: false })
    .select('id', t.db.knex.raw('amount::text AS amount'));
  return Object.fromEntries(rows.map((r: { id: number; amount: string }) => [r.id, r.amount]));
}

/** The answer carries the note the tables say, the voted lines kept what they held, and the cost moved. */
async function expectNote(res: { status: number; body: Record<string, unknown> }, before: Gap, status = 200) {
  expect(res.status, JSON.stringify(res.body).slice(0, 2000)).toBe(status);
  expect(await linesById(), 'the voted lines are as they were').toEqual(votedById);
  if (!flagChanged) {
    expect(await salaryLines(t.db.knex, at.planned), 'the voted salary lines are as they were').toEqual(
      voted,
    );
  }
  const g = await gap();
  expect(g, 'the change moved the roster’s cost (its amount or where it is budgeted)').not.toEqual(before);
  const note = res.body.salaryLines as { difference: number; message: string; linesOutOfDate: number };
  expect(note, 'the answer says the locked lines do not have the change').toMatchObject({
    budgetYearId: at.planned.budgetYearId,
    fiscalYear: 2027,
    stageLabel: 'School Committee Adopted',
    closed: false,
    source: 'positions',
    linesOutOfDate: g.places,
  });
  expect(centsOf(note.difference)).toBe(g.difference);
  expect(note.message).toBe(lockedWords(g, 'ADMIN'));
}

const idOf = async (table: string, name: string) =>
  Number((await t.db.knex(table).where({ name }).first('id')).id);

beforeAll(async () => {
  demo = await seedDemoPlanned(t, 'demo-pass-1');
  at = {
    t,
    token: admin.token,
    roster: { budgetYearId: demo.budgetYearId, fiscalYear: 2026 },
    planned: { budgetYearId: demo.budgetYearId, fiscalYear: 2027 },
  };
  // A filled position of a personnel category that has a function code, its own code cleared, and
  // FY27's lines set from the roster so (the set-up, before the vote).
  const { rows } = await t.db.knex.raw(
    `SELECT p.id, p.category_id, c.name, c.dese_function FROM positions p
       JOIN budget_categories c ON c.id = p.category_id AND c.is_personnel AND c.dese_function IS NOT NULL
      WHERE p.budget_year_id = ? AND p.fiscal_year = 2026 AND p.status = 'filled' ORDER BY p.id LIMIT 1`,
    [demo.budgetYearId],
  );
  uncoded = {
    id: rows[0].id,
    categoryId: rows[0].category_id,
    name: rows[0].name,
    deseFunction: rows[0].dese_function,
  };
  await t.db.knex('positions').where({ id: uncoded.id }).update({ dese_code: null });
  await startFollowing(at);
  expect(await gap(), 'the demo’s FY27 lines follow its roster').toEqual({ places: 0, difference: 0n });
  await voteYear(at, admin.token);
  voted = await salaryLines(t.db.knex, at.planned);
  votedById = await linesById();
}, 120_000);

describe('the demo’s voted FY27: reference data and settings that move its roster’s cost answer the note', () => {
  it('a work group moved to another category (its COLA, 2.5% to 3.5%, re-prices its salaries)', async () => {
    const before = await gap();
    // The one demo group no contract covers: the default scenario's percent by category prices it.
    const technology = await idOf('work_groups', 'Technology');
    const teachers = await idOf('work_group_categories', 'TEACHERS');
    const res = await t.api('put', `/cola/work-groups/${technology}`, {
      token: admin.token,
      body: { categoryId: teachers },
    });
    await expectNote(res, before);
    expect(res.body.workGroup).toMatchObject({ id: technology, categoryId: teachers });
  });

  it('the step-and-lane settings saved, for the budget year and by id', async () => {
    let before = await gap();
    const row = await t.db.knex('budget_settings').where({ budget_year_id: demo.budgetYearId }).first();
    const groups = [...(row.steps_lanes_work_groups as number[]), await idOf('work_groups', 'Technology')];
    const upsert = await t.api('put', '/budget-settings', {
      token: admin.token,
      body: {
        budgetYearId: demo.budgetYearId,
        stepLaneAdjustmentType: 'PERCENTAGE',
        stepLaneAdjustmentValue: 2.25,
        stepsLanesWorkGroups: groups,
      },
    });
    await expectNote(upsert, before);
    expect(upsert.body.recomputedLines).toBeGreaterThan(0);

    before = await gap();
    const byId = await t.api('put', `/budget-settings/${row.id}`, {
      token: admin.token,
      body: {
        stepLaneAdjustmentType: 'DOLLAR',
        stepLaneAdjustmentValue: 1234.56,
        stepsLanesWorkGroups: groups,
      },
    });
    await expectNote(byId, before);
  });

  it('a budget category’s function code, by PUT and by the save call (POST with its id)', async () => {
    let before = await gap();
    const changed = await t.api('put', `/categories/${uncoded.categoryId}`, {
      token: admin.token,
      body: { deseFunction: uncoded.deseFunction === '2710' ? '2305' : '2710' },
    });
    await expectNote(changed, before);

    before = await gap();
    const saved = await t.api('post', '/categories', {
      token: admin.token,
      body: { id: uncoded.categoryId, name: uncoded.name, deseFunction: uncoded.deseFunction },
    });
    await expectNote(saved, before);
  });

  it('a budget category’s personnel flag (whether its positions’ cost is budgeted at all)', async () => {
    let before = await gap();
    flagChanged = true;
    const off = await t.api('put', `/categories/${uncoded.categoryId}`, {
      token: admin.token,
      body: { isPersonnel: false },
    });
    await expectNote(off, before);
    before = await gap();
    const on = await t.api('put', `/categories/${uncoded.categoryId}`, {
      token: admin.token,
      body: { isPersonnel: true },
    });
    await expectNote(on, before);
  });
});
