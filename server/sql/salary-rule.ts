/**
 * THE salary rules, as SQL over `src` (a line_items row, or a derived row with the same column names:
 * budget_year_id, fiscal_year, work_group_id, work_group, current_salary, salary_step, salary_lane),
 * moving it into fiscal year src.fiscal_year + 1. One statement serves one line or fifty thousand:
 * edits, imports, contract changes, Generate Projections, the salary progression report, the COLA
 * calculation, the RIF gap and the multi-year projection all splice these fragments in; nothing
 * else computes a raise. The rules in words are in docs/ARCHITECTURE.md ('Salary rules').
 *
 * Derived rows carry current_fte too (NULL reads as 1).
 *
 * Use: `FROM <rows> src ${ruleJoins(scenario)}`, then the expressions below in the select list.
 *
 * COLA for a work group in a fiscal year: the SETTLED contract covering that year, else the
 * NEGOTIATING one (the newest of several), else the COLA scenario's setting for the work group,
 * else the scenario's setting for the work group's category, else, for a year after the work
 * group's last contract year and after the scenario's last year, the scenario's long-term
 * assumption (the work group's own, else the scenario's), else 0. The scenario is the default
 * one (cola_scenarios.is_default) for stored next-year salaries and projections, or the one a
 * calculation names.
 *
 * An employee placed on their work group's step-and-lane schedule moves one step (capped at the
 * top) at the schedule's amount for the next year in the same lane, times their FTE (a cell is a
 * full-time salary; src.current_fte, 1 where none is given), rounded to the cent once; of the
 * change, the COLA part is (next year, same step) - (this year, same step), each times the FTE,
 * and the steps-and-lanes part is the rest. Years
 * past the schedule's last year grow its last row by each year's COLA, rounded to the cent. Anyone
 * else grows by the COLA plus the budget settings' pooled step/lane percent or dollars (only for
 * the work groups listed there). Rounded to the cent once per employee per year.
 */

import { COLA_FACTOR, NEXT_YEAR_COLA_PERCENT } from './salary-rule-joins';

// The joins the expressions below read; every name stays importable from here.
export * from './salary-rule-joins';

/** Where the COLA came from: SETTLED, NEGOTIATING, SCENARIO, LONG_TERM (the assumption) or NONE. */
export const COLA_SOURCE = `CASE WHEN rule_cola.cola_percentage IS NOT NULL THEN rule_cola.status
  WHEN coalesce(rule_scen_wg.cola_percentage, rule_scen_cat.cola_percentage) IS NOT NULL THEN 'SCENARIO'
  WHEN rule_long.cola_percentage IS NOT NULL THEN 'LONG_TERM'
  ELSE 'NONE' END`;
/** The contract year of the contract COLA (1 for its first year), or NULL. */
export const COLA_CONTRACT_YEAR = `rule_cola.contract_year`;
/** True when a contract, scenario or long-term assumption served the line; otherwise the rule used 0% and says so. */
export const HAS_NEXT_YEAR_COLA = `(coalesce(rule_cola.cola_percentage, rule_scen_wg.cola_percentage,
  rule_scen_cat.cola_percentage, rule_long.cola_percentage) IS NOT NULL)`;
/** Step/lane type and value when the line's work group gets the pooled steps and lanes, else NULL. */
export const STEP_LANE_TYPE = `rule_step.type`;
export const STEP_LANE_VALUE = `rule_step.value`;

/**
 * The line's FTE as the schedule pays it: a cell is a full-time salary. NULL (no FTE given) and 0
 * (which no write accepts any more) read as 1, so a cell is never paid as nothing.
 */
const RULE_FTE = `coalesce(nullif(src.current_fte, 0), 1)`;

/** What a line is paid on a schedule cell (the SQL of its full-time amount): times its FTE, to the cent once. */
export const cellPay = (amount: string) => `round((${amount}) * ${RULE_FTE}, 2)`;

/** The line's salary as full time (current salary / FTE, unrounded): what placement matches to a cell. */
export const FULL_TIME_SALARY = `(src.current_salary / ${RULE_FTE})`;

/**
 * The current salary of a line whose FTE becomes `newFte` (SQL), over ruleJoins: placed on its work
 * group's schedule and the schedule has this year's row, its cell times the new FTE; otherwise its
 * salary scaled by new / old FTE (a 1.0 teacher at $60,000 going to 0.8 is paid $48,000). Rounded
 * to the cent once. A new hire (salary 0) stays 0: their pay starts next year.
 */
export const salaryAtFte = (newFte: string) => `CASE WHEN src.current_salary = 0 THEN src.current_salary
  WHEN rule_sp.amounts[src.salary_step] IS NOT NULL THEN round(rule_sp.amounts[src.salary_step] * (${newFte}), 2)
  ELSE round(src.current_salary * (${newFte}) / ${RULE_FTE}, 2) END`;

