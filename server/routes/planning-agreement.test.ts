import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { insertEmployees } from '../../test/factories';
import {
  buildColaWorld,
  c,
  model,
  type ColaWorld,
  type ModelYear,
  type Person,
} from '../../test/worlds/cola-calc.world';

/**
 * One walk for every tool: for the same fiscal year and the default COLA
 * scenario, the COLA calculation, the RIF gap, the multi-year projection, Generate Projections and
 * Salary Progression give the same payroll, to the cent, equal to an independent walk
 * (cola-calc.world.ts's model) from the latest year with actual lines before it; new hires (a salary
 * of 0) and a typed next-year salary included. Checked before and after a later year's payroll is
 * imported: from then on every tool grows that year's salaries, not the older ones.
 */

const { t, finance } = useApp(['FINANCE']);

const post = (path: string, body: unknown) => t.api('post', path, { token: finance.token, body });
const get = (path: string) => t.api('get', path, { token: finance.token });
const sum = (xs: bigint[]) => xs.reduce((n, x) => n + x, 0n);

/** Every tool's payroll of each fiscal year in from..to, in cents, after generating projections. */
async function payrolls(w: ColaWorld, from: number, to: number) {
  const id = w.budgetYearId;
  const generate = await post('/projections/generate', {
    budgetYearId: id,
    toFiscalYear: to,
    projectionType: 'operating',
    forceRegenerate: true,
  });
  expect(generate.status, JSON.stringify(generate.body)).toBe(200);
  const cola = await post('/cola/calculate', { budgetYearId: id, startYear: from, endYear: to });
  expect(cola.status, JSON.stringify(cola.body)).toBe(200);
  const multi = await get(
    `/cola/multi-year-projection?budgetYearId=${id}&startYear=${from}&endYear=${to}&baselineBudget=1000000`,
  );
  expect(multi.status, JSON.stringify(multi.body)).toBe(200);
  const progression = await get(
    `/line-items/budget/salary-progression?budgetYearId=${id}&position=Clerk&limit=50`,
  );
  expect(progression.status).toBe(200);
  const out = new Map<number, Record<string, bigint>>();
  for (let fy = from; fy <= to; fy += 1) {
    const rif = await post('/cola/calculate-rif-gap', {
      budgetYearId: id,
      fiscalYear: fy,
      baselineBudget: 1_000_000,
      townFundingAmount: 1_000_000,
    });
    expect(rif.status, JSON.stringify(rif.body)).toBe(200);
    const r = rif.body.calculation;
    const { rows } = await t.db.knex.raw(
      `SELECT coalesce(sum(current_salary), 0)::text AS total FROM line_items_all
        WHERE budget_year_id = ? AND fiscal_year = ? AND is_operating AND is_projected`,
      [id, fy],
    );
    out.set(fy, {
      cola: c(cola.body.years.find((y: any) => y.fiscalYear === fy).amount),
      multiYear: c(multi.body.projections.find((p: any) => p.fiscalYear === fy).payroll),
      // The RIF gap states the year before's payroll and every part of the change into fy.
      rifGap:
        sum(r.breakdown.map((b: any) => c(b.payroll))) +
        c(r.colaImpact.total) +
        c(r.stepsLanesAmount) +
        c(r.newHiresAmount) +
        c(r.adjustmentsAmount),
      generateProjections: BigInt(rows[0].total.replace('.', '')),
      salaryProgression: sum(
        progression.body.progressions.flatMap((p: any) =>
          p.yearData.filter((y: any) => y.fiscalYear === fy).map((y: any) => c(y.currentSalary)),
        ),
      ),
    });
  }
  return { tools: out, multi: multi.body, cola: cola.body };
}

function expectAgreement(tools: Map<number, Record<string, bigint>>, expected: Map<number, ModelYear>) {
  for (const [fy, figures] of tools) {
    const want = expected.get(fy)!.payroll;
    expect({ fy, ...figures }).toEqual({
      fy,
      cola: want,
      multiYear: want,
      rifGap: want,
      generateProjections: want,
      salaryProgression: want,
    });
  }
}

