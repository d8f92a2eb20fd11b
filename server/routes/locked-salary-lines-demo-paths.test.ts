import { beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { useApp } from '../../test/use-app';
import { analyze } from '../../test/factories';
import { seedDemoPlanned, type DemoPlanned } from '../../test/worlds/demo-planned.world';
import { LUNENBURG_FILE, uploadSchedule } from '../../test/worlds/salary-schedules.suite';
import { suggestedMapping } from '../../test/worlds/import.suite';
import { salaryLines, type Planned } from '../domains/positions/follow-paths.helper';
import { demoGap, lockedWords } from '../../test/worlds/demo-locked';
import { voteYear } from '../domains/positions/locked-year.helper';

/**
 * The demo district's FY27 (budget year FY26) budgets the FY2026 roster's cost until it is voted.
 * Voted, every path that moves that cost answers the position writes' note (salaryLines), here the
 * paths beyond the line edits and the position writes: an employee line deleted (its positions go
 * vacant), one or several at once; a COLA scenario made the default and a contract deleted (the
 * holders' next-year salaries follow the rule); a salary schedule imported for the teachers; a
 * payroll import whose newcomer takes a position. The figures are recomputed in integer cents
 * from the raw tables (test/worlds/demo-locked.ts), and the voted lines are left as they were.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let demo: DemoPlanned;
let at: Planned;
let voted: Record<string, bigint>;

const gap = () => demoGap(t.db.knex, demo.budgetYearId);
const words = lockedWords;

/** The answer carries the note the tables say, the voted lines kept what they held, and the cost moved. */
async function expectNote(
  res: { status: number; body: Record<string, unknown> },
  before: { difference: bigint },
  role: 'FINANCE' | 'ADMIN' = 'FINANCE',
  status = 200,
) {
  expect(res.status, JSON.stringify(res.body).slice(0, 2000)).toBe(status);
  expect(await salaryLines(t.db.knex, at.planned), 'the voted lines are as they were').toEqual(voted);
  const g = await gap();
  expect(g.difference, 'the change moved the roster’s cost').not.toBe(before.difference);
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
  expect(note.message).toBe(words(g, role));
}

/** Employee lines holding one filled FY2026 position alone, with a salary for next year. */
async function holders(n: number): Promise<number[]> {
  const { rows } = await t.db.knex.raw(
    `SELECT h.line_item_id AS id FROM position_holders h JOIN positions p ON p.id = h.position_id
       JOIN line_items li ON li.id = h.line_item_id
      WHERE p.budget_year_id = ? AND p.fiscal_year = 2026 AND p.status = 'filled'
        AND li.next_year_salary > 0
        AND (SELECT count(*) FROM position_holders x WHERE x.line_item_id = h.line_item_id) = 1
      ORDER BY h.line_item_id LIMIT ?`,
    [demo.budgetYearId, n],
  );
  return rows.map((r: { id: number }) => Number(r.id));
}

beforeAll(async () => {
  demo = await seedDemoPlanned(t, 'demo-pass-1');
  at = {
    t,
    token: finance.token,
    roster: { budgetYearId: demo.budgetYearId, fiscalYear: 2026 },
    planned: { budgetYearId: demo.budgetYearId, fiscalYear: 2027 },
  };
  expect(await gap(), 'the demo’s FY27 lines follow its roster').toEqual({ places: 0, difference: 0n });
  await voteYear(at, admin.token);
  voted = await salaryLines(t.db.knex, at.planned);
}, 120_000);

describe('the demo’s voted FY27: more paths that move its roster’s cost answer the note', () => {
  it('an employee line deleted, and two deleted at once', async () => {
    const [one, two, three] = await holders(3);
    await expectNote(await t.api('delete', `/line-items/${one}`, { token: finance.token }), {
      difference: 0n,
    });
    const before = await gap();
    const bulk = await t.api('post', '/line-items/bulk-delete', {
      token: admin.token,
      body: { itemIds: [two, three] },
    });
    await expectNote(bulk, before, 'ADMIN');
    expect(bulk.body.deleted).toBe(2);
  });

  it('a COLA scenario made the default, and a contract deleted', async () => {
    let before = await gap();
    await expectNote(await t.api('post', '/cola/scenarios/2/set-default', { token: finance.token }), before);
    before = await gap();
    // The nurses' settled contract gone, the default scenario's COLA prices their FY2027 salaries.
    const contract = await t.db
      .knex('contracts')
      .where({ name: 'School Nurses Association 2025-2028' })
      .first('id');
    await expectNote(
      await t.api('delete', `/cola/contracts/${contract.id}`, { token: finance.token }),
      before,
    );
  });

  it('a salary schedule imported for the teachers', async () => {
    const before = await gap();
    const group = await t.db.knex('positions').where({ id: 999 }).first('work_group_id');
    const res = await uploadSchedule(t, finance.token, LUNENBURG_FILE, {
      workGroupId: String(group.work_group_id),
      budgetYearId: String(demo.budgetYearId),
      name: 'Teachers (Lunenburg)',
    });
    await expectNote(res as never, before, 'FINANCE', 201);
  });

  it('a payroll import whose newcomer takes a position', async () => {
    const before = await gap();
    const school = await t.db
      .knex('positions as p')
      .join('buildings as b', 'b.id', 'p.building_id')
      .where('p.id', 999)
      .first('p.title', 'b.name');
    const csv = [
      'Employee Name,Title,School,Salary,FTE',
      `"Newcomer, Nia",${school.title},${school.name},"52,345.67",1`,
    ].join('\r\n');
    const analysis = await analyze(
      t,
      admin.token,
      { name: 'newcomer.csv', data: csv },
      { importType: 'operating' },
    );
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    const version = await t.db
      .knex('budget_versions')
      .where({ budget_year_id: demo.budgetYearId, fiscal_year: 2026 })
      .first('id');
    const res = await t.api('post', '/import/execute', {
      token: admin.token,
      body: {
        fileName: analysis.body.fileName,
        columnMappings: suggestedMapping(analysis),
        importType: 'operating',
        budgetYearId: demo.budgetYearId,
        versionId: version.id,
      },
    });
    await expectNote(res, before, 'ADMIN');
  });
});
