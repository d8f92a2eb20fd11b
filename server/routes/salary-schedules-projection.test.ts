import { describe, expect, it } from 'vitest';
import { divideRounded } from '@shared/schemas/common';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { useApp } from '../../test/use-app';
import { buildRuleWorld, grow, insertPeople, toCents } from '../../test/factories';
import {
  dollars,
  LUNENBURG_TEXT,
  readIndependently,
  uploadSchedule,
} from '../../test/worlds/salary-schedules.suite';

/**
 * Employees placed on the real Lunenburg schedule, projected FY27..FY29 by Generate Projections:
 * each year one step up (capped at 13) in the same lane at that year's amount; past FY27, the last
 * printed year, the FY27 row grows by the teachers' settled contract COLA (FY28 3%, FY29 2.5%),
 * rounded to the cent each year. Expected figures come from the file itself, in BigInt cents.
 */

const { t, finance } = useApp(['FINANCE']);
const S = readIndependently();

/** The teachers' COLA moving into each year, in basis points (buildRuleWorld's settled contract; none for FY30). */
const COLA_BP: Record<number, bigint> = { 2028: 300n, 2029: 250n, 2030: 0n };

/** A lane's amount at a step in any year: printed through FY27, then the FY27 row grown by each year's COLA. */
function amount(fy: number, step: number, lane: string): bigint {
  return fy <= 2027 ? S.at(fy, step, lane) : grow(amount(fy - 1, step, lane), COLA_BP[fy]);
}

/** Hundredths of a percent of `part` over `base`, as the progression report rounds (2 decimals). */
const percent = (part: bigint, base: bigint) => Number(divideRounded(part * 10000n, base)) / 100;

describe('Generate Projections for employees placed on the Lunenburg schedule', () => {
  it('moves each placed employee one step a year at the schedule’s amount, and past FY27 by the contract COLA', async () => {
    const knex = t.db.knex;
    const w = await buildRuleWorld(knex);
    // [name, step, lane, salary offset in cents]: exact cells, a near one, the top, and one
    // that reaches the top during the projection.
    const placed: [string, number, string, bigint][] = [
      ['Alpha', 1, 'Bach', 0n],
      ['Bravo', 5, 'Masters', 0n],
      ['Charlie', 11, 'M+45', 0n],
      ['Delta', 13, 'Doctorate', 0n],
      ['Echo', 7, 'B+30', 4000n],
    ];
    const ids = await insertPeople(knex, w, [
      ...placed.map(([name, step, lane, offset]) => ({
        firstName: name,
        lastName: `Sched${name}`,
        position: `Schedule Teacher ${name}`,
        salary: dollars(S.at(2026, step, lane) + offset),
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      })),
      { firstName: 'Foxtrot', lastName: 'SchedPooled', salary: '30000.00', workGroupId: w.teachers },
      {
        firstName: 'Golf',
        lastName: 'SchedMoved',
        salary: dollars(S.at(2026, 2, 'Bach')),
        workGroupId: w.teachers,
      },
    ]);
    await knex.transaction((trx) => applyAutomaticNextYearSalary(trx, ids));
    const imported = await uploadSchedule(
      t,
      finance.token,
      { name: 'lunenburg.csv', data: LUNENBURG_TEXT },
      { workGroupId: String(w.teachers), name: `Lunenburg projection ${w.budgetYearId}` },
    );
    expect(imported.status).toBe(201);
    expect(imported.body.placements).toMatchObject({ exact: 5, suggested: 1, unmatched: 1 });
    // A person moves Golf from the suggested step 2 Bach to step 9 B+30.
    const moved = await t.api('patch', `/line-items/budget/${ids[6]}/placement`, {
      token: finance.token,
      body: { salaryStep: 9, salaryLane: 'B+30' },
    });
    expect(moved.status).toBe(200);
    placed.push(['Golf', 9, 'B+30', 0n]);

    const res = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: {
        budgetYearId: w.budgetYearId,
        toFiscalYear: 2029,
        projectionType: 'operating',
        forceRegenerate: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ projectedCount: 21, baseYear: 2026, fiscalYears: [2027, 2028, 2029] });

    const rows = await knex('line_items_all')
      .where({ budget_year_id: w.budgetYearId, is_operating: true, is_projected: true })
      .orderBy(['first_name', 'fiscal_year']);
    const byName = (name: string) => rows.filter((r: any) => r.first_name === name);
    for (const [name, step, lane] of placed) {
      const lines = byName(name);
      expect(lines.map((l: any) => l.fiscal_year)).toEqual([2027, 2028, 2029]);
      lines.forEach((l: any, k: number) => {
        const fy = 2027 + k;
        const at = Math.min(step + k + 1, 13);
        expect([l.salary_step, l.salary_lane], `${name} ${fy}`).toEqual([at, lane]);
        expect(toCents(l.current_salary), `${name} ${fy} salary`).toBe(amount(fy, at, lane));
        expect(toCents(l.next_year_salary), `${name} ${fy} next`).toBe(
          amount(fy + 1, Math.min(at + 1, 13), lane),
        );
      });
    }
    // Not placed: COLA plus the pooled steps and lanes (2%+1.5%, 3%+1.5%, 2.5%+1.5%).
    let pooled = 3000000n;
    for (const l of byName('Foxtrot')) {
      pooled = grow(pooled, w.teacherBp[l.fiscal_year]);
      expect([l.salary_step, toCents(l.current_salary)]).toEqual([null, pooled]);
    }

    // FY28 and FY29 are the FY27 row grown by the contract COLA, to the cent each year (by hand:
    // Doctorate step 13 in FY27 is $110,286; x 1.03 = $113,594.58; x 1.025 = $116,434.4445 -> $116,434.44).
    expect(S.at(2027, 13, 'Doctorate')).toBe(11028600n);
    expect(amount(2029, 13, 'Doctorate')).toBe(11643444n);
    expect(toCents(byName('Delta')[2].current_salary)).toBe(11643444n);

    // Salary Progression: the COLA part is (this year, same step) - (last year, same step), the rest is steps.
    const progression = await t.api(
      'get',
      `/line-items/budget/salary-progression?position=Schedule%20Teacher%20Bravo&limit=5&budgetYearId=${w.budgetYearId}`,
      { token: finance.token },
    );
    expect(progression.status).toBe(200);
    const [bravo] = progression.body.progressions;
    const years = Object.fromEntries(bravo.yearData.map((y: any) => [y.fiscalYear, y]));
    for (const fy of [2027, 2028]) {
      const before = amount(fy - 1, 5 + (fy - 2027), 'Masters');
      const cola = amount(fy, 5 + (fy - 2027), 'Masters') - before;
      const steps = amount(fy, 6 + (fy - 2027), 'Masters') - before - cola;
      expect(toCents(years[fy].currentSalary)).toBe(before + cola + steps);
      expect(years[fy], `FY${fy}`).toMatchObject({
        basis: 'rule',
        colaApplied: percent(cola, before),
        stepsLanesApplied: percent(steps, before),
      });
    }
  });
});
