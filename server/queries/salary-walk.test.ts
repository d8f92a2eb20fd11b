import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from '../../test/db';
import { buildBudgetYear, buildContract, insertEmployees } from '../../test/factories';
import { projectEmployees } from './projections';
import { salaryWalk } from './salary-walk';
import {
  AUTOMATIC_NEXT_YEAR_SALARY,
  COLA_AMOUNT,
  COLA_CONTRACT_YEAR,
  COLA_SOURCE,
  NEXT_STEP,
  NEXT_YEAR_COLA_PERCENT,
  NEXT_YEAR_RULE_JOINS,
  ruleJoins,
  STEPS_LANES_AMOUNT,
  type ScenarioChoice,
} from './salary-rule';

/**
 * The salary walk and Generate Projections are built for speed (employees moved in sets, the rule's
 * inputs worked out once per statement, every year in one statement). Here each is checked against
 * the plain statements they replaced, which move one employee at a time with ruleJoins, on a world
 * with the cases the shortcuts could get wrong: employees alike in everything, lines with no work
 * group, a schedule with a missing step (from step 4 the next reads past its array), pooled steps as a
 * percent and as dollars in two budget years, a manual next-year salary, a salary of 0, Retiring.
 */

let handle: DbHandle;
let db: Knex;
beforeAll(async () => {
  handle = await createTestDb();
  db = handle.knex;
});
afterAll(() => handle.close());

async function buildWorld() {
  const cat = await db('work_group_categories').insert({ name: 'Walk Cat' }).returning('id');
  const groups = await db('work_groups')
    .insert(['Walk Settled', 'Walk Scenario', 'Walk Schedule', 'Walk Nothing'].map((name) => ({ name })))
    .returning('id');
  const [settled, byScenario, scheduled, nothing] = groups.map((g: { id: number }) => g.id);
  await db('work_groups').whereIn('id', [byScenario, scheduled]).update({ category_id: cat[0].id });
  await buildContract(db, {
    workGroupId: settled,
    status: 'SETTLED',
    rates: [
      [2027, 2.5],
      [2028, 3.125],
    ],
  });
  await buildContract(db, { workGroupId: settled, status: 'NEGOTIATING', rates: [[2029, 4]] });
  const [main] = await db('cola_scenarios')
    .insert({ name: 'Walk default', is_default: true })
    .returning('id');
  const [other] = await db('cola_scenarios').insert({ name: 'Walk other' }).returning('id');
  await db('cola_settings').insert([
    ...[2027, 2028, 2029, 2030].map((fy) => ({
      scenario_id: main.id,
      work_group_category_id: cat[0].id,
      fiscal_year: fy,
      cola_percentage: 1.75,
    })),
    { scenario_id: main.id, work_group_id: byScenario, fiscal_year: 2028, cola_percentage: 2.333 },
    { scenario_id: other.id, work_group_category_id: cat[0].id, fiscal_year: 2027, cola_percentage: 5 },
  ]);
  // Steps 1, 2, 3 and 5 (no 4) in lanes A and B, printed for FY26 and FY27, extended by COLA after.
  const [schedule] = await db('salary_schedules')
    .insert({ name: 'Walk schedule', work_group_id: scheduled, lanes: JSON.stringify(['A', 'B']) })
    .returning('id');
  await db('salary_schedule_amounts').insert(
    [2026, 2027].flatMap((fy) =>
      [1, 2, 3, 5].flatMap((step) =>
        ['A', 'B'].map((lane, l) => ({
          schedule_id: schedule.id,
          fiscal_year: fy,
          step,
          lane,
          amount: (50000 + step * 1234.56 + l * 2000 + (fy - 2026) * 987.65).toFixed(2),
        })),
      ),
    ),
  );
  const years = [];
  for (const [type, value] of [
    ['PERCENTAGE', 1.5],
    ['DOLLAR', 750.25],
  ] as const) {
    const budgetYearId = await buildBudgetYear(db);
    await db('budget_settings').insert({
      budget_year_id: budgetYearId,
      step_lane_adjustment_type: type,
      step_lane_adjustment_value: value,
      steps_lanes_work_groups: JSON.stringify([settled, String(scheduled)]),
    });
    const line = (workGroupId: number | null, salary: string, more: Record<string, unknown> = {}) => ({
      budgetYearId,
      fiscalYear: 2026,
      salary,
      workGroupId,
      workGroup: workGroupId === null ? (more.workGroup as string) : 'Walk',
      ...more,
    });
    const placed = (step: number, lane: string, salary: string) =>
      line(scheduled, salary, {
        columns: { salary_step: step, salary_lane: lane, salary_placement: 'confirmed' },
      });
    await insertEmployees(db, [
      ...[1, 2, 3].map(() => line(settled, '61234.57')),
      line(settled, '61234.57', { status: 'Retiring' }),
      line(settled, '0.00'),
      line(settled, '48000.01', { nextYearSalary: '52000.00', manual: true }),
      line(byScenario, '45678.91'),
      line(byScenario, '45678.91'),
      line(byScenario, '39999.99', { status: 'Inactive' }),
      line(nothing, '70000.00'),
      line(null, '40000.00', { workGroup: 'Zeta label' }),
      line(null, '41000.00', { workGroup: 'Alpha label' }),
      ...[1, 1, 2, 3, 4, 5].map((step) => placed(step, 'A', '51234.56')),
      placed(3, 'B', '55000.00'),
      placed(2, 'C', '52000.00'),
      line(scheduled, '53000.00'),
    ]);
    years.push(budgetYearId);
  }
  return { years, other: other.id as number };
}

