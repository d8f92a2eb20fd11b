import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertEmployees } from '../../test/factories';
import {
  buildColaWorld,
  c,
  model,
  underOther,
  type ColaWorld,
  type ModelYear,
} from '../../test/worlds/cola-calc.world';

const { t, finance } = useApp(['FINANCE']);

const post = (path: string, body: unknown) => t.api('post', path, { token: finance.token, body });
const get = (path: string) => t.api('get', path, { token: finance.token });
const colaTotal = (y: ModelYear) => y.cola.SETTLED + y.cola.NEGOTIATING + y.cola.SCENARIO;

/** The expected POST /cola/calculate figures from the model, in cents. */
function expectCalculation(body: any, w: ColaWorld, start: number, end: number) {
  const years = model(w, end);
  expect(body.baseYear).toBe(2026);
  expect(body.employees).toBe(w.people.length);
  expect(c(body.grandTotal)).toBe(years.get(2026)!.payroll);
  let total = 0n;
  expect(body.years.map((y: any) => y.fiscalYear)).toEqual(
    Array.from({ length: end - start + 1 }, (_, i) => start + i),
  );
  for (const y of body.years) {
    const m = years.get(y.fiscalYear)!;
    expect([
      y.baseYear,
      c(y.amount),
      c(y.increase),
      c(y.colaIncrease),
      c(y.stepsLanesIncrease),
      c(y.newHiresIncrease),
      c(y.adjustmentsIncrease),
    ]).toEqual([
      2026,
      m.payroll,
      m.payroll - years.get(y.fiscalYear - 1)!.payroll,
      m.cola.SETTLED + m.cola.NEGOTIATING + m.cola.SCENARIO + m.cola.NONE,
      m.steps,
      m.newHires,
      m.adjustments,
    ]);
    total += m.payroll - years.get(y.fiscalYear - 1)!.payroll;
  }
  expect(c(body.totalIncrease)).toBe(total);
  for (const spec of [...Object.values(w.groups), null]) {
    const key = spec ? spec.key : null;
    const row = body.byWorkGroup.find((g: any) => g.workGroupId === (spec ? spec.id : null));
    expect(row, `work group ${key}`).toBeDefined();
    expect(row.workGroup).toBe(spec ? spec.name : 'Lunch Aides');
    expect(row.category).toBe(spec ? spec.category : null);
    expect(row.employees).toBe(w.people.filter((p) => p.group === key).length);
    expect(c(row.baseline)).toBe(years.get(2026)!.byGroup.get(key)!.payroll);
    for (const y of row.years) {
      const g = years.get(y.fiscalYear)!.byGroup.get(key)!;
      const rate = spec?.rates[y.fiscalYear] ?? [0n, 'NONE'];
      expect([y.colaSource, BigInt(Math.round(y.colaPercentage * 1000)), c(y.amount), c(y.increase)]).toEqual(
        [rate[1], rate[0], g.payroll, g.payroll - years.get(y.fiscalYear - 1)!.byGroup.get(key)!.payroll],
      );
    }
  }
}

