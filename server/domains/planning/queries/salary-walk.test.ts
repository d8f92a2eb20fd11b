import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from '../../../../test/db';
import { buildBudgetYear, buildContract, insertEmployees } from '../../../../test/factories';
import { projectEmployees } from '@server/domains/line-items/queries/line-items-writes-projected';
import { salaryWalk } from './salary-walk';
import {
  AUTOMATIC_NEXT_YEAR_SALARY,
  cellPay,
  COLA_AMOUNT,
  COLA_CONTRACT_YEAR,
  COLA_SOURCE,
  NEXT_STEP,
  NEXT_YEAR_COLA_PERCENT,
  NEXT_YEAR_RULE_JOINS,
  ON_SCHEDULE,
  ruleJoins,
  type ScenarioChoice,
} from '@server/sql/salary-rule';

/**
 * The salary walk and Generate Projections are built for speed (employees moved in sets, the rule's
 * inputs worked out once per statement, every year in one statement). Here each is checked against
 * the plain statements they replaced, which move one employee at a time with ruleJoins, on a world
 * with the cases the shortcuts could get wrong: employees alike in everything, lines with no work
 * group, a schedule with a missing step (from step 4 the next reads past its array), pooled steps as a
 * percent and as dollars in two budget years, a manual next-year salary, Retiring, and new hires (a
 * salary of 0) with nothing entered, with a next-year salary entered, and placed on the schedule.
 */

/**
 * A counted line's salary in its first walked year, written out here from docs/ARCHITECTURE.md
 * ('Salary rules': new hires and typed next-year salaries) over ruleJoins: a new hire gets what was
 * entered, else the next year's amount of the cell they were placed on, else 0; anyone else a manual
 * value, else the rule, else (no work group) the salary.
 */
const FIRST_SALARY = `CASE WHEN src.current_salary = 0
    THEN coalesce(src.next_year_salary, CASE WHEN ${ON_SCHEDULE} THEN ${cellPay('rule_sy.amounts[src.salary_step]')} END, 0)
  WHEN src.next_year_salary_manual THEN src.next_year_salary
  ELSE coalesce(${AUTOMATIC_NEXT_YEAR_SALARY}, src.current_salary) END`;
const FIRST_STEP = `CASE WHEN src.current_salary = 0 THEN src.salary_step ELSE ${NEXT_STEP} END`;

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
      line(settled, '0.00', { nextYearSalary: '47500.25' }),
      line(scheduled, '0.00', {
        columns: { salary_step: 2, salary_lane: 'B', salary_placement: 'confirmed' },
      }),
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

/**
 * The walk as it was first written: every employee a row of its own, ruleJoins per row; the first
 * year by FIRST_SALARY, later years by the rule (a salary still 0 stays 0).
 */
