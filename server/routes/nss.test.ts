import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  actualMeter,
  expectedMeter,
  FIGURES_FY26,
  FIGURES_FY27,
  FY,
  kept,
  nssWorld,
  rulesOf,
  type NssWorld,
} from '../../test/worlds/nss.world';

/**
 * The NSS meter over the API. Every figure is recomputed in nss.world.ts from the
 * rows the test wrote and the rules read from nss_inclusion_rules; the meter follows a cut
 * scenario's percents across 100% and 95% of required NSS.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: NssWorld;
beforeAll(async () => {
  w = await nssWorld(t);
});

const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
  t.api(method, path, { token, body });
const meterOf = (token = viewer.token, fiscalYear = FY) =>
  call('get', `/nss/meter?budgetYearId=${w.budgetYearId}&fiscalYear=${fiscalYear}`, token);

describe('GET /nss/meter', () => {
  it('returns 401 without a token and 400 without a budget year', async () => {
    expect((await call('get', '/nss/meter?budgetYearId=1', undefined)).status).toBe(401);
    const res = await call('get', '/nss/meter', viewer.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain('budgetYearId');
  });

  it('says to enter the state figures for a year without them, never a percent', async () => {
    const res = await meterOf(viewer.token, 2031);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('NO_FIGURES');
    expect(res.body.message).toBe('Enter the state figures to see NSS');
    expect(res.body.columns).toBeNull();
    expect(res.body.headroom).toBeNull();
  });

  it('counts the lines the rules count once FY2027’s figures are entered, in DESE’s six columns', async () => {
    const before = await meterOf();
    expect(before.body.status).toBe('NO_FIGURES');
    expect(before.body.columns).toBeNull();
    const put = await call('put', `/nss/state-figures/${FY}`, admin.token, FIGURES_FY27);
    expect(put.status).toBe(200);
    expect(put.body.created).toBe(true);
    const res = await meterOf();
    expect(res.status).toBe(200);
    const rules = await rulesOf(t.db.knex, FY);
    const want = expectedMeter(w, rules, new Map(), FIGURES_FY27);
    expect(actualMeter(res.body)).toEqual(want);
    // 8,583,333.98 of the school's lines and 1,600,000 of the town's: 101.83% of $10,000,000.
    expect(want.budgeted).toBe(1018333398n);
    expect(res.body.columns.percentOfRequired).toBe(101.83);
    expect(res.body.status).toBe('MEETS');
    expect(res.body.headroom.above100).toBe(183333.98);
    expect(res.body.headroom.above95).toBe(683333.98);
    expect(res.body.consequence).toBeNull();
    // Transportation and retirees' insurance are named as not counted by their rules. 7300 and 8100
    // are not codes of DESE's chart: like the uncoded line, they have no function code (as the DESE
    // report and the adoption check say), so they are not counted either.
    expect(res.body.school.excluded.map((e: { code: string }) => e.code)).toEqual(['3300', '5250']);
    expect(res.body.school.unmapped).toEqual({ lineCount: 3, amount: 362345.67 });
    expect(res.body.warnings.join(' ')).toContain('3 lines ($362,345.67) of funds that count toward NSS');
    // The school's total is the dashboard's proposed budget.
    const dash = await call(
      'get',
      `/line-items/budget/summary?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`,
      viewer.token,
    );
    expect(res.body.school.budgetTotal).toBe(dash.body.proposedBudget);
    const crossing = res.body.municipal.lines.find((l: { eoyrCode: string }) => l.eoyrCode === '5550');
    expect(crossing).toMatchObject({ counts: false, amount: 40000 });
  });

  it('adds a shortfall carried in from the prior year to the requirement', async () => {
    expect((await call('put', `/nss/state-figures/${FY - 1}`, admin.token, FIGURES_FY26)).status).toBe(200);
    const res = await meterOf(viewer.token, FY - 1);
    expect(res.body.columns.carriedIn).toBe(50000);
    expect(res.body.columns.requiredWithCarry).toBe(9750000);
    const rules = await rulesOf(t.db.knex, FY - 1);
    // FY2026 holds one $9,000,000 teachers' line in this budget year.
    const w26 = { budgetYearId: w.budgetYearId, ids: [0], cents: [900000000n], codes: ['2305'] };
    expect(actualMeter(res.body)).toEqual(expectedMeter(w26, rules, new Map(), FIGURES_FY26));
    expect(res.body.status).toBe('MEETS');
  });
});

describe('POST /nss/meter/scenario', () => {
  const cutTo = async (name: string, percents: Record<number, number>) => {
    const created = await call('post', '/scenarios/cuts', finance.token, {
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
      name,
    });
    expect(created.status).toBe(201);
    const id = created.body.scenario.id;
    const saved = await call('put', `/scenarios/cuts/${id}/adjustments`, finance.token, {
      adjustments: percents,
    });
    expect(saved.status).toBe(200);
    return id as number;
  };
  const pctMap = (percents: Record<number, number>) =>
    new Map(Object.entries(percents).map(([id, p]) => [Number(id), BigInt(Math.round(p * 100))]));
  /** The meter of a saved scenario with these cuts, checked against the one worked out here. */
  const meterAfterCuts = async (name: string, percents: Record<number, number>) => {
    const id = await cutTo(name, percents);
    const res = await call('post', '/nss/meter/scenario', finance.token, { scenarioId: id });
    expect(res.status).toBe(200);
    const want = expectedMeter(w, await rulesOf(t.db.knex, FY), pctMap(percents), FIGURES_FY27);
    expect(actualMeter(res.body)).toEqual(want);
    return res;
  };

  it('returns 403 for VIEW_ONLY and 400 naming what is missing', async () => {
    expect((await call('post', '/nss/meter/scenario', viewer.token, {})).status).toBe(403);
    const res = await call('post', '/nss/meter/scenario', finance.token, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('scenarioId');
  });

  it('follows a scenario below 100%: the shortfall carries into FY2028', async () => {
    const percents = { [w.ids[2]]: 50 }; // administration cut in half: -$250,000
    const res = await meterAfterCuts('Below 100', percents);
    expect(res.body.status).toBe('CARRY_FORWARD');
    expect(res.body.columns.percentOfRequired).toBe(99.33);
    expect(res.body.consequence).toEqual({
      shortfall: 66666.02,
      carriedForward: 66666.02,
      aidReduction: 0,
      nextFiscalYear: 2028,
    });
    expect(res.body.message).toContain("added to FY28's requirement");
  });

  it('follows a scenario below 95%: aid is cut by what exceeds 5%', async () => {
    const percents = { [w.ids[0]]: 85 }; // classroom teachers -15%: -$900,000
    const res = await meterAfterCuts('Below 95', percents);
    expect(res.body.status).toBe('BELOW_95');
    expect(res.body.columns.percentOfRequired).toBe(92.83);
    expect(res.body.consequence).toMatchObject({
      shortfall: 716666.02,
      carriedForward: 500000,
      aidReduction: 216666.02,
    });
    expect(res.body.message).toContain('Below 95%');
    expect(res.body.message).toContain('tax rate');
  });

  it('does not move for cuts to spending that does not count (transportation)', async () => {
    const id = await cutTo('Buses', { [w.ids[3]]: 0 });
    const res = await call('post', '/nss/meter/scenario', finance.token, { scenarioId: id });
    expect(res.body.columns.budgetedNss).toBe(10183333.98);
    const total = w.cents.reduce((a, b) => a + b, 0n) - w.cents[3];
    expect(BigInt(Math.round(res.body.school.budgetTotal * 100))).toBe(total);
    expect(res.body.school.budgetTotal).toBe(9025679.65);
  });

  it('computes unsaved percents as the Scenario Builder would, and refuses lines out of scope', async () => {
    const percents = { [w.ids[1]]: 33.33 };
    const res = await call('post', '/nss/meter/scenario', finance.token, {
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
      adjustments: percents,
    });
    expect(res.status).toBe(200);
    expect(actualMeter(res.body)).toEqual(
      expectedMeter(w, await rulesOf(t.db.knex, FY), pctMap(percents), FIGURES_FY27),
    );
    expect(kept(100000055n, 3333n)).toBe(33330018n);
    const bad = await call('post', '/nss/meter/scenario', finance.token, {
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
      adjustments: { 999999: 50 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Line 999999');
  });
});

describe('GET /nss/per-pupil and GET /nss/rules', () => {
  it('divides the budget by foundation enrollment beside the district’s own enrollment', async () => {
    const res = await call(
      'get',
      `/nss/per-pupil?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`,
      viewer.token,
    );
    expect(res.status).toBe(200);
    const total = w.cents.reduce((a, b) => a + b, 0n);
    const dese = res.body.methods.find((m: { method: string }) => m.method === 'DESE_FOUNDATION');
    // $9,425,679.65 over 1,234.50 pupils, to the cent: (cents x 100 / 123,450) rounded.
    const want = (total * 100n) / 123450n + (((total * 100n) % 123450n) * 2n >= 123450n ? 1n : 0n);
    expect(BigInt(Math.round(dese.perPupil * 100))).toBe(want);
    expect(dese.description).toContain('foundation enrollment');
    const district = res.body.methods.find((m: { method: string }) => m.method === 'DISTRICT_ENROLLMENT');
    expect(district.perPupil).toBeNull();
    expect(res.body.byFunction.length).toBeGreaterThan(3);
    const sum = res.body.byFunction.reduce(
      (s: bigint, f: { amount: number }) => s + BigInt(Math.round(f.amount * 100)),
      0n,
    );
    expect(sum).toBe(total);
  });

  it('lists the rules in force with their sources', async () => {
    const res = await call('get', `/nss/rules?fiscalYear=FY27`, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.rulesYear).toBe(2014);
    expect(res.body.carryForwardLimitPercent).toBe(5);
    const transport = res.body.rules.find((r: any) => r.fund === 'general' && r.codeFrom === 3300);
    expect(transport).toMatchObject({ counts: false });
    expect(transport.source).toContain('Advisory');
    expect(res.body.rules.every((r: { source: string }) => r.source.length > 5)).toBe(true);
  });
});
