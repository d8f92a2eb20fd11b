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

/** Which COLA scenario fills in where no contract covers a year. */
export type ScenarioChoice = 'default' | number;

/** How many years past its last printed year a schedule is extended by COLA. */
export const SCHEDULE_EXTENSION_YEARS = 12;

function scenarioIdSql(scenario: ScenarioChoice): string {
  if (scenario === 'default') {
    return '(SELECT cs.id FROM cola_scenarios cs WHERE cs.is_default ORDER BY cs.id LIMIT 1)';
  }
  if (!Number.isSafeInteger(scenario)) {
    throw new Error(`scenario id must be an integer, got ${scenario}`);
  }
  return `${scenario}`;
}

/**
 * Contract COLA per (work group, fiscal year): SETTLED or NEGOTIATING (an EXPIRED contract promises
 * nothing, nor does one another contract superseded), settled first, then the newest. One row per
 * key, so it hash-joins against any number of lines.
 */
const CONTRACT_COLA = `SELECT DISTINCT ON (ct.work_group_id, r.fiscal_year)
    ct.work_group_id, r.fiscal_year, r.cola_percentage, ct.status, ct.id AS contract_id, r.contract_year
  FROM contracts ct JOIN contract_cola_rates r ON r.contract_id = ct.id
  WHERE ct.status IN ('SETTLED', 'NEGOTIATING') AND ct.superseded_by_id IS NULL
  ORDER BY ct.work_group_id, r.fiscal_year, (ct.status = 'SETTLED') DESC, ct.id DESC`;

/**
 * The scenario's long-term COLA assumption per work group (the group's own, else the scenario's),
 * with the last year before it applies: the later of the group's last contract year (of the
 * contracts CONTRACT_COLA reads) and the scenario's last year. Only groups with an assumption.
 */
function longTermByGroup(scenario: ScenarioChoice): string {
  const sid = scenarioIdSql(scenario);
  return `SELECT wg.id AS work_group_id, coalesce(lw.cola_percentage, s.long_term_cola_percentage) AS cola_percentage,
      greatest(coalesce(lc.last_year, 0), coalesce(ls.last_year, 0)) AS after_year
    FROM work_groups wg
    JOIN cola_scenarios s ON s.id = ${sid}
    LEFT JOIN cola_long_term_settings lw ON lw.scenario_id = s.id AND lw.work_group_id = wg.id
    LEFT JOIN (SELECT c.work_group_id, max(c.fiscal_year) AS last_year FROM (${CONTRACT_COLA}) c
                GROUP BY c.work_group_id) lc ON lc.work_group_id = wg.id
    CROSS JOIN LATERAL (SELECT max(x.fiscal_year) AS last_year FROM cola_settings x WHERE x.scenario_id = s.id) ls
    WHERE coalesce(lw.cola_percentage, s.long_term_cola_percentage) IS NOT NULL`;
}

/**
 * COLA percent per (work group, fiscal year) by the precedence above, for every work group (or those
 * `groups`, a SQL set of ids, names).
 */
function colaByGroup(scenario: ScenarioChoice, groups?: string): string {
  const sid = scenarioIdSql(scenario);
  // Years past the last listed one matter only for the long-term assumption; the schedule
  // extension asks for at most SCHEDULE_EXTENSION_YEARS past a schedule's last year.
  return `SELECT wg.id AS work_group_id, y.fiscal_year,
      coalesce(cc.cola_percentage, sw.cola_percentage, sc.cola_percentage, lt.cola_percentage, 0) AS pct
    FROM work_groups wg
    CROSS JOIN (SELECT generate_series(min(f.fiscal_year), max(f.fiscal_year) + ${SCHEDULE_EXTENSION_YEARS} + 1) AS fiscal_year
                  FROM (SELECT fiscal_year FROM contract_cola_rates UNION ALL SELECT fiscal_year FROM cola_settings
                        UNION ALL SELECT fiscal_year FROM salary_schedule_amounts) f) y
    LEFT JOIN (${CONTRACT_COLA}) cc ON cc.work_group_id = wg.id AND cc.fiscal_year = y.fiscal_year
    LEFT JOIN cola_settings sw ON sw.scenario_id = ${sid} AND sw.work_group_id = wg.id AND sw.fiscal_year = y.fiscal_year
    LEFT JOIN cola_settings sc ON sc.scenario_id = ${sid} AND sc.work_group_category_id = wg.category_id
      AND sc.fiscal_year = y.fiscal_year
    LEFT JOIN (${longTermByGroup(scenario)}) lt ON lt.work_group_id = wg.id AND y.fiscal_year > lt.after_year
    ${groups ? `WHERE wg.id IN (${groups})` : ''}`;
}

/**
 * Every schedule's amounts per (schedule, work group, fiscal year, lane) as an array indexed by
 * step, printed years plus SCHEDULE_EXTENSION_YEARS more grown by the work group's COLA.
 */