async function plainWalk(input: {
  budgetYearId: number;
  baseYear: number;
  toYear: number;
  scenario: ScenarioChoice;
  onePercentYear?: number;
}) {
  const { rows } = await db.raw(
    `WITH RECURSIVE walk AS (
       SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
              li.current_salary::numeric AS current_salary, li.salary_step, li.salary_lane, li.current_fte,
              li.next_year_salary::numeric AS next_year_salary, li.next_year_salary_manual,
              li.current_salary = 0 AS new_hire,
              NULL::numeric AS previous_salary, 0::numeric AS cola_amount, 0::numeric AS steps_amount,
              0::numeric AS one_percent, 0::numeric AS hired, 0::numeric AS adjustment,
              NULL::text AS cola_source, NULL::numeric AS cola_pct, NULL::int AS contract_year
         FROM line_items li
        WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND NOT li.is_projected
          AND coalesce(li.employee_status, 'Active') = 'Active'
       UNION ALL
       SELECT m.budget_year_id, m.fiscal_year, m.work_group_id, m.work_group, m.salary, m.step, m.salary_lane,
              src.current_fte, NULL::numeric, false, m.new_hire, m.previous_salary,
              CASE WHEN m.new_hire THEN 0 ELSE m.cola END,
              CASE WHEN m.new_hire OR m.auto IS NULL THEN 0 ELSE m.auto - m.previous_salary - m.cola END,
              round(m.previous_salary / 100, 2),
              CASE WHEN m.new_hire THEN m.salary ELSE 0 END,
              CASE WHEN m.first AND NOT m.new_hire THEN m.salary - coalesce(m.auto, m.previous_salary) ELSE 0 END,
              m.cola_source, m.cola_pct, m.contract_year
         FROM walk src ${ruleJoins(input.scenario)}
         CROSS JOIN LATERAL (SELECT src.fiscal_year = ${input.baseYear} AS first) f
         CROSS JOIN LATERAL (SELECT src.budget_year_id, src.fiscal_year + 1 AS fiscal_year, src.work_group_id,
              src.work_group, src.salary_lane, src.current_salary AS previous_salary, f.first,
              src.new_hire AND f.first AS new_hire,
              CASE WHEN src.current_salary > 0 THEN (${AUTOMATIC_NEXT_YEAR_SALARY})::numeric END AS auto,
              CASE WHEN f.first THEN (${FIRST_SALARY})::numeric
                   ELSE coalesce(CASE WHEN src.current_salary > 0 THEN (${AUTOMATIC_NEXT_YEAR_SALARY})::numeric END,
                                 src.current_salary) END AS salary,
              CASE WHEN f.first THEN (${FIRST_STEP})::int ELSE (${NEXT_STEP})::int END AS step,
              (${COLA_AMOUNT})::numeric AS cola,
              (${COLA_SOURCE})::text AS cola_source, (${NEXT_YEAR_COLA_PERCENT})::numeric AS cola_pct,
              (${COLA_CONTRACT_YEAR})::int AS contract_year) m
        WHERE src.fiscal_year < ?
     )
     SELECT w.fiscal_year, w.work_group_id, coalesce(wg.name, min(w.work_group)) AS work_group,
            wgc.name AS category, w.cola_source, w.cola_pct::text AS cola_pct, w.contract_year,
            count(*)::int AS employees, sum(w.current_salary)::text AS payroll,
            coalesce(sum(w.previous_salary), 0)::text AS previous_payroll,
            sum(w.cola_amount)::text AS cola_amount, sum(w.steps_amount)::text AS steps_amount,
            (CASE WHEN w.fiscal_year = ${input.onePercentYear ?? 0} THEN sum(w.one_percent) ELSE 0 END)::text
              AS one_percent,
            (count(*) FILTER (WHERE w.new_hire AND w.fiscal_year = ${input.baseYear + 1}))::int AS new_hires,
            sum(w.hired)::text AS hired, sum(w.adjustment)::text AS adjustment
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
    onePercentAmount: r.one_percent,
    newHires: Number(r.new_hires),
    newHiresAmount: r.hired,
    adjustmentsAmount: r.adjustment,
  }));
}

const COPIED = `fiscal_year, current_salary::text, next_year_salary::text, salary_step, salary_lane, salary_placement,
  employee_status, next_year_salary_manual, metadata, first_name, last_name, work_group_id, work_group,
  scenario_id, current_fte, position`;

/**
 * Generate Projections' employees as first written: one INSERT ... SELECT a year, ruleJoins twice;
 * the base year's lines paid the year after by FIRST_SALARY.
 */
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
                      CASE WHEN li.is_projected THEN coalesce(li.next_year_salary, li.current_salary)
                        ELSE ${FIRST_SALARY} END AS current_salary,
                      CASE WHEN li.is_projected THEN ${NEXT_STEP} ELSE ${FIRST_STEP} END AS salary_step, li.salary_lane, li.salary_placement,
                      CASE WHEN li.is_projected THEN li.metadata -> 'sourceLineId' ELSE to_jsonb(li.id) END AS source_line_id,
                      li.first_name, li.last_name, li.position, li.current_fte, li.work_group_id, li.work_group
                 FROM line_items li
                 CROSS JOIN LATERAL (SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
                      li.current_salary, li.salary_step, li.salary_lane, li.next_year_salary,
                      li.next_year_salary_manual, li.current_fte) src
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
      `SELECT ${COPIED} FROM line_items_all WHERE budget_year_id = ? AND is_projected
        ORDER BY metadata ->> 'sourceLineId', fiscal_year`,
      [budgetYearId],
    );
  } finally {
    await trx.rollback();
  }
}

const MONEY_FIELDS = [
  'payroll',
  'previousPayroll',
  'colaAmount',
  'stepsLanesAmount',
  'onePercentAmount',
  'newHiresAmount',
  'adjustmentsAmount',
];
/** Money as text with two decimals ('0' and '0.00' are the same sum), by string, not float. */
const sameScale = (rows: object[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => {
        if (!MONEY_FIELDS.includes(k) || typeof v !== 'string') {
          return [k, v];
        }
        const [whole, fraction = ''] = v.split('.');
        return [k, `${whole}.${fraction.padEnd(2, '0')}`];
      }),
    ),
  );

describe('the salary walk and Generate Projections, against the one-employee-at-a-time statements', () => {
  it('give the same totals and the same projected lines, to the cent', async () => {
    const w = await buildWorld();
    for (const budgetYearId of w.years) {
      for (const scenario of ['default', w.other] as ScenarioChoice[]) {
        for (const toYear of [2027, 2029, 2031]) {
          const input = { budgetYearId, baseYear: 2026, toYear, scenario, onePercentYear: toYear };
          const fast = await salaryWalk(db, input);
          expect(fast.length).toBeGreaterThan(5);
          expect(sameScale(fast)).toEqual(sameScale(await plainWalk(input)));
        }
      }
      const scope = { budgetYearId, isOperating: true };
      const fast = await projected((trx) => projectEmployees(trx, scope, 2026, 2031), budgetYearId);
      expect(fast.rows).toHaveLength(5 * 21);
      expect(fast.rows).toEqual(
        (await projected((trx) => plainProjection(trx, budgetYearId, 2031), budgetYearId)).rows,
      );
    }
  });
});
