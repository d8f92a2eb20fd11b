import type { Db } from '@server/db/index';
import { activeScope } from './line-items-scope';
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
} from './salary-rule';

/**
 * The salary walk: every Active employee of a base year's imported lines, moved year by year to a
 * later fiscal year by the salary rule (./salary-rule.ts) with a chosen COLA scenario, in one
 * statement, nothing written. The COLA calculation, the RIF gap and the multi-year
 * projection all total it. Manual next-year salaries are not used: the walk is what the rules give.
 * Lines with no work group stay flat (no COLA or step can reach them).
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
}

/** The latest fiscal year at or before `atOrBefore` with imported employee lines in the budget year. */
export async function walkBaseYear(db: Db, budgetYearId: number, atOrBefore: number): Promise<number | null> {
  const { rows } = await db.raw(
    `SELECT max(li.fiscal_year) AS fy FROM line_items li
      WHERE li.budget_year_id = ? AND li.is_operating AND NOT li.is_projected AND li.fiscal_year <= ?
        AND ${activeScope()}`,
    [budgetYearId, atOrBefore],
  );
  return rows[0]?.fy ?? null;
}

// A walked row stands for n employees with the same salary, step and lane; most are alone, and
// skipping the multiplication for them is measurably cheaper.
const weighted = (column: string) => `CASE WHEN w.n = 1 THEN ${column} ELSE w.n * ${column} END`;

/**
 * Year k of the walk (k >= 1) from year k - 1's rows (w): each set of employees moved by the rule
 * once. A row keeps, for every year j it went through, the salary it had before (prev_j) and the
 * two results of the move, the automatic salary (auto_j) and the COLA part (cola_j); its salary in
 * year j is auto_j, or prev_j when the rule gave none. OFFSET 0 keeps each year a step of its own,
 * so a year's expressions are evaluated once rather than copied into every later use.
 */
function walkYear(k: number, previous: string): string {
  const carried = Array.from({ length: k }, (_, j) => `w.prev_${j}, w.auto_${j}, w.cola_${j}`).join(', ');
  return `SELECT w.budget_year_id, w.work_group_id, w.work_group, w.salary_lane, w.n,
      w.fiscal_year + 1 AS fiscal_year, (${NEXT_STEP})::int AS salary_step, ${carried},
      src.current_salary AS prev_${k}, (${AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS})::numeric AS auto_${k},
      (${COLA_AMOUNT})::numeric AS cola_${k}
    FROM (${previous}) w
    CROSS JOIN LATERAL (SELECT w.budget_year_id, w.fiscal_year, w.work_group_id, w.work_group,
      coalesce(w.auto_${k - 1}, w.prev_${k - 1}) AS current_salary, w.salary_step, w.salary_lane) src
    ${RULE_JOINS_ON_INPUTS}
    OFFSET 0`;
}

/**
 * Totals of the walk from baseYear to toYear, per fiscal year, work group and COLA source. The base
 * year's rows carry its payroll only (no change).
 *
 * Why it is shaped so (50,000 employees over five years answer in a few hundred ms):
 * - employees with the same work group, salary, step and lane move alike, so the walk moves each
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
  input: { budgetYearId: number; baseYear: number; toYear: number; scenario: ScenarioChoice },
): Promise<WalkGroupRow[]> {
  const { baseYear } = input;
  const years = input.toYear - baseYear;
  const inputs = ruleInputCtes(input.scenario, {
    budgetYearId: input.budgetYearId,
    from: baseYear,
    to: input.toYear - 1,
  });
  let walk = `SELECT ?::int AS budget_year_id, li.work_group_id,
      min(li.work_group) FILTER (WHERE li.work_group_id IS NULL) AS work_group, li.salary_lane,
      count(*)::int AS n, ?::int AS fiscal_year, li.salary_step,
      li.current_salary::numeric AS prev_0, NULL::numeric AS auto_0, 0::numeric AS cola_0
    FROM line_items li
    WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND NOT li.is_projected
      AND (li.employee_status = 'Active' OR li.employee_status IS NULL) AND li.current_salary > 0
      AND ${activeScope()}
    GROUP BY li.work_group_id, li.current_salary, li.salary_step, li.salary_lane`;
  for (let k = 1; k <= years; k += 1) {
    walk = walkYear(k, walk);
  }
  const ks = Array.from({ length: years + 1 }, (_, k) => k);
  const sums = ks.map((k) => {
    const payroll = `sum(${weighted(`coalesce(w.auto_${k}, w.prev_${k})`)}) AS payroll_${k}`;
    if (k === 0) {
      return payroll;
    }
    const steps = stepsLanesAmountOf({
      automatic: `w.auto_${k}`,
      cola: `w.cola_${k}`,
      salary: `w.prev_${k}`,
      workGroupId: 'w.work_group_id',
    });
    return `${payroll}, sum(${weighted(`w.cola_${k}`)}) AS cola_${k}, sum(${weighted(steps)}) AS steps_${k}`;
  });
  // Year 0 is the base year: its payroll only. A year's salaries before are the year before's.
  const perYear = ks.map((k) =>
    k === 0
      ? `(${baseYear}, g.payroll_0, 0::numeric, 0::numeric, 0::numeric)`
      : `(${baseYear + k}, g.payroll_${k}, g.payroll_${k - 1}, g.cola_${k}, g.steps_${k})`,
  );
  const { rows } = await db.raw(
    `WITH ${inputs},
     totals AS (
       SELECT g.budget_year_id, g.work_group_id, g.work_group, g.employees, y.*
         FROM (SELECT w.budget_year_id, w.work_group_id, min(w.work_group) AS work_group,
                      sum(w.n) AS employees, ${sums.join(',\n')}
                 FROM (${walk}) w
                GROUP BY w.budget_year_id, w.work_group_id) g
        CROSS JOIN LATERAL (VALUES ${perYear.join(', ')})
              AS y(fiscal_year, payroll, previous_payroll, cola_amount, steps_amount)
     )
     SELECT t.fiscal_year, t.work_group_id, coalesce(wg.name, t.work_group) AS work_group,
            wgc.name AS category, c.cola_source, c.cola_pct::text AS cola_pct, c.contract_year,
            t.employees::int AS employees, t.payroll::text AS payroll,
            t.previous_payroll::text AS previous_payroll,
            t.cola_amount::text AS cola_amount, t.steps_amount::text AS steps_amount
       FROM totals t
       LEFT JOIN work_groups wg ON wg.id = t.work_group_id
       LEFT JOIN work_group_categories wgc ON wgc.id = wg.category_id
       -- The COLA a work group got moving into the year (none in the base year): the same for all of
       -- its employees, so it is looked up once per group and year rather than carried by every row.
       LEFT JOIN LATERAL (
         SELECT (${COLA_SOURCE})::text AS cola_source, (${NEXT_YEAR_COLA_PERCENT})::numeric AS cola_pct,
                (${COLA_CONTRACT_YEAR})::int AS contract_year
           FROM (SELECT t.budget_year_id, t.work_group_id, t.fiscal_year - 1 AS fiscal_year,
                        NULL::int AS salary_step, NULL::text AS salary_lane) src
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
    }),
  );
}