describe('every planning tool, one walk', () => {
  it('gives the same payroll per year as an independent walk, before and after a later year is imported', async () => {
    const db = t.db.knex;
    const w = await buildColaWorld(db);
    // Generate Projections uses the default scenario: make it the world's.
    await db('cola_scenarios').update({ is_default: false });
    await db('cola_scenarios').where({ id: w.scenarioId }).update({ is_default: true });

    const before = await payrolls(w, 2027, 2029);
    const fromFy26 = model(w, 2029);
    // FY27 counts the new hires: the teacher hired at $47,500.25 and the custodian with no salary yet.
    expect(fromFy26.get(2027)!.hires).toBe(2);
    expect(fromFy26.get(2027)!.newHires).toBe(4_750_025n);
    expect(before.cola.employees).toBe(w.people.length);
    expectAgreement(before.tools, fromFy26);

    // The FY27 payroll arrives (imported, not projected): raises that differ from the plan, the
    // FY26 hire now paid, the custodian hired without a salary gone, someone retiring, a typed FY28
    // salary and a new hire for FY28 (placed nowhere, hired at an entered salary).
    const g = w.groups;
    const fy27: (Person & { status?: 'Retiring' })[] = [
      { group: 'teachers', cents: 6_300_000n },
      { group: 'teachers', cents: 5_950_010n },
      { group: 'teachers', cents: 7_400_000n },
      { group: 'teachers', cents: 5_123_456n },
      { group: 'teachers', cents: 4_750_025n },
      { group: 'teachers', cents: 0n, hired: 4_900_000n },
      { group: 'custodians', cents: 4_660_000n, manual: 4_800_000n },
      { group: 'custodians', cents: 4_190_090n },
      { group: 'secretaries', cents: 3_950_000n },
      { group: 'secretaries', cents: 5_321_099n },
      { group: 'secretaries', cents: 5_200_005n },
      { group: 'librarians', cents: 5_200_001n },
      { group: null, cents: 4_000_000n },
      { group: 'teachers', cents: 9_100_000n, status: 'Retiring' },
    ];
    const text = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const operating = (await db('scenarios')
      .where({ budget_year_id: w.budgetYearId, scenario_type: 'operating' })
      .first('id'))!.id as number;
    await insertEmployees(
      db,
      fy27.map((p) => ({
        budgetYearId: w.budgetYearId,
        scenarioId: operating,
        fiscalYear: 2027,
        salary: text(p.cents),
        workGroupId: p.group ? g[p.group as keyof typeof g].id : null,
        workGroup: p.group ? g[p.group as keyof typeof g].name : 'Lunch Aides',
        nextYearSalary:
          p.hired !== undefined ? text(p.hired) : p.manual !== undefined ? text(p.manual) : null,
        manual: p.manual !== undefined,
        status: p.status ?? 'Active',
      })),
    );

    const after = await payrolls(w, 2027, 2030);
    const active = fy27.filter((p) => p.status === undefined);
    const fromFy27 = model({ groups: w.groups, people: active }, 2030, 2027);
    // FY27 itself is still a projection from FY26 (the year before it); FY28 on grow the FY27 payroll.
    const fy27Walked = after.tools.get(2027)!;
    expect([fy27Walked.cola, fy27Walked.multiYear, fy27Walked.rifGap]).toEqual(
      Array(3).fill(model(w, 2027).get(2027)!.payroll),
    );
    after.tools.delete(2027);
    expectAgreement(after.tools, fromFy27);
    expect(after.multi.projections.map((p: any) => [p.fiscalYear, p.baseYear, p.employees])).toEqual([
      [2027, 2026, w.people.length],
      [2028, 2027, active.length],
      [2029, 2027, active.length],
      [2030, 2027, active.length],
    ]);
  });
});