function scheduleRows(scenario: ScenarioChoice): string {
  return `SELECT x.schedule_id, x.work_group_id, x.fiscal_year, x.lane,
      array_agg(x.amount ORDER BY x.step) AS amounts, max(x.step) AS top_step
    FROM (
      -- The COLA table is worked out once (MATERIALIZED), for the groups with a schedule only: as a
      -- subquery of the recursive step it was evaluated again for every year of the extension.
      WITH RECURSIVE ext_cola AS MATERIALIZED (
        ${colaByGroup(scenario, 'SELECT s.work_group_id FROM salary_schedules s WHERE s.work_group_id IS NOT NULL')}
      ), ext AS (
        SELECT a.schedule_id, s.work_group_id, a.fiscal_year, a.step, a.lane, a.amount::numeric AS amount,
               a.fiscal_year AS last_year
          FROM salary_schedule_amounts a JOIN salary_schedules s ON s.id = a.schedule_id
         WHERE a.fiscal_year = (SELECT max(l.fiscal_year) FROM salary_schedule_amounts l WHERE l.schedule_id = a.schedule_id)
        UNION ALL
        SELECT e.schedule_id, e.work_group_id, e.fiscal_year + 1, e.step, e.lane,
               round(e.amount * (1 + coalesce(c.pct, 0) / 100), 2)::numeric, e.last_year
          FROM ext e
          LEFT JOIN ext_cola c ON c.work_group_id = e.work_group_id AND c.fiscal_year = e.fiscal_year + 1
         WHERE e.fiscal_year < e.last_year + ${SCHEDULE_EXTENSION_YEARS}
      )
      SELECT a.schedule_id, s.work_group_id, a.fiscal_year, a.step, a.lane, a.amount
        FROM salary_schedule_amounts a JOIN salary_schedules s ON s.id = a.schedule_id
      UNION ALL
      SELECT schedule_id, work_group_id, fiscal_year, step, lane, amount FROM ext WHERE fiscal_year > last_year
    ) x
    WHERE x.work_group_id IS NOT NULL
    GROUP BY x.schedule_id, x.work_group_id, x.fiscal_year, x.lane`;
}

// steps_lanes_work_groups is a JSON array of work group ids; compared as text so an array of
// strings (the settings form sends a JSON string) matches too.
const STEP_LANE_GROUPS = `SELECT DISTINCT bs.budget_year_id, g.id AS work_group_key,
    bs.step_lane_adjustment_type AS type, bs.step_lane_adjustment_value AS value
  FROM budget_settings bs CROSS JOIN LATERAL jsonb_array_elements_text(bs.steps_lanes_work_groups) AS g(id)`;

/** The COLA and pooled-step joins: what a work group gets moving into src.fiscal_year + 1. */
function groupJoins(scenario: ScenarioChoice): string {
  const sid = scenarioIdSql(scenario);
  return `
  LEFT JOIN (${CONTRACT_COLA}) rule_cola
    ON rule_cola.work_group_id = src.work_group_id AND rule_cola.fiscal_year = src.fiscal_year + 1
  LEFT JOIN work_groups rule_wg ON rule_wg.id = src.work_group_id
  LEFT JOIN cola_settings rule_scen_wg ON rule_scen_wg.scenario_id = ${sid}
    AND rule_scen_wg.work_group_id = src.work_group_id AND rule_scen_wg.fiscal_year = src.fiscal_year + 1
  LEFT JOIN cola_settings rule_scen_cat ON rule_scen_cat.scenario_id = ${sid}
    AND rule_scen_cat.work_group_category_id = rule_wg.category_id AND rule_scen_cat.fiscal_year = src.fiscal_year + 1
  LEFT JOIN (${longTermByGroup(scenario)}) rule_long
    ON rule_long.work_group_id = src.work_group_id AND src.fiscal_year + 1 > rule_long.after_year
  LEFT JOIN (${STEP_LANE_GROUPS}) rule_step
    ON rule_step.budget_year_id = src.budget_year_id AND rule_step.work_group_key = src.work_group_id::text`;
}

/** The schedule joins: this year's (rule_sp) and next year's (rule_sy) row of the line's lane. */
function scheduleJoins(schedule: string): string {
  return `
  LEFT JOIN ${schedule} rule_sy
    ON src.salary_step IS NOT NULL AND rule_sy.work_group_id = src.work_group_id
    AND rule_sy.fiscal_year = src.fiscal_year + 1 AND rule_sy.lane = src.salary_lane
  LEFT JOIN ${schedule} rule_sp
    ON src.salary_step IS NOT NULL AND rule_sp.work_group_id = src.work_group_id
    AND rule_sp.fiscal_year = src.fiscal_year AND rule_sp.lane = src.salary_lane`;
}

/** The rule's inputs for `src` moving into src.fiscal_year + 1, with `scenario` as the COLA fallback. */
export function ruleJoins(scenario: ScenarioChoice = 'default'): string {
  return groupJoins(scenario) + scheduleJoins(`(${scheduleRows(scenario)})`);
}

