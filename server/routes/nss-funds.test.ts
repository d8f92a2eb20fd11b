import { isChartCode } from '@shared/function-code';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  c,
  counts,
  dollarsOf,
  FIGURES_FY27,
  FY,
  LINES,
  nssWorld,
  rulesOf,
  type NssWorld,
} from '../../test/worlds/nss.world';

/**
 * Net school spending counts only what the funds that count pay (docs/MASSACHUSETTS.md, 'Funds'):
 * a grant-, revolving- or Circuit Breaker-funded line is left out whatever its function, and listed
 * by fund; a fund an ADMIN set to count is counted. Every figure is recomputed here from the rows
 * and the rules table, in integer cents.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: NssWorld;
const fund: Record<'grant' | 'revolving' | 'breaker' | 'counted' | 'closed', { id: number; code: string }> =
  {} as never;

async function makeFund(body: Record<string, unknown>) {
  const res = await t.api('post', '/funds', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.fund.id as number, code: res.body.fund.code as string };
}
const meter = () =>
  t.api('get', `/nss/meter?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`, { token: viewer.token });
const setFund = (line: number, fundId: number | null) =>
  t.api('put', `/line-items/${w.ids[line]}`, { token: finance.token, body: { fundId } });
const fundIdsOfLines = async () =>
  (await t.db.knex('line_items').whereIn('id', w.ids).orderBy('id').select('fund_id')).map((r) => r.fund_id);

beforeAll(async () => {
  w = await nssWorld(t);
  expect(
    (await t.api('put', `/nss/state-figures/${FY}`, { token: admin.token, body: FIGURES_FY27 })).status,
  ).toBe(200);
  fund.grant = await makeFund({
    name: 'Title I',
    code: 'T2401',
    kind: 'federal_grant',
    awardAmount: 7000000,
    periodStart: '2026-07-01',
    periodEnd: '2027-09-30',
  });
  fund.revolving = await makeFund({ name: 'School Choice', code: 'R2801', kind: 'revolving' });
  fund.breaker = await makeFund({ name: 'Circuit Breaker', code: 'C2850', kind: 'circuit_breaker' });
  fund.counted = await makeFund({ name: 'Town Gift', code: 'O9000', kind: 'other', countsTowardNss: true });
  fund.closed = await makeFund({
    name: 'ESSER III',
    code: 'E2024',
    kind: 'federal_grant',
    periodStart: '2021-03-13',
    periodEnd: '2024-09-30',
  });
});

describe('NSS by fund', () => {
  it('leaves out what grants, revolving funds and the Circuit Breaker pay, listed by fund; counts a fund set to count', async () => {
    // Line 0 (2305, $6,000,000.00) on Title I; 1 (2330) on School Choice; 3 (3300, which no rule
    // counts) on the Circuit Breaker; 4 (4220) on a fund set to count.
    const on: [number, keyof typeof fund][] = [
      [0, 'grant'],
      [1, 'revolving'],
      [3, 'breaker'],
      [4, 'counted'],
    ];
    for (const [line, f] of on) {
      const res = await setFund(line, fund[f].id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.lineItem.fundId).toBe(fund[f].id);
    }
    const leftOut = new Set([0, 1, 3]);
    const rules = await rulesOf(t.db.knex, FY);
    let school = 0n;
    const byCode = new Map<string, bigint>();
    w.cents.forEach((amount, i) => {
      if (leftOut.has(i)) {
        return;
      }
      if (counts(rules, 'general', w.codes[i])) {
        school += amount;
      } else if (w.codes[i] && isChartCode(w.codes[i]!)) {
        // A code outside DESE's chart (7300, 8100) is no function code: unmapped, not excluded.
        byCode.set(w.codes[i]!, (byCode.get(w.codes[i]!) ?? 0n) + amount);
      }
    });
    const res = await meter();
    expect(res.status).toBe(200);
    expect(dollarsOf(res.body.school.counted)).toBe(school);
    expect(
      res.body.school.byFund.map((f: { code: string; lineCount: number; amount: number }) => [
        f.code,
        f.lineCount,
        dollarsOf(f.amount),
      ]),
    ).toEqual([
      ['C2850', 1, c(LINES[3][1])],
      ['R2801', 1, c(LINES[1][1])],
      ['T2401', 1, c(LINES[0][1])],
    ]);
    // Transportation is left out by its fund now, not by its code; the rest by code as before.
    expect(res.body.school.excluded.map((e: { code: string }) => e.code)).toEqual([...byCode.keys()].sort());
    const all = w.cents.reduce((s, a) => s + a, 0n);
    expect(dollarsOf(res.body.school.budgetTotal)).toBe(all);
    const municipal = dollarsOf(res.body.municipal.counted);
    expect(dollarsOf(res.body.columns.budgetedNss)).toBe(school + municipal);
  });

  it('moves the meter by exactly the line when a grant line goes back to the general fund', async () => {
    const before = dollarsOf((await meter()).body.school.counted);
    const res = await setFund(0, null);
    expect(res.status).toBe(200);
    expect(res.body.lineItem.fundId).toBeNull();
    const after = (await meter()).body;
    expect(dollarsOf(after.school.counted) - before).toBe(c(LINES[0][1]));
    expect(after.school.byFund.map((f: { code: string }) => f.code)).toEqual(['C2850', 'R2801']);
    // The general fund named by its id is the same as no fund.
    const general = (await t.db.knex('funds').where({ kind: 'general' }).first('id'))!.id;
    expect((await setFund(0, general)).body.lineItem.fundId).toBeNull();
  });

  it('refuses a fund that does not exist and a grant whose period does not reach the year; nothing written', async () => {
    const before = await fundIdsOfLines();
    const missing = await setFund(2, 999999);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'fundId', message: 'Fund 999999 does not exist' }]);
    const closed = await setFund(2, fund.closed.id);
    expect(closed.status).toBe(400);
    expect(closed.body.details[0]).toEqual({
      path: 'fundId',
      message: "ESSER III's grant period (2021-03-13 to 2024-09-30) does not reach FY27",
    });
    const created = await t.api('post', '/line-items', {
      token: finance.token,
      body: {
        isOperating: false,
        budgetYearId: w.budgetYearId,
        fiscalYear: FY,
        accountDescription: 'On a closed grant',
        amount: 10,
        fundId: fund.closed.id,
      },
    });
    expect(created.status).toBe(400);
    expect(await fundIdsOfLines()).toEqual(before);
    expect(
      await t.db.knex('line_items').where({ account_description: 'On a closed grant' }).first(),
    ).toBeUndefined();
  });

  // QA: a line a roll forward carried onto a grant whose period has since ended could not be edited
  // at all ('… does not reach FY28' for an amount change), as the editor sends the fund it shows.
  it('lets a line on a closed grant be edited with its fund unchanged, and moved off it', async () => {
    await t.db.knex('line_items').where({ id: w.ids[2] }).update({ fund_id: fund.closed.id });
    const edited = await t.api('put', `/line-items/${w.ids[2]}`, {
      token: finance.token,
      body: { fundId: fund.closed.id, amount: 1234.56 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.lineItem).toMatchObject({ fundId: fund.closed.id, amount: 1234.56 });
    // Onto it from another fund is still refused.
    expect((await setFund(3, fund.closed.id)).status).toBe(400);
    expect((await setFund(2, null)).body.lineItem.fundId).toBeNull();
  });

  it('keeps a fund with lines, and an adopted year’s NSS, from changing under them', async () => {
    const del = await t.api('delete', `/funds/${fund.revolving.id}`, { token: admin.token });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(
      'School Choice cannot be deleted: 1 line is on it. Move it to another fund first',
    );
    // Adopted: whether the Circuit Breaker counts would change FY2027's voted figures.
    // Adopting asks every dollar to have a DESE function code (7300 and 8100 are not DESE's).
    for (const line of [6, 7, 10]) {
      const res = await t.api('put', `/line-items/${w.ids[line]}`, {
        token: finance.token,
        body: { deseCode: '2410' },
      });
      expect(res.status).toBe(200);
    }
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2027-03-01'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2027-05-01'],
    ]) {
      const res = await t.api('post', '/budget-stages/advance', {
        token: admin.token,
        body: { budgetYearId: w.budgetYearId, fiscalYear: FY, stage, date },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const flag = await t.api('put', `/funds/${fund.breaker.id}`, {
      token: admin.token,
      body: { countsTowardNss: true },
    });
    expect(flag.status).toBe(409);
    expect(flag.body.error).toMatch(/^Circuit Breaker pays lines of FY27, which is adopted or closed/);
    expect((await t.db.knex('funds').where({ id: fund.breaker.id }).first()).counts_toward_nss).toBe(false);
    // Its name is not a figure.
    const renamed = await t.api('put', `/funds/${fund.breaker.id}`, {
      token: admin.token,
      body: { name: 'Circuit Breaker (SPED)' },
    });
    expect(renamed.status).toBe(200);
    // A fund with no lines there may change its flag.
    expect(
      (await t.api('put', `/funds/${fund.grant.id}`, { token: admin.token, body: { countsTowardNss: true } }))
        .status,
    ).toBe(200);
  });
});
