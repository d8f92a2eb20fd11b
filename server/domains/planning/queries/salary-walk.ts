import type { Db } from '@server/db/index';
import { OF_FUNDS } from '@server/domains/funds';
import type { FundChoice } from '@shared/schemas/fund-words';
import {
  countedEmployeeLine,
  enteredNextYearSalary,
  firstYearSalary,
  firstYearStep,
  NEW_HIRE_CELL,
  newHire,
} from '@server/sql/counted-lines';
import {
  AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS,
  COLA_AMOUNT,
  COLA_CONTRACT_YEAR,
  COLA_SOURCE,
  NEXT_STEP,
  NEXT_YEAR_COLA_PERCENT,
  ruleInputCtes,
  RULE_JOINS_ON_INPUTS,
  stepsLanesAmountOf,
  type ScenarioChoice,
} from '@server/sql/salary-rule';

/**
 * The salary walk: the counted employee lines of a base year (./counted-lines.ts: Active, new hires
 * included), moved year by year to a later fiscal year by the salary rule (./salary-rule.ts) with a
 * chosen COLA scenario, in one statement, nothing written. The COLA calculation, the RIF gap and
 * the multi-year projection all total it. The first year honours what a person entered (a new
 * hire's salary, a manual next-year salary), as Generate Projections does; later years are the
 * rule's. Lines with no work group stay flat (no COLA or step can reach them). Lines with no
 * salary at all are not walked: see employeesWithoutSalary (./salary-walk-base.ts).
 */

export interface WalkGroupRow {
  fiscalYear: number;
  workGroupId: number | null;
  workGroup: string | null;
  category: string | null;
  /** SETTLED, NEGOTIATING, SCENARIO or NONE; null in the base year. */
  colaSource: string | null;
  /** The COLA percent applied moving into fiscalYear (decimal string); null in the base year. */
  colaPercentage: string | null;
  /** Year of the contract (1 = its first) whose COLA applied, when one did. */
  contractYear: number | null;
  employees: number;
  /** Sums, as decimal strings: salaries in fiscalYear, in the year before, and the two parts of the change. */
  payroll: string;
  previousPayroll: string;
  colaAmount: string;
  stepsLanesAmount: string;
  /**
   * What 1% COLA moving into fiscalYear costs: the sum of round(salary / 100, 2) over the salaries
   * before; only for the walk's onePercentYear (else 0).
   */
  onePercentAmount: string;
  /** New hires starting in fiscalYear (a current salary of 0 in the year before), and their salaries. */
  newHires: number;
  newHiresAmount: string;
  /** Typed (manual) next-year salaries minus what the rule would have given: the rest of the change. */
  adjustmentsAmount: string;
}

// A walked row stands for n employees with the same salary, step and lane; most are alone, and
// skipping the multiplication for them is measurably cheaper.
const weighted = (column: string) => `CASE WHEN w.n = 1 THEN ${column} ELSE w.n * (${column}) END`;

/**
 * A row's salary in year k of the walk, as read in year k + 1's step (k >= 0): the base year's; in
 * year 1 the counted line's salary the year after (./counted-lines.ts: a new hire's or a typed
 * value, else the rule); later the automatic salary, or the salary before when the rule gave none.
 */
const salaryIn = (k: number) =>
  k === 0 ? 'w.prev_0' : k === 1 ? 'w.sal_1' : `coalesce(w.auto_${k}, w.prev_${k})`;

/** Year 1's salary from year 1's columns (auto_1 and cell_1 worked out once, in walkYear). */
const FIRST_SALARY = `(${firstYearSalary({
  newHire: newHire('w.prev_1'),
  entered: 'w.ent',
  automatic: 'w.auto_1',
  cell: 'w.cell_1',
  salary: 'w.prev_1',
})})`;

/** The same at the totals of a walk of `years` years: a year before the last is the next one's prev. */
const salaryAtTotals = (k: number, years: number) =>
  k < years ? `w.prev_${k + 1}` : k === 1 ? FIRST_SALARY : salaryIn(k);

/**
 * Year k of the walk (k >= 1) from year k - 1's rows (w): each set of employees moved by the rule
 * once. A row keeps, for every year j it went through, the salary it had before (prev_j) and the
 * two results of the move, the automatic salary (auto_j) and the COLA part (cola_j), and the
 * next-year salary a person entered (ent); year 1 also gives a new hire's schedule cell (cell_1),
 * from which FIRST_SALARY (read by year 2 as prev_2) is worked out without evaluating the rule
 * again. A new hire (a base salary of 0: prev_0 = prev_1 = 0, so no flag is carried) gets no COLA
 * or step in the year they start, and one still without a salary (none entered, not placed) stays
 * at 0, as in Generate Projections.
 * OFFSET 0 keeps each year a step of its own, so a year's expressions are evaluated once rather
 * than copied into every later use.
 */
