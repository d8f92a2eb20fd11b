import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildColaWorld, c, model, type ModelYear } from '../../test/worlds/cola-calc.world';

const { t, finance } = useApp(['FINANCE']);

const get = (path: string) => t.api('get', path, { token: finance.token });
const colaTotal = (y: ModelYear) => y.cola.SETTLED + y.cola.NEGOTIATING + y.cola.SCENARIO;

describe('GET /cola/multi-year-projection', () => {
  it('chains each baseline to the year before’s need and takes town funding from goals, carried forward, or the input', async () => {
    const db = t.db.knex;
    const w = await buildColaWorld(db);
    await db('town_goals').del();
    await db('town_goals').insert({ fiscal_year: 2028, goal_type: 'DOLLAR', dollar_goal: 88_500_000.25 });
    const years = model(w, 2031);
    const q = `scenarioId=${w.scenarioId}&budgetYearId=${w.budgetYearId}`;
    const check = (body: any, baseline: bigint, input: bigint | null) => {
      expect(body).toMatchObject({ baseYear: 2026, scenarioId: w.scenarioId, employees: w.people.length });
      expect(body.projections.map((p: any) => p.fiscalYear)).toEqual([2027, 2028, 2029, 2030, 2031]);
      let b = baseline;
      for (const p of body.projections) {
        const m = years.get(p.fiscalYear)!;
        const need = b + colaTotal(m) + m.steps + m.newHires + m.adjustments;
        const funding = p.fiscalYear === 2027 ? input : 8_850_000_025n;
        const source =
          p.fiscalYear === 2027
            ? input === null
              ? 'none'
              : 'input'
            : p.fiscalYear === 2028
              ? 'goal'
              : 'carried';
        expect({
          baseline: c(p.baseline),
          payroll: c(p.payroll),
          cola: c(p.colaImpact),
          steps: c(p.stepsLanes),
          newHires: c(p.newHires),
          adjustments: c(p.adjustments),
          from: [p.baseYear, p.employees],
          need: c(p.districtNeed),
          funding: p.townFunding === null ? null : c(p.townFunding),
          source: p.townFundingSource,
          assumed: p.townFundingAssumed,
          gap: p.gap === null ? null : c(p.gap),
          rif: p.rifRequired,
        }).toEqual({
          baseline: b,
          payroll: m.payroll,
          cola: colaTotal(m),
          steps: m.steps,
          newHires: m.newHires,
          adjustments: m.adjustments,
          from: [2026, w.people.length],
          need,
          funding,
          source,
          assumed: source === 'carried' || source === 'input',
          gap: funding === null ? null : need - funding,
          rif: funding !== null && need > funding,
        });
        b = need;
      }
    };
    // This world has no proposed budget: with no baseline given there is none to start from.
    const none = await get(`/cola/multi-year-projection?${q}`);
    expect([none.status, none.body.details?.[0]?.path]).toEqual([400, 'baselineBudget']);
    const plain = await get(`/cola/multi-year-projection?${q}&baselineBudget=87834567`);
    expect(plain.status).toBe(200);
    check(plain.body, 8_783_456_700n, null);
    const given = await get(
      `/cola/multi-year-projection?${q}&baselineBudget=86000000.5&townFunding=86500000&startYear=2027&endYear=FY31`,
    );
    expect(given.status).toBe(200);
    check(given.body, 8_600_000_050n, 8_650_000_000n);
    await db('town_goals').del();
  });

  it('starts past the year after the base, carries a goal from before the start, and never uses the input beside a goal', async () => {
    const db = t.db.knex;
    const w = await buildColaWorld(db);
    await db('town_goals').del();
    await db('town_goals').insert([
      { fiscal_year: 2026, goal_type: 'DOLLAR', dollar_goal: 80_000_000 },
      { fiscal_year: 2030, goal_type: 'DOLLAR', dollar_goal: 95_000_000.01 },
    ]);
    try {
      const years = model(w, 2031);
      const res = await get(
        `/cola/multi-year-projection?scenarioId=${w.scenarioId}&budgetYearId=${w.budgetYearId}&startYear=FY28&endYear=2031&townFunding=1&baselineBudget=90000000`,
      );
      expect(res.status).toBe(200);
      const expected: [number, bigint, string][] = [
        [2028, 8_000_000_000n, 'carried'],
        [2029, 8_000_000_000n, 'carried'],
        [2030, 9_500_000_001n, 'goal'],
        [2031, 9_500_000_001n, 'carried'],
      ];
      let baseline = 9_000_000_000n;
      res.body.projections.forEach((p: any, i: number) => {
        const [fy, funding, source] = expected[i];
        const m = years.get(fy)!;
        const need = baseline + colaTotal(m) + m.steps + m.newHires + m.adjustments;
        expect([
          p.fiscalYear,
          c(p.baseline),
          c(p.districtNeed),
          c(p.townFunding),
          p.townFundingSource,
        ]).toEqual([fy, baseline, need, funding, source]);
        expect([c(p.gap), p.rifRequired, p.townFundingAssumed]).toEqual([
          need - funding,
          need > funding,
          source !== 'goal',
        ]);
        baseline = need;
      });
    } finally {
      await db('town_goals').del();
    }
  });
});