describe('POST /cola/calculate', () => {
  it('moves the base payroll by contract, scenario and pooled steps, matching an independent walk to the cent', async () => {
    const w = await buildColaWorld(t.db.knex);
    const res = await post('/cola/calculate', { scenarioId: w.scenarioId, budgetYearId: w.budgetYearId });
    expect(res.status).toBe(200);
    expect(res.body.scenarioId).toBe(w.scenarioId);
    expectCalculation(res.body, w, 2027, 2029);

    // A span starting past the year after the base: the years between are walked, not listed.
    const later = await post('/cola/calculate', {
      scenarioId: w.scenarioId,
      budgetYearId: w.budgetYearId,
      startYear: 'FY28',
      endYear: 2031,
    });
    expect(later.status).toBe(200);
    expectCalculation(later.body, w, 2028, 2031);
  });

  it('uses the scenario it names, and the default scenario when it names none', async () => {
    const db = t.db.knex;
    const w = await buildColaWorld(db);
    const other = await post('/cola/calculate', {
      scenarioId: w.otherScenarioId,
      budgetYearId: w.budgetYearId,
    });
    expect(other.status).toBe(200);
    expectCalculation(other.body, underOther(w), 2027, 2029);

    await db('cola_scenarios').update({ is_default: false });
    await db('cola_scenarios').where({ id: w.scenarioId }).update({ is_default: true });
    try {
      const byDefault = await post('/cola/calculate', { budgetYearId: w.budgetYearId, scenarioId: null });
      expect(byDefault.status).toBe(200);
      expect(byDefault.body.scenarioId).toBe(w.scenarioId);
      expectCalculation(byDefault.body, w, 2027, 2029);
    } finally {
      await db('cola_scenarios').where({ id: w.scenarioId }).update({ is_default: false });
    }
  });

  it('reads the newest budget year with employees when none is named', async () => {
    const db = t.db.knex;
    const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2140 });
    const scenarioId = await buildScenario(db, budgetYearId, 'operating');
    await insertEmployees(db, [
      { budgetYearId, scenarioId, fiscalYear: 2140, salary: '50000.01' },
      { budgetYearId, scenarioId, fiscalYear: 2140, salary: '12345.67' },
    ]);
    const res = await post('/cola/calculate', { startYear: 2141, endYear: 2142 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ baseYear: 2140, employees: 2, grandTotal: 62345.68, totalIncrease: 0 });
    await db('line_items').where({ budget_year_id: budgetYearId }).del();
  });
});