function walkYear(k: number, previous: string): string {
  const carried = Array.from({ length: k }, (_, j) => `w.prev_${j}, w.auto_${j}, w.cola_${j}`).join(', ');
  const hire = newHire('w.prev_0');
  const moved =
    k === 1
      ? `(${firstYearStep({ newHire: hire })})::int AS salary_step, ${carried}, w.ent, src.current_salary AS prev_1,
      (CASE WHEN ${hire} THEN NULL ELSE ${AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS} END)::numeric AS auto_1,
      (CASE WHEN ${hire} THEN 0 ELSE ${COLA_AMOUNT} END)::numeric AS cola_1,
      (CASE WHEN ${hire} THEN ${NEW_HIRE_CELL} END)::numeric AS cell_1`
      : `(${NEXT_STEP})::int AS salary_step, ${carried}, w.ent, src.current_salary AS prev_${k},
      (CASE WHEN src.current_salary > 0 THEN ${AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS} END)::numeric AS auto_${k},
      (${COLA_AMOUNT})::numeric AS cola_${k}`;
  // Year 2 reads year 1's salary (FIRST_SALARY) many times over: worked out once per row first.
  const from =
    k === 2 ? `(SELECT w.*, ${FIRST_SALARY} AS sal_1 FROM (${previous}) w OFFSET 0)` : `(${previous})`;
  return `SELECT w.budget_year_id, w.work_group_id, w.work_group, w.salary_lane, w.current_fte, w.n,
      w.fiscal_year + 1 AS fiscal_year, ${moved}
    FROM ${from} w
    CROSS JOIN LATERAL (SELECT w.budget_year_id, w.fiscal_year, w.work_group_id, w.work_group,
      ${salaryIn(k - 1)} AS current_salary, w.salary_step, w.salary_lane, w.current_fte) src
    ${RULE_JOINS_ON_INPUTS}
    OFFSET 0`;
}

/**
 * Totals of the walk from baseYear to toYear, per fiscal year, work group and COLA source. The base
 * year's rows carry its payroll only (no change).
 *
 * Why it is shaped so (50,000 employees over five years answer in a few hundred ms):
 * - employees with the same work group, salary, FTE, step and lane move alike, so the walk moves each
 *   such set once, as one row counting them (n), and the totals weigh each row by n (exact: n is
 *   a whole number);
 * - the rule's per-group inputs and schedules are worked out once for the statement
 *   (ruleInputCtes), so a row meets two joins a year, not seven;
 * - the years are a chain of steps (walkYear), one per year, not a recursive CTE: a row goes
 *   through every year without being stored and read back between years (about 40% faster), and
 *   is totalled once, per work group, with a column per year; the automatic salary and the COLA
 *   part are evaluated once per row and year, and its new salary and steps-and-lanes part
 *   (stepsLanesAmountOf) derived from them;
 * - names, and the COLA source and percent (the same for a whole work group in a year), are looked
 *   up for the few total rows.
 */