/** The walk as it was first written: every employee a row of its own, ruleJoins per row. */
async function plainWalk(input: {
  budgetYearId: number;
  baseYear: number;
  toYear: number;
  scenario: ScenarioChoice;
}) {
  const { rows } = await db.raw(
    `WITH RECURSIVE walk AS (
       SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
              li.current_salary::numeric AS current_salary, li.salary_step, li.salary_lane,
              NULL::numeric AS previous_salary, 0::numeric AS cola_amount, 0::numeric AS steps_amount,
              NULL::text AS cola_source, NULL::numeric AS cola_pct, NULL::int AS contract_year
         FROM line_items li
        WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND NOT li.is_projected
          AND coalesce(li.employee_status, 'Active') = 'Active' AND li.current_salary > 0
       UNION ALL
       SELECT src.budget_year_id, src.fiscal_year + 1, src.work_group_id, src.work_group,
              coalesce((${AUTOMATIC_NEXT_YEAR_SALARY})::numeric, src.current_salary), (${NEXT_STEP})::int,
              src.salary_lane, src.current_salary, (${COLA_AMOUNT})::numeric, (${STEPS_LANES_AMOUNT})::numeric,
              (${COLA_SOURCE})::text, (${NEXT_YEAR_COLA_PERCENT})::numeric, (${COLA_CONTRACT_YEAR})::int
         FROM walk src ${ruleJoins(input.scenario)}
        WHERE src.fiscal_year < ?
     )
     SELECT w.fiscal_year, w.work_group_id, coalesce(wg.name, min(w.work_group)) AS work_group,
            wgc.name AS category, w.cola_source, w.cola_pct::text AS cola_pct, w.contract_year,
            count(*)::int AS employees, sum(w.current_salary)::text AS payroll,
            coalesce(sum(w.previous_salary), 0)::text AS previous_payroll,
            sum(w.cola_amount)::text AS cola_amount, sum(w.steps_amount)::text AS steps_amount
       FROM walk w
       LEFT JOIN work_groups wg ON wg.id = w.work_group_id
       LEFT JOIN work_group_categories wgc ON wgc.id = wg.category_id
      GROUP BY w.fiscal_year, w.work_group_id, wg.name, wgc.name, w.cola_source, w.cola_pct, w.contract_year
      ORDER BY w.fiscal_year, work_group NULLS LAST, w.cola_source`,
    [input.budgetYearId, input.baseYear, input.toYear],
  );
  return rows.map((r: Record<string, unknown>) => ({
    fiscalYear: r.fiscal_year,
    workGroupId: r.work_group_id,
    workGroup: r.work_group,
    category: r.category,
    colaSource: r.cola_source,
    colaPercentage: r.cola_pct,
    contractYear: r.contract_year,
    employees: Number(r.employees),
    payroll: r.payroll,
    previousPayroll: r.previous_payroll,
    colaAmount: r.cola_amount,
    stepsLanesAmount: r.steps_amount,
  }));
}

