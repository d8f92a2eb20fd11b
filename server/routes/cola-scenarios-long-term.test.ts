import { describe, expect, it } from 'vitest';
import { createLogger } from '@server/lib/log';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildContract, buildScenario, insertEmployees, unique } from '../../test/factories';

/**
 * The long-term COLA assumption of a COLA scenario: after a work group's last
 * contract year and the scenario's last year, the scenario's long-term figure (the group's own,
 * else the scenario's) is the COLA, in every tool that walks salaries, labelled as an assumption;
 * a year nothing covers is 0% and warns. Expected money is an independent BigInt-cents model.
 */

const { t, finance } = useApp(['FINANCE'], process.env.DEBUG_LOG ? { log: createLogger('error') } : {});

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });
const c = (n: number) => BigInt(Math.round(n * 100));
/** Half away from zero, as PostgreSQL's round (positive here). */
const roundDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

type Source = 'SETTLED' | 'SCENARIO' | 'LONG_TERM' | 'NONE';
/** COLA in thousandths of a percent and its source, per group and fiscal year. */
type Rates = Record<string, Record<number, [bigint, Source]>>;

/** Each year's COLA cents (by source) of the people moved 2026 -> toYear by `rates`. */
function model(people: { group: string; cents: bigint }[], rates: Rates, toYear: number) {
  const years = new Map<number, Record<Source, bigint>>();
  let walk = people.map((p) => ({ ...p }));
  for (let fy = 2027; fy <= toYear; fy += 1) {
    const sums: Record<Source, bigint> = { SETTLED: 0n, SCENARIO: 0n, LONG_TERM: 0n, NONE: 0n };
    walk = walk.map((p) => {
      const [milli, source] = rates[p.group][fy] ?? [0n, 'NONE'];
      const cola = roundDiv(p.cents * milli, 100_000n);
      sums[source] += cola;
      return { ...p, cents: p.cents + cola };
    });
    years.set(fy, sums);
  }
  return years;
}