describe('POST /cola/calculate-rif-gap and GET /cola/rif-calculations', () => {
  it('totals the COLA impact by source and the steps and lanes, and saves the calculation with its working', async () => {
    const db = t.db.knex;
    const w = await buildColaWorld(db);
    for (const fy of [2027, 2029]) {
      const m = model(w, fy).get(fy)!;
      const baseline = 87_834_567.89;
      const townFunding = 87_000_000.5;
      const res = await post('/cola/calculate-rif-gap', {
        fiscalYear: fy,
        scenarioId: w.scenarioId,
        budgetYearId: w.budgetYearId,
        baselineBudget: baseline,
        townFundingAmount: townFunding,
      });
      expect(res.status).toBe(200);
      const r = res.body.calculation;
      // New hires and typed next-year salaries are payroll the year pays too.
      const need = c(baseline) + colaTotal(m) + m.steps + m.newHires + m.adjustments;
      const gap = need - c(townFunding);
      expect({
        settled: c(r.colaImpact.settled),
        negotiating: c(r.colaImpact.negotiating),
        scenario: c(r.colaImpact.scenario),
        total: c(r.colaImpact.total),
        steps: c(r.stepsLanesAmount),
        hires: r.newHires,
        newHires: c(r.newHiresAmount),
        adjustments: c(r.adjustmentsAmount),
        need: c(r.districtNeed),
        gap: c(r.gap),
      }).toEqual({
        settled: m.cola.SETTLED,
        negotiating: m.cola.NEGOTIATING,
        scenario: m.cola.SCENARIO,
        total: colaTotal(m),
        steps: m.steps,
        hires: m.hires,
        newHires: m.newHires,
        adjustments: m.adjustments,
        need,
        gap,
      });
      expect(r).toMatchObject({
        fiscalYear: fy,
        scenarioId: w.scenarioId,
        baseYear: 2026,
        employees: w.people.length,
        includeStepsLanes: true,
        rifRequired: true,
        positionsEstimate: Number((gap + 8_500_000n - 1n) / 8_500_000n),
        averagePositionCost: 85000,
        townFundingAmount: townFunding,
        baselineBudget: baseline,
      });
      // Breakdown: one row per work group, its source and percent, the salaries the COLA applied to.
      for (const spec of Object.values(w.groups)) {
        const row = r.breakdown.find((b: any) => b.workGroupId === spec.id);
        const g = m.byGroup.get(spec.key)!;
        const rate = spec.rates[fy] ?? [0n, 'NONE'];
        expect([
          row.colaSource,
          BigInt(Math.round(row.percentage * 1000)),
          c(row.payroll),
          c(row.amount),
        ]).toEqual([rate[1], rate[0], g.previous, g.cola]);
        expect(c(row.stepsLanesAmount)).toBe(g.steps);
      }
      const teachers = r.breakdown.find((b: any) => b.workGroupId === w.groups.teachers.id);
      expect([teachers.workGroupName, teachers.contractYear]).toEqual([
        w.groups.teachers.name,
        fy === 2027 ? 1 : 3,
      ]);
      // Cost of 1% of every unit, every year: per employee, round(salary before / 100, 2), summed
      // (FY29's over the walked FY28 salaries; it was empty past the year after the base).
      const expected = Object.values(w.groups).map((spec) => {
        const g = m.byGroup.get(spec.key)!;
        return {
          workGroupId: spec.id,
          workGroupName: spec.name,
          employees: g.employees,
          payroll: g.previous,
          amount: g.onePercent,
        };
      });
      expect(
        r.costOfOnePercent.map((x: any) => ({ ...x, payroll: c(x.payroll), amount: c(x.amount) })),
      ).toEqual(expect.arrayContaining(expected));
      expect(r.costOfOnePercent).toHaveLength(expected.length);
    }
  });

  it('leaves out steps and lanes when asked, and a covered need requires no RIF', async () => {
    const w = await buildColaWorld(t.db.knex);
    const m = model(w, 2028).get(2028)!;
    const res = await post('/cola/calculate-rif-gap', {
      fiscalYear: 2028,
      scenarioId: w.scenarioId,
      budgetYearId: w.budgetYearId,
      includeStepsLanes: false,
      baselineBudget: 87_834_567,
      townFundingAmount: 90_000_000,
    });
    expect(res.status).toBe(200);
    const r = res.body.calculation;
    // The figures as given (the spec's sample ones; no figure is filled in).
    expect(res.body.filledIn).toEqual([]);
    const need = 8_783_456_700n + colaTotal(m) + m.newHires + m.adjustments;
    expect([c(r.districtNeed), c(r.gap), c(r.stepsLanesAmount)]).toEqual([
      need,
      need - 9_000_000_000n,
      m.steps,
    ]);
    expect(r).toMatchObject({ includeStepsLanes: false, rifRequired: false, positionsEstimate: 0 });
    expect(r.townFundingAmount).toBe(90_000_000);
    expect(r.baselineBudget).toBe(87_834_567);
  });

  it('lists the saved calculations newest first, the latest 10 unless a limit is given', async () => {
    const w = await buildColaWorld(t.db.knex);
    const ids: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await post('/cola/calculate-rif-gap', {
        budgetYearId: w.budgetYearId,
        scenarioId: w.scenarioId,
        townFundingAmount: 80_000_000 + i,
        baselineBudget: 87_834_567,
      });
      ids.push(res.body.calculation.id);
    }
    const list = await get('/cola/rif-calculations');
    expect(list.status).toBe(200);
    expect(list.body.calculations.map((x: any) => x.id)).toEqual(ids.slice(1).reverse());
    const two = await get('/cola/rif-calculations?limit=2');
    expect(two.body.calculations.map((x: any) => x.id)).toEqual([ids[10], ids[9]]);
    expect(two.body.calculations[0]).toMatchObject({
      townFundingAmount: 80_000_010,
      calculatedBy: expect.any(String),
    });
    // What was saved reads back as it was answered.
    const one = await post('/cola/calculate-rif-gap', {
      budgetYearId: w.budgetYearId,
      scenarioId: w.scenarioId,
      baselineBudget: 1,
      townFundingAmount: 2,
    });
    expect((await get('/cola/rif-calculations?limit=1')).body.calculations[0]).toEqual(one.body.calculation);
  });
});
