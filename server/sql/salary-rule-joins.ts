/**
 * Where the salary rule's inputs come from (./salary-rule.ts states the rule): the joins and CTEs
 * that give a `src` row its contract or scenario COLA, its long-term assumption, its pooled step and
 * lane, and its schedule rows for this year and the next, under the aliases the rule's expressions
 * read (rule_cola, rule_scen_wg, rule_scen_cat, rule_long, rule_step, rule_sp, rule_sy).
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
export const COLA_FACTOR = `(1 + ${NEXT_YEAR_COLA_PERCENT} / 100)`;