const COPIED = `fiscal_year, current_salary::text, next_year_salary::text, salary_step, salary_lane, salary_placement,
  employee_status, next_year_salary_manual, metadata, first_name, last_name, work_group_id, work_group,
  scenario_id, current_fte, position`;

/** Generate Projections' employees as first written: one INSERT ... SELECT a year, ruleJoins twice. */
async function plainProjection(trx: Knex, budgetYearId: number, toYear: number) {
  for (let from = 2026; from < toYear; from += 1) {
    const which =
      from === 2026
        ? `NOT li.is_projected AND coalesce(li.employee_status, 'Active') = 'Active'`
        : 'li.is_projected';
    await trx.raw(
      `INSERT INTO line_items (budget_year_id, scenario_id, fiscal_year, is_operating, is_projected, current_salary,
              next_year_salary, next_year_salary_manual, employee_status, metadata, salary_step, salary_lane,
              salary_placement, first_name, last_name, position, current_fte, work_group_id, work_group)
       SELECT src.budget_year_id, src.scenario_id, src.fiscal_year, true, true,
              src.current_salary, CASE WHEN src.current_salary > 0 THEN ${AUTOMATIC_NEXT_YEAR_SALARY} END,
              false, 'Active', jsonb_build_object('projectedFrom', 2026, 'sourceLineId', src.source_line_id),
              src.salary_step, src.salary_lane, src.salary_placement, src.first_name, src.last_name, src.position,
              src.current_fte, src.work_group_id, src.work_group
         FROM (SELECT li.budget_year_id, li.scenario_id, li.fiscal_year + 1 AS fiscal_year,
                      coalesce(li.next_year_salary, li.current_salary) AS current_salary,
                      ${NEXT_STEP} AS salary_step, li.salary_lane, li.salary_placement,
                      CASE WHEN li.is_projected THEN li.metadata -> 'sourceLineId' ELSE to_jsonb(li.id) END AS source_line_id,
                      li.first_name, li.last_name, li.position, li.current_fte, li.work_group_id, li.work_group
                 FROM line_items li
                 CROSS JOIN LATERAL (SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
                      li.current_salary, li.salary_step, li.salary_lane) src
                 ${NEXT_YEAR_RULE_JOINS}
                WHERE li.budget_year_id = ? AND li.is_operating AND li.fiscal_year = ? AND ${which}) src
       ${NEXT_YEAR_RULE_JOINS}`,
      [budgetYearId, from],
    );
  }
}

/** The projected lines a run leaves, in a fixed order; the run is rolled back. */
async function projected(run: (trx: Knex) => Promise<unknown>, budgetYearId: number) {
  const trx = await db.transaction();
  try {
    await run(trx);
    return await trx.raw(
      `SELECT ${COPIED} FROM line_items WHERE budget_year_id = ? AND is_projected
        ORDER BY metadata ->> 'sourceLineId', fiscal_year`,
      [budgetYearId],
    );
  } finally {
    await trx.rollback();
  }
}

describe('the salary walk and Generate Projections, against the one-employee-at-a-time statements', () => {
  it('give the same totals and the same projected lines, to the cent', async () => {
    const w = await buildWorld();
    for (const budgetYearId of w.years) {
      for (const scenario of ['default', w.other] as ScenarioChoice[]) {
        for (const toYear of [2027, 2029, 2031]) {
          const input = { budgetYearId, baseYear: 2026, toYear, scenario };
          const fast = await salaryWalk(db, input);
          expect(fast.length).toBeGreaterThan(5);
          expect(fast).toEqual(await plainWalk(input));
        }
      }
      const scope = { budgetYearId, isOperating: true };
      const fast = await projected((trx) => projectEmployees(trx, scope, 2026, 2031), budgetYearId);
      expect(fast.rows).toHaveLength(5 * 19);
      expect(fast.rows).toEqual(
        (await projected((trx) => plainProjection(trx, budgetYearId, 2031), budgetYearId)).rows,
      );
    }
  });
});
