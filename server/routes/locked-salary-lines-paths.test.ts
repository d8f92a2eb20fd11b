import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import type { PositionsWorld } from '../../test/worlds/positions.world';
import { expectedLines, salaryLines, type Planned } from '../domains/positions/follow-paths.helper';
import { addSpecialist, lockedYearWorld, voteYear } from '../domains/positions/locked-year.helper';

/**
 * FY2027's salary lines follow the FY2026 roster's cost until FY2027 is voted. Besides a position
 * write, three paths move that cost: an edit of a holder's employee line (its next-year salary,
 * status, placement, building...), the district's step and lane for a work group's vacancies, and
 * the crosswalk's Apply (a title's work group, category and code given to the positions). With
 * FY2027 voted, each answers the position writes' note (salaryLines): how far the locked lines now
 * are from the positions' cost, recomputed here in integer cents from the raw tables
 * (follow-paths.helper.ts), and the voted lines are left as they were.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let at: Planned;

const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const money = (c: bigint) =>
  `$${(Number(c < 0n ? -c : c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The positions' cost against FY2027's lines, from the tables: the places that differ and by how much. */
async function gap(): Promise<{ places: number; difference: bigint }> {
  const expected = await expectedLines(t.db.knex, at.roster);
  const held = await salaryLines(t.db.knex, at.planned);
  const keys = new Set([...Object.keys(expected), ...Object.keys(held)]);
  const differ = [...keys].filter((k) => (expected[k] ?? 0n) !== (held[k] ?? 0n));
  const sum = (r: Record<string, bigint>) => Object.values(r).reduce((a, b) => a + b, 0n);
  return { places: differ.length, difference: sum(expected) - sum(held) };
}

/** The note's words for FINANCE (who may not reopen a stage) or ADMIN, from the tables' figures. */
function words(g: { places: number; difference: bigint }, role: 'FINANCE' | 'ADMIN'): string {
  const lines = g.places === 1 ? '1 salary line is' : `${g.places} salary lines are`;
  const gapText =
    g.difference === 0n
      ? `${lines} out of date (the total is the same, spread differently)`
      : `${lines} out of date: they hold ${money(g.difference)} ${g.difference > 0n ? 'less' : 'more'} than the positions cost`;
  const fix =
    role === 'ADMIN'
      ? 'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.'
      : 'An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.';
  return `FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. ${gapText}. ${fix}`;
}

/** The answer carries the note the tables say, and the voted lines kept what they held. */
async function expectNote(
  res: { status: number; body: Record<string, unknown> },
  voted: Record<string, bigint>,
  role: 'FINANCE' | 'ADMIN' = 'FINANCE',
) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await salaryLines(t.db.knex, at.planned)).toEqual(voted);
  const g = await gap();
  expect(g.places).toBeGreaterThan(0);
  const note = res.body.salaryLines as { difference: number; message: string; linesOutOfDate: number };
  expect(note, 'the answer says the locked lines do not have the change').toMatchObject({
    budgetYearId: at.planned.budgetYearId,
    fiscalYear: 2027,
    stageLabel: 'School Committee Adopted',
    closed: false,
    source: 'positions',
    linesOutOfDate: g.places,
  });
  expect(cents(note.difference)).toBe(g.difference);
  expect(note.message).toBe(words(g, role));
}

let voted: Record<string, bigint>;

beforeAll(async () => {
  ({ w, at } = await lockedYearWorld(t, { admin: admin.token, finance: finance.token }));
  // A vacancy of the teachers' group: the district's step and lane price it.
  await addSpecialist(t, w, finance.token);
});

describe('paths that move a locked year’s roster cost answer the salary lines note', () => {
  it('an employee line edit says nothing while the year is open, and the note once it is voted', async () => {
    const open = await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: 62000.01 },
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.salaryLines).toBeUndefined();
    expect(await gap(), 'open: the lines followed the edit').toEqual({ places: 0, difference: 0n });

    await voteYear(at, admin.token);
    voted = await salaryLines(t.db.knex, at.planned);

    // The next-year salary, the whole-line edit (FTE), the status and a bulk status: each says it.
    await expectNote(
      await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
        token: finance.token,
        body: { nextYearSalary: 64500.37 },
      }),
      voted,
    );
    expect((await gap()).difference, 'the positions cost more than the voted lines').toBeGreaterThan(0n);
    await expectNote(
      await t.api('patch', `/line-items/budget/${w.people.di}`, {
        token: finance.token,
        body: { currentFTE: 1 },
      }),
      voted,
    );
    await expectNote(
      await t.api('patch', `/line-items/budget/${w.people.cy}/status`, {
        token: finance.token,
        body: { employeeStatus: 'Retiring' },
      }),
      voted,
    );
    await expectNote(
      await t.api('post', '/line-items/bulk-status', {
        token: finance.token,
        body: { itemIds: [w.people.cy], employeeStatus: 'Active' },
      }),
      voted,
    );
    // A line's building (PATCH /line-items/:id) is not its position's: no cost moves, yet the lines
    // are still out of date, and ADMIN is told the steps.
    await expectNote(
      await t.api('patch', `/line-items/${w.people.ben}`, {
        token: admin.token,
        body: { buildingId: null },
      }),
      voted,
      'ADMIN',
    );
  });

  it('a step and lane set on an employee line (the Step and Lane cells) says it', async () => {
    await expectNote(
      await t.api('patch', `/line-items/budget/${w.people.ben}/placement`, {
        token: finance.token,
        body: { salaryStep: 2, salaryLane: 'MA' },
      }),
      voted,
    );
  });

  it('the district’s step and lane for a work group’s vacancies says it', async () => {
    const before = await gap();
    const res = await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
      token: finance.token,
      body: { step: 1, lane: 'BA' },
    });
    await expectNote(res, voted);
    // The vacancy now costs step 1 BA, not step 2 MA: $7,250.50 less.
    expect((await gap()).difference - before.difference).toBe(cents(50000) - cents(57250.5));
    expect(res.body.placement).toMatchObject({ step: 1, lane: 'BA' });
  });

  it('the crosswalk’s Apply says it', async () => {
    const rule = await t.api('post', '/crosswalk/rules', {
      token: admin.token,
      body: { ...at.roster, matchType: 'glob', pattern: '*Teacher', deseCode: '2315' },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const res = await t.api('post', '/crosswalk/apply', {
      token: admin.token,
      body: { ...at.roster, overwrite: true },
    });
    await expectNote(res, voted, 'ADMIN');
    expect(res.body.changedPositions).toBe(4);
  });
});
