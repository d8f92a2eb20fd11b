import type { Db } from '@server/db/index';
import { activeScope } from './line-items-scope';
import {
  AUTOMATIC_NEXT_YEAR_SALARY,
  COLA_AMOUNT,
  COLA_CONTRACT_YEAR,
  COLA_SOURCE,
  NEXT_STEP,
  NEXT_YEAR_COLA_PERCENT,
  ruleJoins,
  STEPS_LANES_AMOUNT,
  type ScenarioChoice,
} from './salary-rule';

/**
 * The salary walk: every Active employee of a base year's imported lines, moved year by year to a
 * later fiscal year by the salary rule (./salary-rule.ts) with a chosen COLA scenario, in one
 * recursive statement, nothing written. The COLA calculation, the RIF gap and the multi-year
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

/**
 * Totals of the walk from baseYear to toYear, per fiscal year, work group and COLA source. The base
 * year's rows carry its payroll only (no change).
 */
export async function salaryWalk(
  db: Db,
  input: { budgetYearId: number; baseYear: number; toYear: number; scenario: ScenarioChoice },
): Promise<WalkGroupRow[]> {
  const { rows } = await db.raw(
    `WITH RECURSIVE walk AS (
       SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
              li.current_salary::numeric AS current_salary, li.salary_step, li.salary_lane,
              NULL::numeric AS previous_salary, 0::numeric AS cola_amount, 0::numeric AS steps_amount,
              NULL::text AS cola_source, NULL::numeric AS cola_pct, NULL::int AS contract_year
         FROM line_items li
        WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND NOT li.is_projected
          AND coalesce(li.employee_status, 'Active') = 'Active' AND li.current_salary > 0
          AND ${activeScope()}
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