/** True when the line is placed on its work group's schedule and the schedule covers the year. */
export const ON_SCHEDULE = `(rule_sy.amounts[src.salary_step] IS NOT NULL)`;
/** The step the line holds next year: one up, capped at the top, when on a schedule; else unchanged. */
export const NEXT_STEP = `CASE WHEN ${ON_SCHEDULE} THEN least(src.salary_step + 1, rule_sy.top_step)
  ELSE src.salary_step END`;

const POOLED_STEP_AMOUNT = `coalesce(CASE rule_step.type WHEN 'DOLLAR' THEN rule_step.value
  ELSE src.current_salary * rule_step.value / 100 END, 0)`;

/**
 * The automatic next-year salary; NULL for a line with no work group, which no contract, scenario
 * or schedule can serve. Callers apply it only to lines that follow the rule (Active, not manual, a
 * current salary above 0).
 */
const automaticNextYearSalary = (colaFactor: string) => `CASE WHEN src.work_group_id IS NULL THEN NULL
  WHEN ${ON_SCHEDULE} THEN ${cellPay('rule_sy.amounts[least(src.salary_step + 1, rule_sy.top_step)]')}
  ELSE round(src.current_salary * ${colaFactor} + ${POOLED_STEP_AMOUNT}, 2) END`;
export const AUTOMATIC_NEXT_YEAR_SALARY = automaticNextYearSalary(COLA_FACTOR);
/**
 * The same over RULE_JOINS_ON_INPUTS: the COLA factor, the same for a whole work group in a year,
 * is read from rule_inputs, where COLA_FACTOR was worked out once (the same value: the same SQL on
 * the same inputs).
 */
export const AUTOMATIC_NEXT_YEAR_SALARY_ON_INPUTS = automaticNextYearSalary('rule_in.cola_factor');

/**
 * The COLA part of the change in dollars (cents exact); 0 for a line with no work group. On a
 * schedule it is the move between the printed rows at the same step, but only where a COLA (contract,
 * scenario or long-term) serves the year: with none, the calculations leave source-less COLA out of
 * their COLA impact, so the whole move of the schedule counts as steps and lanes instead of vanishing
 * from the district need (planning-inputs.test.ts, the placement step).
 */
export const COLA_AMOUNT = `CASE WHEN src.work_group_id IS NULL THEN 0
  WHEN ${ON_SCHEDULE} AND NOT ${HAS_NEXT_YEAR_COLA} THEN 0
  WHEN ${ON_SCHEDULE} THEN ${cellPay('rule_sy.amounts[src.salary_step]')}
    - coalesce(${cellPay('rule_sp.amounts[src.salary_step]')}, src.current_salary)
  ELSE round(src.current_salary * ${NEXT_YEAR_COLA_PERCENT} / 100, 2) END`;

/**
 * The steps-and-lanes part of a move, given its parts as SQL (the expressions above, or columns
 * already holding their values): the rest of the change, automatic - salary - COLA; 0 for a line
 * with no work group.
 */
export const stepsLanesAmountOf = (move: {
  automatic: string;
  cola: string;
  salary: string;
  workGroupId: string;
}) =>
  `CASE WHEN ${move.workGroupId} IS NULL THEN 0 ELSE (${move.automatic}) - ${move.salary} - (${move.cola}) END`;

/** The steps-and-lanes part: the rest of the change (so COLA + steps = next - current, exactly). */
export const STEPS_LANES_AMOUNT = stepsLanesAmountOf({
  automatic: AUTOMATIC_NEXT_YEAR_SALARY,
  cola: COLA_AMOUNT,
  salary: 'src.current_salary',
  workGroupId: 'src.work_group_id',
});

/** Warnings the rule writes start with this, so a later run can replace its own and keep the import's. */
export const NEXT_YEAR_WARNING_PREFIX = 'Next-year salary';

/** Why the rule could not fully serve a line (a warning for Data Quality), or NULL when it could. */
export const NEXT_YEAR_SALARY_WARNING = `CASE
  WHEN src.work_group_id IS NULL
    THEN '${NEXT_YEAR_WARNING_PREFIX} not computed: the line has no work group, so no contract COLA applies'
  WHEN NOT ${ON_SCHEDULE} AND NOT ${HAS_NEXT_YEAR_COLA}
    THEN '${NEXT_YEAR_WARNING_PREFIX} computed at 0% COLA: ' || coalesce(src.work_group, 'the work group')
      || ' has no settled or negotiating contract COLA and no COLA scenario percentage for FY'
      || lpad(((src.fiscal_year + 1) % 100)::text, 2, '0')
  END`;
