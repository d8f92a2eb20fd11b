import { describe, expect, it } from 'vitest';
import {
  buildColaWorld,
  c,
  roundDiv,
  type ColaWorld,
  type GroupSpec,
  type Rate,
} from '../../test/worlds/cola-calc.world';
import { importSuite } from '../../test/worlds/import.suite';
import { dollars, walk, type Cells, type P } from '../../test/worlds/planning-inputs.world';

/**
 * Every planning input changed in turn through the API (contract add, edit,
 * supersede and delete, a scenario setting, the default scenario, the step-and-lane setting, an
 * FTE, a placement on a schedule, the import of a later year's payroll), and after each one every
 * stored next-year salary, the COLA calculation, the RIF gap of each year, the multi-year
 * projection and Generate Projections are recomputed here, independently, in BigInt cents.
 */
const s = importSuite('planning-inputs-');

describe('every planning input, changed in turn', () => {
  it('moves every stored next-year salary and every planning figure exactly as an independent walk', async () => {
    const db = s.t.db.knex;
    const token = s.admin.token;
    const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, body?: unknown) =>
      s.t.api(method, url, { token, body });
    const w: ColaWorld = await buildColaWorld(db);
    const g = w.groups;
    let groups: Record<string, GroupSpec> = structuredClone(g);
    const setRate = (key: string, fy: number, rate: Rate | undefined) => {
      const rates = { ...groups[key].rates };
      if (rate) {
        rates[fy] = rate;
      } else {
        delete rates[fy];
      }
      groups = { ...groups, [key]: { ...groups[key], rates } };
    };
    // The world is written straight to the tables; making its scenario the default through the API
    // works out every stored next-year salary from it.
    expect((await call('post', `/cola/scenarios/${w.scenarioId}/set-default`)).status).toBe(200);
    let people: P[] = w.people.map((p) => ({ ...p }));
    let base = 2026;
    const cells: Cells = {};

    /** Every figure against the walk; `label` names the state in a failure. */
    const check = async (label: string) => {
      const model = walk(people, groups, cells, 2029, base);
      // Stored next-year salaries of the base year's counted lines: the walk's first year.
      const stored = await db('line_items')
        .where({ budget_year_id: w.budgetYearId, fiscal_year: base, is_operating: true, is_projected: false })
        .whereIn('employee_status', ['Active'])
        .select(db.raw('current_salary::text AS current_salary, next_year_salary::text AS next_year_salary'));
      const key = (cents: bigint, nextCents: bigint | null) => `${cents}->${nextCents}`;
      const got = stored
        .map((r) =>
          key(
            BigInt(r.current_salary.replace('.', '')),
            r.next_year_salary === null ? null : BigInt(r.next_year_salary.replace('.', '')),
          ),
        )
        .sort();
      // A new hire keeps what they were hired at (none: none), a typed salary stays, a line with no
      // work group has none; everyone else has the walk's first year.
      const want = people
        .map((p, i) =>
          key(
            p.cents,
            p.cents === 0n
              ? (p.hired ?? null)
              : (p.manual ?? (p.group === null ? null : model.get(base + 1)!.first[i].cents)),
          ),
        )
        .sort();
      expect(got, `${label}: stored next-year salaries`).toEqual(want);
      const cola = await call('post', '/cola/calculate', {
        budgetYearId: w.budgetYearId,
        startYear: 2027,
        endYear: 2029,
      });
      expect(cola.status, JSON.stringify(cola.body)).toBe(200);
      const multi = await call(
        'get',
        `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}&startYear=2027&endYear=2029&baselineBudget=1000000`,
      );
      expect(multi.status, JSON.stringify(multi.body)).toBe(200);
      const generate = await call('post', '/projections/generate', {
        budgetYearId: w.budgetYearId,
        toFiscalYear: 2029,
        projectionType: 'operating',
        forceRegenerate: true,
      });
      expect(generate.status, JSON.stringify(generate.body)).toBe(200);
      for (let fy = base + 1; fy <= 2029; fy += 1) {
        const m = model.get(fy)!;
        const rif = await call('post', '/cola/calculate-rif-gap', {
          budgetYearId: w.budgetYearId,
          fiscalYear: fy,
          baselineBudget: 1_000_000,
          townFundingAmount: 1_000_000,
        });
        expect(rif.status, JSON.stringify(rif.body)).toBe(200);
        const r = rif.body.calculation;
        const p = multi.body.projections.find((x: { fiscalYear: number }) => x.fiscalYear === fy);
        const { rows } = await db.raw(
          `SELECT coalesce(sum(current_salary), 0)::text AS total FROM line_items_all
            WHERE budget_year_id = ? AND fiscal_year = ? AND is_operating AND is_projected`,
          [w.budgetYearId, fy],
        );
        const rifChange =
          c(r.colaImpact.total) + c(r.stepsLanesAmount) + c(r.newHiresAmount) + c(r.adjustmentsAmount);
        expect(
          {
            cola: c(cola.body.years.find((y: { fiscalYear: number }) => y.fiscalYear === fy).amount),
            multiYear: c(p.payroll),
            multiYearChange: c(p.districtNeed) - c(p.baseline),
            rifBefore: r.breakdown.reduce((n: bigint, b: { payroll: number }) => n + c(b.payroll), 0n),
            rifChange,
            projected: BigInt(rows[0].total.replace('.', '')),
          },
          `${label}: FY${fy}`,
        ).toEqual({
          cola: m.payroll,
          multiYear: m.payroll,
          multiYearChange: m.payroll - m.previous,
          rifBefore: m.previous,
          rifChange: m.payroll - m.previous,
          projected: m.payroll,
        });
      }
    };

    await check('the world as built');

    // Contract added: Custodians settle FY27-FY28 at 2.75% / 2.25%.
    const settlement = (fy27: number) => ({
      name: `Custodians settled ${w.budgetYearId}`,
      workGroupId: g.custodians.id,
      startYear: 2027,
      endYear: 2028,
      status: 'SETTLED',
      yearlyIncreases: [
        { fiscalYear: 2027, colaPercentage: fy27 },
        { fiscalYear: 2028, colaPercentage: 2.25 },
      ],
    });
    const added = await call('post', '/cola/contracts', settlement(2.75));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const custodiansContract = added.body.contract.id as number;
    setRate('custodians', 2027, [2750n, 'SETTLED']);
    setRate('custodians', 2028, [2250n, 'SETTLED']);
    await check('contract added');

    // Contract edited: FY27 becomes 3.25%.
    const edited = await call('put', `/cola/contracts/${custodiansContract}`, settlement(3.25));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    setRate('custodians', 2027, [3250n, 'SETTLED']);
    await check('contract edited');

    // Contract superseded: a new Teachers settlement for FY27-FY29 replaces the ratified one.
    const ratified = (await db('contracts')
      .where({ work_group_id: g.teachers.id, status: 'SETTLED' })
      .first('id'))!.id;
    const superseding = await call('post', '/cola/contracts', {
      name: `Teachers reopened ${w.budgetYearId}`,
      workGroupId: g.teachers.id,
      startYear: 2027,
      endYear: 2029,
      status: 'SETTLED',
      supersedesContractId: ratified,
      yearlyIncreases: [
        { fiscalYear: 2027, colaPercentage: 1 },
        { fiscalYear: 2028, colaPercentage: 1.5 },
        { fiscalYear: 2029, colaPercentage: 2.25 },
      ],
    });
    expect(superseding.status, JSON.stringify(superseding.body)).toBe(201);
    setRate('teachers', 2027, [1000n, 'SETTLED']);
    setRate('teachers', 2028, [1500n, 'SETTLED']);
    setRate('teachers', 2029, [2250n, 'SETTLED']);
    await check('contract superseded');

    // Contract deleted: the Custodians' settlement goes; the negotiating offer and scenario return.
    expect((await call('delete', `/cola/contracts/${custodiansContract}`)).status).toBe(200);
    setRate('custodians', 2027, [2000n, 'NEGOTIATING']);
    setRate('custodians', 2028, [1750n, 'SCENARIO']);
    await check('contract deleted');

    // A scenario setting: support staff (category S) get 2.2% in FY27 in the default scenario.
    const catS = (await db('work_groups').where({ id: g.secretaries.id }).first('category_id'))!.category_id;
    const setting = await call('post', '/cola/settings', {
      scenarioId: w.scenarioId,
      settings: [{ workGroupCategoryId: catS, fiscalYear: 2027, colaPercentage: 2.2 }],
    });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    setRate('secretaries', 2027, [2200n, 'SCENARIO']);
    await check('scenario setting');

    // The default scenario: "other" (category S at 4% every year where no contract covers it).
    expect((await call('post', `/cola/scenarios/${w.otherScenarioId}/set-default`)).status).toBe(200);
    const four: Rate = [4000n, 'SCENARIO'];
    for (const fy of [2027, 2028, 2029]) {
      setRate('secretaries', fy, four);
    }
    setRate('custodians', 2028, four);
    setRate('custodians', 2029, four);
    await check('default scenario');

    // Steps and lanes: the pooled percent goes from 1.5 to 2.5 for Teachers and Secretaries.
    const settingsId = (await db('budget_settings').where({ budget_year_id: w.budgetYearId }).first('id'))!
      .id;
    const steps = await call('put', `/budget-settings/${settingsId}`, {
      stepLaneAdjustmentType: 'PERCENTAGE',
      stepLaneAdjustmentValue: 2.5,
    });
    expect(steps.status, JSON.stringify(steps.body)).toBe(200);
    groups = {
      ...groups,
      teachers: { ...groups.teachers, stepsMilli: 2500n },
      secretaries: { ...groups.secretaries, stepsMilli: 2500n },
    };
    await check('steps and lanes');

    // FTE: the secretary at $52,000.05 goes to half time (paid $26,000.03, half away from zero).
    const lineOf = async (cents: bigint) =>
      (await db('line_items')
        .where({ budget_year_id: w.budgetYearId, fiscal_year: base, is_projected: false })
        .where('current_salary', dollars(cents))
        .first('id'))!.id as number;
    const fte = await call('patch', `/line-items/budget/${await lineOf(5_200_005n)}`, { currentFTE: 0.5 });
    expect(fte.status, JSON.stringify(fte.body)).toBe(200);
    people = people.map((p) => (p.cents === 5_200_005n ? { ...p, cents: roundDiv(5_200_005n, 2n) } : p));
    await check('FTE');

    // Placement: the librarian goes on the librarians' schedule, step 2 of lane BA.
    const [schedule] = await db('salary_schedules')
      .insert({
        name: `Librarians ${w.budgetYearId}`,
        work_group_id: g.librarians.id,
        lanes: JSON.stringify(['BA']),
      })
      .returning('id');
    const rows: Cells = {
      2026: [5_000_000n, 5_200_001n, 5_400_000n],
      2027: [5_100_000n, 5_310_050n, 5_520_075n],
      2028: [5_202_000n, 5_416_251n, 5_630_477n],
      2029: [5_306_040n, 5_524_576n, 5_743_087n],
    };
    await db('salary_schedule_amounts').insert(
      Object.entries(rows).flatMap(([fy, amounts]) =>
        amounts.map((a, i) => ({
          schedule_id: schedule.id,
          fiscal_year: Number(fy),
          step: i + 1,
          lane: 'BA',
          amount: dollars(a),
        })),
      ),
    );
    Object.assign(cells, rows);
    const placed = await call('patch', `/line-items/budget/${await lineOf(5_200_001n)}/placement`, {
      salaryStep: 2,
      salaryLane: 'BA',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    people = people.map((p) => (p.group === 'librarians' ? { ...p, placedStep: 2 } : p));
    await check('placement');

    // The FY27 payroll is imported: from FY28 on, every tool walks it, not FY26.
    const [version] = await db('budget_versions')
      .insert({ fiscal_year: 2027, label: `FY27 payroll ${w.budgetYearId}`, budget_year_id: w.budgetYearId })
      .returning('id');
    const fy27: P[] = [
      { group: 'teachers', cents: 6_300_000n },
      { group: 'teachers', cents: 5_950_010n },
      { group: 'custodians', cents: 4_660_000n },
      { group: 'secretaries', cents: 3_950_000n },
      { group: 'librarians', cents: 5_310_050n },
      { group: null, cents: 4_000_000n },
    ];
    const csv = [
      'Employee Name,Title,Salary,FTE,Work Group',
      ...fy27.map(
        (p, i) => `"Person, N${i}",Staff,${dollars(p.cents)},1,${p.group ? groups[p.group].name : ''}`,
      ),
    ].join('\r\n');
    const { fileName, mapping } = await s.upload(csv, 'fy27.csv');
    const imported = await s.execute({
      fileName,
      columnMappings: { ...mapping, workGroup: 'Work Group' },
      noteColumns: [],
      importType: 'operating',
      budgetYearId: w.budgetYearId,
      versionId: version.id,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(
      await db('line_items')
        .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027, is_projected: false })
        .count({ n: '*' }),
    ).toEqual([{ n: fy27.length }]);
    // The imported librarian carries no placement: the rule grows them as a 0% group.
    people = fy27;
    base = 2027;
    await check('FY27 payroll imported');
  });
});