/**
 * The same inputs for a statement that moves many rows through several years (the salary walk,
 * Generate Projections), worked out once per statement instead of once per row: CTEs to list in
 * its WITH clause, and joins against them (RULE_JOINS_ON_INPUTS) that give the expressions below
 * the same aliases (except rule_wg) and the same values as ruleJoins, so a moved row meets two
 * joins where ruleJoins makes seven.
 * - rule_inputs: what groupJoins gives every work group of the budget year moving out of each
 *   fiscal year from..to, one row each (each of its joins finds one row at most);
 * - rule_schedule_moves: per work group, fiscal year moved out of and lane, the schedule's row of
 *   the next year (rule_sy) beside the row of that year (rule_sp), from scheduleRows worked out
 *   once (ruleJoins evaluates it for each of its two joins). A work group has one schedule at most,
 *   so each is one row; rule_sp is given only where rule_sy is, the only place the rule reads it.
 */
export function ruleInputCtes(
  scenario: ScenarioChoice,
  keys: { budgetYearId: number; from: number; to: number },
): string {
  for (const n of [keys.budgetYearId, keys.from, keys.to]) {
    if (!Number.isSafeInteger(n)) {
      throw new Error(`budget year and fiscal years must be integers, got ${n}`);
    }
  }
  return `rule_inputs AS MATERIALIZED (
    SELECT src.budget_year_id, src.work_group_id, src.fiscal_year,
           rule_cola.cola_percentage AS contract_pct, rule_cola.status AS contract_status, rule_cola.contract_year,
           rule_scen_wg.cola_percentage AS group_pct, rule_scen_cat.cola_percentage AS category_pct,
           rule_long.cola_percentage AS long_term_pct,
           rule_step.type AS step_type, rule_step.value AS step_value, ${COLA_FACTOR} AS cola_factor
      FROM (SELECT ${keys.budgetYearId} AS budget_year_id, wg.id AS work_group_id, y.fiscal_year
              FROM work_groups wg CROSS JOIN generate_series(${keys.from}, ${keys.to}) AS y(fiscal_year)) src
      ${groupJoins(scenario)}),
  rule_schedule AS MATERIALIZED (${scheduleRows(scenario)}),
  rule_schedule_moves AS MATERIALIZED (
    SELECT sy.work_group_id, sy.fiscal_year - 1 AS fiscal_year, sy.lane, sy.amounts AS next_amounts,
           sy.top_step AS next_top_step, sp.amounts, sp.top_step
      FROM rule_schedule sy
      LEFT JOIN rule_schedule sp ON sp.work_group_id = sy.work_group_id AND sp.lane = sy.lane
        AND sp.fiscal_year = sy.fiscal_year - 1)`;
}

/**
 * ruleJoins over ruleInputCtes, for `src` rows of its budget year moving out of its fiscal years.
 * The lateral selects only rename the CTEs' columns (the planner folds them away).
 */
export const RULE_JOINS_ON_INPUTS = `
  LEFT JOIN rule_inputs rule_in ON rule_in.budget_year_id = src.budget_year_id
    AND rule_in.work_group_id = src.work_group_id AND rule_in.fiscal_year = src.fiscal_year
  CROSS JOIN LATERAL (SELECT rule_in.contract_pct AS cola_percentage, rule_in.contract_status AS status,
    rule_in.contract_year) rule_cola
  CROSS JOIN LATERAL (SELECT rule_in.group_pct AS cola_percentage) rule_scen_wg
  CROSS JOIN LATERAL (SELECT rule_in.category_pct AS cola_percentage) rule_scen_cat
  CROSS JOIN LATERAL (SELECT rule_in.long_term_pct AS cola_percentage) rule_long
  CROSS JOIN LATERAL (SELECT rule_in.step_type AS type, rule_in.step_value AS value) rule_step
  LEFT JOIN rule_schedule_moves rule_move ON src.salary_step IS NOT NULL
    AND rule_move.work_group_id = src.work_group_id AND rule_move.fiscal_year = src.fiscal_year
    AND rule_move.lane = src.salary_lane
  CROSS JOIN LATERAL (SELECT rule_move.next_amounts AS amounts, rule_move.next_top_step AS top_step) rule_sy
  CROSS JOIN LATERAL (SELECT rule_move.amounts, rule_move.top_step) rule_sp`;

/** The default-scenario joins (what stored next-year salaries and projections use). */
export const NEXT_YEAR_RULE_JOINS = ruleJoins('default');

/**
 * The COLA percent for the year (contract, else scenario for the group, else for its category, else
 * the long-term assumption past the last contract and scenario year, else 0).
 */
export const NEXT_YEAR_COLA_PERCENT = `coalesce(rule_cola.cola_percentage, rule_scen_wg.cola_percentage,
  rule_scen_cat.cola_percentage, rule_long.cola_percentage, 0)`;
/** What the COLA multiplies a salary by: 1 + COLA / 100. */
const COLA_FACTOR = `(1 + ${NEXT_YEAR_COLA_PERCENT} / 100)`;
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
