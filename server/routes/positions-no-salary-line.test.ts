import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildPositionsWorld, CELLS, type PositionsWorld } from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * A position without a budget category (an import left 164 of Boston's so, $16.4M) has no salary
 * line to land on: its cost is in no FY2027 proposed line. The list's totals count it with its cost,
 * by the salary lines' own rule (Update Salary Budget's undistributed amount is the same figure),
 * and categoryId=none lists it. On PostgreSQL the totals come from the kept cost rows, so both
 * paths are held here.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let uncategorized: number;

/** Step 2, lane MA of the world's schedule: what the vacancy without a category costs, in cents. */
const VACANCY = Number(CELLS[2].MA.replace('.', ''));

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  // As an import writes it: no category (the API refuses one without).
  [{ id: uncategorized }] = await t.db
    .knex('positions')
    .insert({
      budget_year_id: w.budgetYearId,
      fiscal_year: 2026,
      title: 'Imported Aide',
      fte: 1,
      status: 'vacant',
      work_group_id: w.teacherGroup,
      vacancy_step: 2,
      vacancy_lane: 'MA',
      category_id: null,
    })
    .returning('id');
});

const list = (query = '') =>
  t.api('get', `/positions?fiscalYear=2026${query}`, { token: finance.token }).then((res) => {
    expect(res.status).toBe(200);
    return res.body;
  });

describe('positions whose cost lands in no salary line', () => {
  it('are counted with their cost, the dry run of Update Salary Budget leaving out the same', async () => {
    const { totals } = await list();
    expect(totals.noSalaryLineCount).toBe(1);
    expect(Math.round(totals.noSalaryLineCost * 100)).toBe(VACANCY);
    const dry = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 2027, dryRun: true },
    });
    expect(dry.status).toBe(200);
    expect(Math.round(dry.body.undistributedAmount * 100)).toBe(VACANCY);
  });

  it('are what categoryId=none lists, with totals of them alone', async () => {
    const none = await list('&categoryId=none');
    expect(none.positions.map((p: { id: number }) => p.id)).toEqual([uncategorized]);
    expect(none.totals).toMatchObject({ positions: 1, noSalaryLineCount: 1 });
    expect(Math.round(none.totals.budgetedCost * 100)).toBe(VACANCY);
    const teachers = await list(`&categoryId=${w.teachers}`);
    expect(teachers.totals.noSalaryLineCount).toBe(0);
    expect(teachers.positions.map((p: { id: number }) => p.id)).not.toContain(uncategorized);
  });

  it('include a category no longer personnel, once it is marked so', async () => {
    const before = (await list()).totals;
    await t.db.knex('budget_categories').where({ id: w.teachers }).update({ is_personnel: false });
    try {
      const after = (await list()).totals;
      expect(after.noSalaryLineCount).toBe(before.positions);
      expect(after.noSalaryLineCost).toBe(after.budgetedCost);
      expect((await list('&categoryId=none')).total).toBe(before.positions);
    } finally {
      await t.db.knex('budget_categories').where({ id: w.teachers }).update({ is_personnel: true });
    }
  });
});
