import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertProposed } from '../../test/factories';

/**
 * The reasons an adoption gives: after the superintendent's recommendation a cut
 * scenario is adopted into the budget with a reason for one line; the comparison of the
 * recommendation with today's figures explains each adopted line with that reason, or with
 * 'Adopted scenario "X"' and the adoption's reason. Amounts are worked out in cents here.
 */
const { t, admin } = useApp(['ADMIN']);
let by: number;
let lines: number[];
const FY = 2027;
const AMOUNTS = [120000_15n, 45999_99n, 8000_05n];
/** Percent kept of each line, in hundredths of a percent. */
const KEPT = [5000n, 9000n];

const kept = (cents: bigint, hundredths: bigint) => {
  const s = cents * hundredths;
  return s / 10000n + ((s % 10000n) * 2n >= 10000n ? 1n : 0n);
};
const dollars = (cents: bigint) => (Number(cents) / 100).toFixed(2);
const c = (n: number) => BigInt(Math.round(n * 100));
const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin.token, body });

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY });
  const scenario = await buildScenario(db, by, 'proposed', true);
  lines = await insertProposed(
    db,
    AMOUNTS.map((a, i) => ({
      budgetYearId: by,
      fiscalYear: FY,
      amount: dollars(a),
      scenarioId: scenario,
      accountDescription: `Line ${i}`,
    })),
  );
});

describe('GET /budget-stages/compare after a scenario adoption', () => {
  it("gives each adopted line the adoption line's reason, else the scenario's name and reason", async () => {
    const advanced = await call('post', '/budget-stages/advance', {
      budgetYearId: by,
      fiscalYear: FY,
      stage: 'SUPERINTENDENT_RECOMMENDED',
      date: '2027-02-01',
    });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    const stageId = advanced.body.events.at(-1).id;

    const made = await call('post', '/scenarios/cuts', { budgetYearId: by, fiscalYear: FY, name: 'Plan A' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const scenarioId = made.body.scenario.id;
    const adjustments = { [lines[0]]: Number(KEPT[0]) / 100, [lines[1]]: Number(KEPT[1]) / 100 };
    expect((await call('put', `/scenarios/cuts/${scenarioId}/adjustments`, { adjustments })).status).toBe(
      200,
    );
    const preview = await call('post', `/scenarios/cuts/${scenarioId}/adopt/preview`, {});
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const adopted = await call('post', `/scenarios/cuts/${scenarioId}/adopt`, {
      basis: preview.body.basis,
      reason: 'Committee workshop, 3 March',
      lineReasons: { [lines[0]]: 'Program ends' },
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);

    const res = await call(
      'get',
      `/budget-stages/compare?budgetYearId=${by}&fiscalYear=${FY}&from=${stageId}&to=current`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = [kept(AMOUNTS[0], KEPT[0]), kept(AMOUNTS[1], KEPT[1]), AMOUNTS[2]];
    const byLine = new Map(res.body.lines.map((l: any) => [l.lineId, l]));
    expect(res.body.lines).toHaveLength(2);
    for (const i of [0, 1]) {
      const l = byLine.get(lines[i]) as any;
      expect([l.field, c(l.from), c(l.to), c(l.difference)]).toEqual([
        'amount',
        AMOUNTS[i],
        after[i],
        after[i] - AMOUNTS[i],
      ]);
    }
    expect((byLine.get(lines[0]) as any).reason).toBe('Program ends');
    expect((byLine.get(lines[1]) as any).reason).toBe(
      'Adopted scenario "Plan A": Committee workshop, 3 March',
    );
    const total = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    expect(c(res.body.totals.proposed.from)).toBe(total(AMOUNTS));
    expect(c(res.body.totals.proposed.to)).toBe(total(after));
    expect(c(res.body.totals.proposed.difference)).toBe(total(after) - total(AMOUNTS));
  });
});
