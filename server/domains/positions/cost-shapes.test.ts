import { beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { seedDemo } from '@seeds/demo';
import { asSets, positionCostGroups, positionCosts } from '@server/sql/position-cost';
import { useDb } from '../../../test/use-db';

/**
 * A roster's costs and cost groups are read two ways (server/sql/position-cost.ts): probed position
 * by position (a page, an edit's places) and joined as sets (a whole roster: an import, a roll
 * forward, the staffing summary). Both must give the same positions and groups to the cent on a roster with every kind of position: filled by one
 * holder or shared by two, vacant priced and unpriced, posted, frozen, closed, and split across
 * funds in thirds (the cumulative rounding).
 */
const db = useDb();
let scope: { budgetYearId: number; fiscalYear: number };

interface Group {
  category_id: number | null;
  building_id: number | null;
  code: string | null;
  fund_id: number | null;
  total: string;
  count: number;
}

const read = async (k: Knex | Knex.Transaction, shape: 'probes' | 'sets') => {
  const { rows } = await k.raw<{ rows: Group[] }>(
    `SELECT category_id, building_id, code, fund_id, total::text AS total, count
       FROM (${positionCostGroups(scope, shape)}) g
      ORDER BY category_id NULLS FIRST, building_id NULLS FIRST, code NULLS FIRST, fund_id NULLS FIRST`,
  );
  return rows;
};

beforeAll(async () => {
  const k = db.knex;
  await seedDemo(k, { personaPassword: 'cost-shapes-pass', passwordCost: 4 });
  const roster = await k('positions')
    .select('budget_year_id', 'fiscal_year')
    .count<{ budget_year_id: number; fiscal_year: number; count: string }[]>('* as count')
    .groupBy('budget_year_id', 'fiscal_year')
    .orderBy('count', 'desc')
    .first();
  scope = { budgetYearId: roster!.budget_year_id, fiscalYear: roster!.fiscal_year };
  const filled = await k('positions')
    .where({ budget_year_id: scope.budgetYearId, fiscal_year: scope.fiscalYear, status: 'filled', fte: 1 })
    .orderBy('id')
    .limit(4)
    .pluck('id');
  const [split, shared, closed] = filled;
  // A third of the position paid by a grant, two thirds by the general fund.
  const general = (await k('funds').where({ kind: 'general' }).first('id')).id;
  const grant = (await k('funds').whereNot({ kind: 'general' }).orderBy('id').first('id')).id;
  await k('position_fund_shares').insert([
    { position_id: split, fund_id: general, fte: '0.667' },
    { position_id: split, fund_id: grant, fte: '0.333' },
  ]);
  // A second holder for a quarter, whose line holds another position too.
  const other = await k('position_holders').where({ position_id: filled[3] }).first('line_item_id');
  await k('position_holders').insert({
    position_id: shared,
    line_item_id: other.line_item_id,
    fte_share: '0.250',
  });
  await k('positions').where({ id: closed }).update({ status: 'closed' });
  // One vacancy left without a work group: unpriced.
  const vacant = await k('positions')
    .where({ budget_year_id: scope.budgetYearId, fiscal_year: scope.fiscalYear, status: 'vacant' })
    .orderBy('id')
    .first('id');
  await k('positions').where({ id: vacant.id }).update({ work_group_id: null });
});

it('reads the same groups probed and as sets, to the cent', async () => {
  const probed = await read(db.knex, 'probes');
  const sets = await asSets(db.knex, (trx) => read(trx as Knex.Transaction, 'sets'));
  expect(sets).toEqual(probed);
  // The roster holds what the comparison is about: a grant's part and groups of many positions.
  expect(probed.some((g) => g.fund_id !== null)).toBe(true);
  expect(probed.some((g) => g.count > 10)).toBe(true);
  expect(probed.reduce((n, g) => n + g.count, 0)).toBeGreaterThan(400);
});

it('costs every position the same probed and as sets, every column', async () => {
  const costs = async (k: Knex | Knex.Transaction, shape: 'probes' | 'sets') =>
    (await k.raw(`SELECT * FROM (${positionCosts(scope, shape)}) pc ORDER BY pc.id`)).rows;
  const probed = await costs(db.knex, 'probes');
  expect(await asSets(db.knex, (trx) => costs(trx as Knex.Transaction, 'sets'))).toEqual(probed);
  // Every kind of position is there: shared, unpriced, closed.
  expect(probed.some((p: { holder_count: number }) => p.holder_count === 2)).toBe(true);
  expect(probed.some((p: { unpriced_reason: string | null }) => p.unpriced_reason !== null)).toBe(true);
  expect(probed.some((p: { status: string }) => p.status === 'closed')).toBe(true);
});

it('puts the nested-loop setting back after a read as sets, in the caller transaction', async () => {
  await db.knex.transaction(async (trx) => {
    await asSets(trx, async (inner) => {
      const { rows } = await inner.raw(`SELECT current_setting('enable_nestloop') AS v`);
      expect(rows[0].v).toBe('off');
    });
    const { rows } = await trx.raw(`SELECT current_setting('enable_nestloop') AS v`);
    expect(rows[0].v).toBe('on');
  });
});