export async function salaryWalk(
  db: Db,
  input: {
    budgetYearId: number;
    baseYear: number;
    toYear: number;
    scenario: ScenarioChoice;
    /** The fiscal year whose onePercentAmount is worked out (0 in the others). */
    onePercentYear?: number;
    /**
     * Every fund's employee lines (the default: what a contract's COLA costs) or the general fund's
     * (what the town's funding pays: the RIF gap and the multi-year projection, GOAL_FUNDS).
     */
    funds?: FundChoice;
  },
): Promise<WalkGroupRow[]> {
  const { baseYear } = input;
  const years = input.toYear - baseYear;
  const inputs = ruleInputCtes(input.scenario, {
    budgetYearId: input.budgetYearId,
    from: baseYear,
    to: input.toYear - 1,
  });
  // The counted lines (./counted-lines.ts) of the base year, alike ones as one row of n.
  let walk = `SELECT ?::int AS budget_year_id, li.work_group_id,
      min(li.work_group) FILTER (WHERE li.work_group_id IS NULL) AS work_group, li.salary_lane,
      li.current_fte, count(*)::int AS n, ?::int AS fiscal_year, li.salary_step,
      ${enteredNextYearSalary('li')}::numeric AS ent,
      li.current_salary::numeric AS prev_0, NULL::numeric AS auto_0, 0::numeric AS cola_0
    FROM line_items li
    WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND ${countedEmployeeLine('li')}
      AND li.current_salary IS NOT NULL AND ${OF_FUNDS(input.funds, 'li')}
    GROUP BY li.work_group_id, li.current_salary, li.salary_step, li.salary_lane, li.current_fte, 9`;
  for (let k = 1; k <= years; k += 1) {
    walk = walkYear(k, walk);
  }
  const ks = Array.from({ length: years + 1 }, (_, k) => k);
  const sums = ks.map((k) => {
    const payroll = `sum(${weighted(salaryAtTotals(k, years))}) AS payroll_${k}`;
    if (k === 0) {
      return payroll;
    }
    // A new hire's year-1 move has no automatic salary (NULL): no steps-and-lanes part.
    const steps = `coalesce(${stepsLanesAmountOf({
      automatic: `w.auto_${k}`,
      cola: `w.cola_${k}`,
      salary: `w.prev_${k}`,
      workGroupId: 'w.work_group_id',
    })}, 0)`;
    // Only the RIF gap asks for it, for its one year: a numeric division per row and year costs.
    const onePercent =
      baseYear + k === input.onePercentYear
        ? `sum(${weighted(`round(w.prev_${k} / 100, 2)`)}) AS one_${k}`
        : `0::numeric AS one_${k}`;
    const common = `${payroll}, sum(${weighted(`w.cola_${k}`)}) AS cola_${k}, sum(${weighted(steps)}) AS steps_${k}, ${onePercent}`;
    if (k > 1) {
      return common;
    }
    // Year 1 only: new hires start, and typed next-year salaries differ from the rule.
    // Only a typed value (ent) can differ from the rule: the rest adds nothing to adj_1.
    const salary = salaryAtTotals(1, years);
    return `${common}, coalesce(sum(w.n) FILTER (WHERE ${newHire('w.prev_1')}), 0) AS hires_1,
      coalesce(sum(${weighted(salary)}) FILTER (WHERE ${newHire('w.prev_1')}), 0) AS hired_1,
      coalesce(sum(${weighted(`w.ent - coalesce(w.auto_1, w.prev_1)`)})
        FILTER (WHERE NOT ${newHire('w.prev_1')} AND w.ent IS NOT NULL), 0) AS adj_1`;
  });
  // Year 0 is the base year: its payroll only. A year's salaries before are the year before's.
  const perYear = ks.map((k) => {
    if (k === 0) {
      return `(${baseYear}, g.payroll_0, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0, 0::numeric, 0::numeric)`;
    }
    const first = k === 1 ? 'g.hires_1, g.hired_1, g.adj_1' : '0, 0::numeric, 0::numeric';
    return `(${baseYear + k}, g.payroll_${k}, g.payroll_${k - 1}, g.cola_${k}, g.steps_${k}, g.one_${k}, ${first})`;
  });
  const { rows } = await db.raw(
    `WITH ${inputs},
     totals AS (
       SELECT g.budget_year_id, g.work_group_id, g.work_group, g.employees, y.*
         FROM (SELECT w.budget_year_id, w.work_group_id, min(w.work_group) AS work_group,
                      sum(w.n) AS employees, ${sums.join(',\n')}
                 FROM (${walk}) w
                GROUP BY w.budget_year_id, w.work_group_id) g
        CROSS JOIN LATERAL (VALUES ${perYear.join(', ')})
              AS y(fiscal_year, payroll, previous_payroll, cola_amount, steps_amount, one_percent,
                   new_hires, new_hires_amount, adjustments)
     )
     SELECT t.fiscal_year, t.work_group_id, coalesce(wg.name, t.work_group) AS work_group,
            wgc.name AS category, c.cola_source, c.cola_pct::text AS cola_pct, c.contract_year,
            t.employees::int AS employees, t.payroll::text AS payroll,
            t.previous_payroll::text AS previous_payroll,
            t.cola_amount::text AS cola_amount, t.steps_amount::text AS steps_amount,
            t.one_percent::text AS one_percent, t.new_hires::int AS new_hires,
            t.new_hires_amount::text AS new_hires_amount, t.adjustments::text AS adjustments
       FROM totals t
       LEFT JOIN work_groups wg ON wg.id = t.work_group_id
       LEFT JOIN work_group_categories wgc ON wgc.id = wg.category_id
       -- The COLA a work group got moving into the year (none in the base year): the same for all of
       -- its employees, so it is looked up once per group and year rather than carried by every row.
       LEFT JOIN LATERAL (
         SELECT (${COLA_SOURCE})::text AS cola_source, (${NEXT_YEAR_COLA_PERCENT})::numeric AS cola_pct,
                (${COLA_CONTRACT_YEAR})::int AS contract_year
           FROM (SELECT t.budget_year_id, t.work_group_id, t.fiscal_year - 1 AS fiscal_year,
                        NULL::int AS salary_step, NULL::text AS salary_lane, NULL::numeric AS current_fte) src
           ${RULE_JOINS_ON_INPUTS}
          WHERE t.fiscal_year > ?
       ) c ON true
      ORDER BY t.fiscal_year, work_group NULLS LAST, c.cola_source`,
    [input.budgetYearId, baseYear, input.budgetYearId, baseYear, baseYear],
  );
  return rows.map(
    (r: {
      fiscal_year: number;
      work_group_id: number | null;
      work_group: string | null;
      category: string | null;
      cola_source: string | null;
      cola_pct: string | null;
      contract_year: number | null;
      employees: number;
      payroll: string;
      previous_payroll: string;
      cola_amount: string;
      steps_amount: string;
      one_percent: string;
      new_hires: number;
      new_hires_amount: string;
      adjustments: string;
    }) => ({
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
      newHiresAmount: r.new_hires_amount,
      adjustmentsAmount: r.adjustments,
    }),
  );
}
