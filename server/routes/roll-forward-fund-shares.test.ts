import { beforeAll, describe, expect, it } from 'vitest';
import { positionsCarriedText } from '@shared/schemas/roll-forward';
import { positionsFromLines } from '@server/domains/positions';
import { useApp } from '../../test/use-app';
import { buildPositionsWorld, type PositionsWorld } from '../../test/worlds/positions.world';
import { insertProposed } from '../../test/factories';

/**
 * A roster rolled forward keeps the funds that pay its positions, but not a grant whose period has
 * ended by the new roster's cost year: that share goes to the general fund (added to its own share
 * when it has one), so the shares still add up to the FTE and no carried position is paid by a
 * closed grant. ESSER III ends 2027-06-30: it may pay FY2026's roster (cost year FY2027) and not
 * FY2027's (cost year FY2028). Title I runs to 2028-09-30 and is carried as it is.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
const db = () => t.db.knex;
let w: PositionsWorld;
let general: number;
let esser: number;
let titleI: number;
/** FY2026's proposed lines on a grant that ends with FY2026, and on Title I (which runs on). */
let summerLines: number[];
let titleILine: number;

const fund = async (body: object) => {
  const res = await t.api('post', '/funds', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.fund.id as number;
};

/** A position's shares as stored, [fund, FTE text] by fund id, for the position a line holds in a year. */
async function sharesOf(fiscalYear: number, lineOf: (id: number) => boolean) {
  const positions = await db()('positions as p')
    .join('position_holders as h', 'h.position_id', 'p.id')
    .join('line_items as li', 'li.id', 'h.line_item_id')
    .where('p.fiscal_year', fiscalYear)
    .select('p.id', 'li.id as line_id', db().raw("li.metadata ->> 'rolledForwardFrom' AS from_line"));
  const p = positions.find((x) => lineOf(fiscalYear === 2026 ? x.line_id : Number(x.from_line)));
  const rows = await db()('position_fund_shares')
    .where({ position_id: p.id })
    .orderBy('fund_id')
    .select('fund_id', db().raw('fte::text AS fte'));
  return rows.map((r) => [r.fund_id, r.fte]);
}

async function split(line: number, shares: { fundId: number; fte: number }[]) {
  const row = await db()('positions as p')
    .join('position_holders as h', 'h.position_id', 'p.id')
    .where('h.line_item_id', line)
    .first('p.id', 'p.version');
  const res = await t.api('patch', `/positions/${row.id}`, {
    token: finance.token,
    body: { version: row.version, fundShares: shares },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(db(), { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  general = (await db()('funds').where({ kind: 'general' }).first('id')).id;
  esser = await fund({
    name: 'ESSER III',
    code: '2460',
    kind: 'federal_grant',
    periodStart: '2021-03-13',
    periodEnd: '2027-06-30',
  });
  titleI = await fund({
    name: 'Title I',
    code: '2401',
    kind: 'federal_grant',
    periodStart: '2026-07-01',
    periodEnd: '2028-09-30',
  });
  const summer = await fund({
    name: 'Summer Reading Grant',
    code: '2470',
    kind: 'state_grant',
    periodStart: '2025-07-01',
    periodEnd: '2026-06-30',
  });
  const line = (amount: string, fundId: number) => ({
    budgetYearId: w.budgetYearId,
    fiscalYear: 2026,
    amount,
    categoryId: w.supplies,
    columns: { fund_id: fundId },
  });
  summerLines = await insertProposed(db(), [line('1234.56', summer), line('100.10', summer)]);
  [titleILine] = await insertProposed(db(), [line('500.00', titleI)]);
  await split(w.people.ada, [
    { fundId: esser, fte: 0.4 },
    { fundId: titleI, fte: 0.6 },
  ]);
  await split(w.people.ben, [
    { fundId: general, fte: 0.5 },
    { fundId: esser, fte: 0.5 },
  ]);
});

describe('roll forward of positions a closed grant pays', () => {
  it('moves the closed grant’s share to the general fund, says how many, and keeps the rest', async () => {
    const dry = await t.api('post', '/roll-forward', {
      token: admin.token,
      body: { fromFiscalYear: 2026, dryRun: true, confirm: true },
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.positions.sharesToGeneralFund).toBe(2);
    expect(await db()('positions').where({ fiscal_year: 2027 }).count({ n: '*' })).toEqual([{ n: 0 }]);

    const res = await t.api('post', '/roll-forward', {
      token: admin.token,
      body: { fromFiscalYear: 2026, confirm: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.positions.sharesToGeneralFund).toBe(2);
    // QA: FY2028's Title I lines were carried past the grant's end, on the grant, with no word.
    for (const body of [dry.body, res.body]) {
      expect(body.totals).toMatchObject({ proposedToGeneralFund: 2, proposedToGeneralFundTotal: 1334.66 });
    }
    const carried = await db()('line_items')
      .where({ fiscal_year: 2027, is_operating: false })
      .whereRaw("(metadata ->> 'rolledForwardFrom')::int = ANY(?::int[])", [[...summerLines, titleILine]])
      .select('fund_id', db().raw("(metadata ->> 'rolledForwardFrom')::int AS from_line"));
    const fundOf = (line: number) => carried.find((r) => r.from_line === line)?.fund_id;
    expect(summerLines.map(fundOf)).toEqual([null, null]);
    expect(fundOf(titleILine)).toBe(titleI);
    expect(positionsCarriedText(res.body.positions)).toMatch(
      /; 2 paid in part by a grant whose period has ended, that part now on the general fund$/,
    );
    const isAda = (id: number) => id === w.people.ada;
    const isBen = (id: number) => id === w.people.ben;
    expect(await sharesOf(2027, isAda)).toEqual(
      [
        [general, '0.400'],
        [titleI, '0.600'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(await sharesOf(2027, isBen)).toEqual([[general, '1.000']]);
    // The year rolled from keeps its grants as they were.
    expect(await sharesOf(2026, isBen)).toEqual(
      [
        [general, '0.500'],
        [esser, '0.500'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Each carried position's shares add up to its FTE.
    const { rows } = await db().raw(
      `SELECT p.id FROM positions p JOIN position_fund_shares s ON s.position_id = p.id
        WHERE p.fiscal_year = 2027 GROUP BY p.id, p.fte HAVING sum(s.fte) <> p.fte`,
    );
    expect(rows).toEqual([]);
  });
});