async function buildWorld() {
  const db = t.db.knex;
  const tag = unique();
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const [cat] = await db('work_group_categories')
    .insert({ name: `CAT ${tag}` })
    .returning('id');
  const group = async (name: string, categoryId: number | null) =>
    (
      await db('work_groups')
        .insert({ name: `${name} ${tag}`, category_id: categoryId })
        .returning(['id', 'name'])
    )[0] as { id: number; name: string };
  const teachers = await group('Teachers', cat.id);
  const aides = await group('Aides', cat.id);
  const clerks = await group('Clerks', null);
  await buildContract(db, {
    workGroupId: teachers.id,
    status: 'SETTLED',
    rates: [
      [2027, 3],
      [2028, 2.5],
    ],
  });
  const [scenario] = await db('cola_scenarios')
    .insert({ name: `Plan ${tag}` })
    .returning('id');
  // The scenario's grid stops at FY2029, as the COLA Scenarios screen's does.
  await db('cola_settings').insert(
    [
      [2027, 2],
      [2028, 2],
      [2029, 1.5],
    ].map(([fy, pct]) => ({
      scenario_id: scenario.id,
      work_group_category_id: cat.id,
      fiscal_year: fy,
      cola_percentage: pct,
    })),
  );
  const salaries: [string, { id: number; name: string }, string][] = [
    ['teachers', teachers, '61234.57'],
    ['teachers', teachers, '58000.33'],
    ['aides', aides, '31111.11'],
    ['aides', aides, '29876.55'],
    ['clerks', clerks, '45678.91'],
  ];
  await insertEmployees(
    db,
    salaries.map(([, g, salary]) => ({
      budgetYearId,
      scenarioId: operating,
      fiscalYear: 2026,
      salary,
      workGroupId: g.id,
      workGroup: g.name,
    })),
  );
  const people = salaries.map(([group, , s]) => ({ group, cents: BigInt(s.replace('.', '')) }));
  return { budgetYearId, scenarioId: scenario.id as number, teachers, aides, clerks, people };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

/** The rates the rule should apply, with the long-term figures (thousandths) when set. */
function ratesOf(longTerm: { scenario: bigint; clerks: bigint } | null): Rates {
  const lt = (m: bigint | undefined): Record<number, [bigint, Source]> =>
    m === undefined ? {} : { 2030: [m, 'LONG_TERM'], 2031: [m, 'LONG_TERM'] };
  return {
    teachers: {
      2027: [3000n, 'SETTLED'],
      2028: [2500n, 'SETTLED'],
      2029: [1500n, 'SCENARIO'],
      ...lt(longTerm?.scenario),
    },
    aides: {
      2027: [2000n, 'SCENARIO'],
      2028: [2000n, 'SCENARIO'],
      2029: [1500n, 'SCENARIO'],
      ...lt(longTerm?.scenario),
    },
    // No category, no contract: nothing before the long-term assumption.
    clerks: { ...lt(longTerm?.clerks) },
  };
}

const multiYear = (w: World) =>
  call(
    'get',
    `/cola/multi-year-projection?scenarioId=${w.scenarioId}&budgetYearId=${w.budgetYearId}&startYear=2027&endYear=2031&baselineBudget=1000000&townFunding=2000000`,
  );

describe('long-term COLA assumption', () => {
  it('carries the scenario’s assumption past the last contract and scenario year, labelled, and warns on 0%', async () => {
    const w = await buildWorld();

    // Before: FY2030 and FY2031 get 0% and the projection says so.
    const before = await multiYear(w);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const y2031 = before.body.projections.find((p: any) => p.fiscalYear === 2031);
    expect(c(y2031.colaImpact)).toBe(0n);
    expect(y2031.colaUnits.map((u: any) => u.colaSource)).toEqual(['NONE', 'NONE', 'NONE']);
    expect(y2031.colaWarnings.join(' ')).toMatch(/FY31 assumes 0% COLA for .*Teachers/);

    const saved = await call('put', `/cola/scenarios/${w.scenarioId}/long-term`, {
      colaPercentage: 2.25,
      workGroups: [{ workGroupId: w.clerks.id, colaPercentage: 1.1 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.scenario).toMatchObject({
      lastYear: 2029,
      longTermColaPercentage: 2.25,
      longTermWorkGroups: [{ workGroupId: w.clerks.id, workGroup: w.clerks.name, colaPercentage: 1.1 }],
    });

    const after = await multiYear(w);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const expected = model(w.people, ratesOf({ scenario: 2250n, clerks: 1100n }), 2031);
    for (const p of after.body.projections) {
      const m = expected.get(p.fiscalYear)!;
      const total = m.SETTLED + m.SCENARIO + m.LONG_TERM;
      expect(
        {
          fy: p.fiscalYear,
          cola: c(p.colaImpact),
          settled: c(p.colaBySource.settled),
          scenario: c(p.colaBySource.scenario),
          longTerm: c(p.colaBySource.longTerm),
        },
        `FY${p.fiscalYear}`,
      ).toEqual({
        fy: p.fiscalYear,
        cola: total,
        settled: m.SETTLED,
        scenario: m.SCENARIO,
        longTerm: m.LONG_TERM,
      });
    }
    const unit = (fy: number, name: string) =>
      after.body.projections
        .find((p: any) => p.fiscalYear === fy)
        .colaUnits.find((u: any) => u.workGroup === name);
    expect(expected.get(2031)!.LONG_TERM).toBeGreaterThan(0n);
    expect(unit(2031, w.teachers.name)).toMatchObject({
      colaSource: 'LONG_TERM',
      colaPercentage: 2.25,
      employees: 2,
    });
    expect(unit(2031, w.clerks.name)).toMatchObject({ colaSource: 'LONG_TERM', colaPercentage: 1.1 });
    expect(unit(2027, w.teachers.name)).toMatchObject({ colaSource: 'SETTLED', colaPercentage: 3 });
    expect(unit(2029, w.aides.name)).toMatchObject({ colaSource: 'SCENARIO', colaPercentage: 1.5 });
    // Clerks have nothing before the assumption: 0%, and the years say so.
    expect(unit(2029, w.clerks.name)).toMatchObject({ colaSource: 'NONE', colaPercentage: 0 });
    const warnings = (fy: number) =>
      after.body.projections.find((p: any) => p.fiscalYear === fy).colaWarnings.join(' ');
    expect(warnings(2029)).toContain(`FY29 assumes 0% COLA for ${w.clerks.name} (1)`);
    expect(warnings(2031)).toBe('');

    // The RIF gap of FY2031 and the COLA calculation read the same assumption.
    const rif = await call('post', '/cola/calculate-rif-gap', {
      fiscalYear: 2031,
      scenarioId: w.scenarioId,
      budgetYearId: w.budgetYearId,
      baselineBudget: 1_000_000,
      townFundingAmount: 2_000_000,
    });
    expect(rif.status, JSON.stringify(rif.body)).toBe(200);
    const m2031 = expected.get(2031)!;
    expect([c(rif.body.calculation.colaImpact.longTerm), c(rif.body.calculation.colaImpact.total)]).toEqual([
      m2031.LONG_TERM,
      m2031.LONG_TERM,
    ]);
    expect(new Set(rif.body.calculation.breakdown.map((b: any) => b.colaSource))).toEqual(
      new Set(['LONG_TERM']),
    );
    expect(rif.body.calculation.colaWarnings).toEqual([]);
    const calc = await call('post', '/cola/calculate', {
      scenarioId: w.scenarioId,
      budgetYearId: w.budgetYearId,
      startYear: 2029,
      endYear: 2031,
    });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    const clerks = calc.body.byWorkGroup.find((g: any) => g.workGroupId === w.clerks.id);
    expect(clerks.years.map((y: any) => [y.fiscalYear, y.colaSource, y.colaPercentage])).toEqual([
      [2029, 'NONE', 0],
      [2030, 'LONG_TERM', 1.1],
      [2031, 'LONG_TERM', 1.1],
    ]);
  });

  it('labels each year of a salary progression with where its COLA comes from', async () => {
    const w = await buildWorld();
    expect((await call('post', `/cola/scenarios/${w.scenarioId}/set-default`)).status).toBe(200);
    expect(
      (await call('put', `/cola/scenarios/${w.scenarioId}/long-term`, { colaPercentage: 2 })).status,
    ).toBe(200);
    const generated = await call('post', '/projections/generate', {
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2031,
      projectionType: 'operating',
      forceRegenerate: true,
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const res = await call(
      'get',
      `/line-items/budget/salary-progression?budgetYearId=${w.budgetYearId}&position=Clerk&limit=50`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sources = (group: string) =>
      res.body.progressions
        .find((p: any) => p.workGroup === group)
        .yearData.map((y: any) => [y.fiscalYear, y.colaSource]);
    expect(sources(w.teachers.name)).toEqual([
      [2026, 'NONE'],
      [2027, 'SETTLED'],
      [2028, 'SETTLED'],
      [2029, 'SCENARIO'],
      [2030, 'LONG_TERM'],
      [2031, 'LONG_TERM'],
    ]);
    // Clerks: no contract, no scenario setting; only the long-term assumption from FY2030.
    expect(sources(w.clerks.name).slice(1)).toEqual([
      [2027, 'NONE'],
      [2028, 'NONE'],
      [2029, 'NONE'],
      [2030, 'LONG_TERM'],
      [2031, 'LONG_TERM'],
    ]);
  });

  it('moves the stored next-year salary of a year past the contracts when the scenario is the default', async () => {
    const db = t.db.knex;
    const w = await buildWorld();
    const made = await call('post', `/cola/scenarios/${w.scenarioId}/set-default`);
    expect(made.status).toBe(200);
    const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2029 });
    const [id] = await insertEmployees(db, [
      {
        budgetYearId,
        fiscalYear: 2029,
        salary: '50000.05',
        workGroupId: w.aides.id,
        workGroup: w.aides.name,
      },
    ]);
    const res = await call('put', `/cola/scenarios/${w.scenarioId}/long-term`, { colaPercentage: 2.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recomputedLines).toBeGreaterThanOrEqual(1);
    const row = await db('line_items').where({ id }).first('next_year_salary');
    expect(c(Number(row.next_year_salary))).toBe(roundDiv(5_000_005n * 102_500n, 100_000n));
  });

  it('refuses a COLA outside 0-100 or an unknown work group, naming the field, and writes nothing', async () => {
    const db = t.db.knex;
    const w = await buildWorld();
    const ok = await call('put', `/cola/scenarios/${w.scenarioId}/long-term`, {
      colaPercentage: 2,
      workGroups: [{ workGroupId: w.aides.id, colaPercentage: 3 }],
    });
    expect(ok.status).toBe(200);
    const state = async () => ({
      scenario: await db('cola_scenarios').where({ id: w.scenarioId }).first('long_term_cola_percentage'),
      groups: await db('cola_long_term_settings')
        .where({ scenario_id: w.scenarioId })
        .select('work_group_id', 'cola_percentage'),
    });
    const kept = await state();
    const refusals: [unknown, string][] = [
      [{ colaPercentage: 100.5 }, 'colaPercentage'],
      [{ colaPercentage: -1 }, 'colaPercentage'],
      [{ colaPercentage: 1.234 }, 'colaPercentage'],
      [
        { colaPercentage: 2.5, workGroups: [{ workGroupId: w.aides.id, colaPercentage: 101 }] },
        'workGroups.0.colaPercentage',
      ],
      [
        { colaPercentage: 2.5, workGroups: [{ workGroupId: 99_999_999, colaPercentage: 1 }] },
        'workGroups.0.workGroupId',
      ],
      [{ workGroups: [] }, 'colaPercentage'],
    ];
    for (const [body, path] of refusals) {
      const res = await call('put', `/cola/scenarios/${w.scenarioId}/long-term`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await state()).toEqual(kept);
    }
    const missing = await call('put', '/cola/scenarios/99999999/long-term', { colaPercentage: 1 });
    expect(missing.status).toBe(404);
  });
});
