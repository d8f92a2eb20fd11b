import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import { OWN_FUND } from './general-fund';

/**
 * THE rule for what a position costs, as SQL: the Positions list and detail, the staffing summary
 * and the proposed budget's personnel lines all read it, so the sums stay in SQL and agree.
 *
 * A fiscal year's positions are its roster (held by that year's employee lines); what they cost is
 * budgeted for the year after, the year their holders' next-year salaries pay:
 * - filled: per holder, their next-year salary (their current salary when the rule gave none, as a
 *   roll forward carries them) times their share / their FTE (NULL or 0 read as 1, as the salary
 *   rule reads it), rounded to the cent per holder (numeric round: half away from zero); the
 *   position's cost is the sum of those cents. A holder of one whole position costs exactly their
 *   next-year salary.
 * - vacant and posted: the cell of the work group's schedule at the budgeted step and lane (the
 *   position's own, else the work group's vacancy placement) in the year after, times the FTE,
 *   rounded to the cent once. A vacancy the district's roster listed with its salary and no step and
 *   lane of its own is priced at that roster's rate instead (vacancy_rate x FTE, rounded once: the
 *   amount the district budgeted, placement source 'roster'), before the work group's placement,
 *   which is a default for any vacancy. No price (no work group, schedule, step and lane, or amount
 *   for that year) leaves it unpriced: cost NULL and a reason, never a silent step 1.
 * - frozen and closed: 0 (a frozen position is kept but not funded; a closed one is gone).
 */

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) {
    throw new Error(`expected an integer, got ${n}`);
  }
  return String(n);
};

/** Which positions a cost read covers: one budget year's fiscal year, or some ids. */
export type PositionScope = { budgetYearId: number; fiscalYear: number } | { ids: readonly number[] };

/** The scope as a condition on positions `alias`. */
export function positionScope(scope: PositionScope, alias = 'p'): string {
  if ('ids' in scope) {
    return scope.ids.length ? `${alias}.id IN (${scope.ids.map(int).join(', ')})` : 'false';
  }
  return `${alias}.budget_year_id = ${int(scope.budgetYearId)} AND ${alias}.fiscal_year = ${int(scope.fiscalYear)}`;
}

/**
 * Holders with their employee lines (as `h` and `li`), each line found by its id: a lateral lookup
 * (LIMIT 1 keeps the planner from flattening it back into a join) stays an index probe where a
 * join, planned without statistics (PGlite never analyzes), read every line once per position.
 */
export const HOLDER_LINES = `position_holders h CROSS JOIN LATERAL (SELECT * FROM line_items x WHERE x.id = h.line_item_id LIMIT 1) li`;

/** A holder's budgeted annual salary (over line_items li): next-year, else current, else 0. */
export const HOLDER_SALARY = `coalesce(li.next_year_salary, li.current_salary, 0)`;

/** One holder's cost: next-year salary x share / FTE, to the cent (over position_holders h, line_items li). */
export const HOLDER_COST = `round(${HOLDER_SALARY} * h.fte_share
  / coalesce(nullif(li.current_fte, 0), 1), 2)`;

/**
 * Where a vacancy's price comes from, over positions-shaped `p` (work_group_id, vacancy_step,
 * vacancy_lane, vacancy_rate, fiscal_year, fte): the budgeted step and lane (`pl`: the position's
 * own; else, with a roster's rate, none (source 'roster'); else its work group's vacancy placement)
 * and the schedule cell of the year after (`cell`).
 */
const VACANCY_CELL = `    LEFT JOIN vacancy_placements vp ON vp.work_group_id = p.work_group_id
    CROSS JOIN LATERAL (SELECT CASE WHEN p.vacancy_step IS NOT NULL THEN p.vacancy_step
                                    WHEN p.vacancy_rate IS NULL THEN vp.step END AS step,
                               CASE WHEN p.vacancy_step IS NOT NULL THEN p.vacancy_lane
                                    WHEN p.vacancy_rate IS NULL THEN vp.lane END AS lane,
                               CASE WHEN p.vacancy_step IS NOT NULL THEN 'position'
                                    WHEN p.vacancy_rate IS NOT NULL THEN 'roster'
                                    WHEN vp.step IS NOT NULL THEN 'workGroup' END AS source) pl
    LEFT JOIN salary_schedules ss ON ss.work_group_id = p.work_group_id
    LEFT JOIN salary_schedule_amounts cell ON cell.schedule_id = ss.id AND cell.fiscal_year = p.fiscal_year + 1
      AND cell.step = pl.step AND cell.lane = pl.lane`;

/** A vacancy's price (with VACANCY_CELL joined): the roster's rate, else the schedule's cell, times its FTE. */
const VACANCY_PRICE = `round(CASE WHEN pl.source = 'roster' THEN p.vacancy_rate ELSE cell.amount END * p.fte, 2)`;

/** Why a vacancy (with VACANCY_CELL joined) has no price: no cell for its budgeted step and lane. */
const UNPRICED_REASON = `CASE WHEN p.work_group_id IS NULL THEN 'No work group: a vacancy is priced on its work group''s salary schedule'
             WHEN ss.id IS NULL THEN 'Its work group has no salary schedule to price the vacancy on'
             WHEN pl.step IS NULL THEN 'No step and lane: set one on the position, or a vacancy placement for its work group'
             ELSE 'The schedule has no FY' || (p.fiscal_year + 1) || ' amount at step ' || pl.step || ', lane ' || pl.lane
        END`;

/** The holders' sums of a position (over HOLDER_LINES' h and li): their FTE, count and cost. */
const HOLDER_SUMS = `sum(h.fte_share) AS filled_fte, count(*)::int AS holder_count, sum(${HOLDER_COST}) AS cost`;

/**
 * Every cost column of a position `p`, from its holders' sums (`hs`: HOLDER_SUMS, NULL or 0 when it
 * has none) and its vacancy price (VACANCY_CELL): both shapes below select exactly these.
 */
const COST_COLUMNS = `p.*, coalesce(hs.filled_fte, 0) AS filled_fte, coalesce(hs.holder_count, 0) AS holder_count,
      pl.step AS budgeted_step, pl.lane AS budgeted_lane, pl.source AS placement_source,
      CASE WHEN p.status = 'filled' THEN coalesce(hs.cost, 0)
           WHEN p.status IN ('vacant', 'posted') THEN ${VACANCY_PRICE}
           ELSE 0 END AS budgeted_cost,
      CASE WHEN p.status IN ('vacant', 'posted') AND ${VACANCY_PRICE} IS NULL THEN ${UNPRICED_REASON} END AS unpriced_reason`;

/**
 * Holders are summed per position through their index (a lateral subquery): as a grouped derived
 * table joined back, the planner without statistics re-scanned it for every position (25 s at 5,000).
 *
 * Every position of the scope with its cost columns: filled_fte, holder_count, budgeted_step,
 * budgeted_lane, placement_source ('position' | 'roster' | 'workGroup' | NULL), budgeted_cost (NULL when
 * unpriced) and unpriced_reason. A derived table: `FROM (${positionCosts(scope)}) pc`. With
 * 'sets', a whole roster is read as sets instead (positionCostsAsSets; run it through asSets):
 * for a read of every position, not a page of them.
 */
export function positionCosts(scope: PositionScope, shape: 'probes' | 'sets' = 'probes'): string {
  if (shape === 'sets' && !('ids' in scope)) {
    return positionCostsAsSets(scope);
  }
  return `SELECT ${COST_COLUMNS}
    FROM positions p
    CROSS JOIN LATERAL (SELECT ${HOLDER_SUMS} FROM ${HOLDER_LINES} WHERE h.position_id = p.id) hs
${VACANCY_CELL}
   WHERE ${positionScope(scope)}`;
}

/**
 * positionCosts for a whole roster, its holders and their lines joined as sets (each table read
 * once and hashed) instead of probed position by position: at 100,000 positions the probes were
 * 0.7 s of a payroll import. Only with nested loops off (asSets): the planner, without statistics
 * on rows written in the same transaction, takes the roster for one row and would re-run the
 * holders' sums for each position.
 */
function positionCostsAsSets(scope: { budgetYearId: number; fiscalYear: number }): string {
  return `SELECT ${COST_COLUMNS}
    FROM positions p
    LEFT JOIN (SELECT h.position_id, ${HOLDER_SUMS}
                 FROM position_holders h
                 JOIN positions hp ON hp.id = h.position_id AND ${positionScope(scope, 'hp')}
                 JOIN line_items li ON li.id = h.line_item_id
                GROUP BY h.position_id) hs ON hs.position_id = p.id
${VACANCY_CELL}
   WHERE ${positionScope(scope)}`;
}

/**
 * One fund's part of a position's cost: cost x its share / FTE, rounded by cumulative shares in fund
 * order, round(cost x shares up to this one / FTE) - round(cost x shares before it / FTE), so the
 * parts add up to the cost to the cent and none drifts by more than a cent from its exact share.
 */
const fundPart = (cost: string, upto: string, share: string, fte: string) =>
  `round(${cost} * ${upto} / ${fte}, 2) - round(${cost} * (${upto} - ${share}) / ${fte}, 2)`;

/**
 * A position's cost by the funds that pay it, as a lateral over a positionCosts row `pc` (id, fte,
 * budgeted_cost): fund_id (NULL: the general fund, as a line's fund_id says it) and cost. With no
 * shares set it is the general fund's whole. With shares (position_fund_shares, adding up to its
 * FTE), each fund's part is fundPart.
 */
export const POSITION_FUND_PARTS = `SELECT NULL::integer AS fund_id, pc.budgeted_cost AS cost, pc.fte AS share
     WHERE NOT EXISTS (SELECT 1 FROM position_fund_shares fs WHERE fs.position_id = pc.id)
    UNION ALL
    SELECT ${OWN_FUND('fs.fund_id')} AS fund_id, ${fundPart('pc.budgeted_cost', 'fs.upto', 'fs.fte', 'pc.fte')}, fs.fte
      FROM (SELECT x.fund_id, x.fte, sum(x.fte) OVER (ORDER BY x.fund_id) AS upto
              FROM position_fund_shares x WHERE x.position_id = pc.id) fs`;

/**
 * POSITION_FUND_PARTS for a whole roster read as sets (positionCosts 'sets', run through asSets),
 * joined after a positionCosts-shaped `pc` (id, fte, budgeted_cost) as `fp` (fund_id, cost, share),
 * the same parts: the fund shares as one windowed read of every position's (a district sets few)
 * instead of a probe per position. A position without shares is one general-fund part
 * (fs.position_id NULL), its whole FTE and cost.
 */
export const POSITION_FUND_PARTS_AS_SETS = `LEFT JOIN (SELECT x.position_id, x.fund_id, x.fte, sum(x.fte) OVER (PARTITION BY x.position_id ORDER BY x.fund_id) AS upto
                 FROM position_fund_shares x) fs ON fs.position_id = pc.id
    CROSS JOIN LATERAL (SELECT CASE WHEN fs.position_id IS NULL THEN NULL::integer ELSE ${OWN_FUND('fs.fund_id')} END AS fund_id,
                               CASE WHEN fs.position_id IS NULL THEN pc.budgeted_cost
                                    ELSE ${fundPart('pc.budgeted_cost', 'fs.upto', 'fs.fte', 'pc.fte')} END AS cost,
                               CASE WHEN fs.position_id IS NULL THEN pc.fte ELSE fs.fte END AS share) fp`;

/**
 * The positions' budgeted cost per (category, building, function code, fund) of a roster, in the
 * shape of the payroll groups the salary budget is set from (server/domains/line-items/
 * reconciliation.ts): category_id, building_id, code, fund_id (NULL: the general fund), total,
 * count. A position split across funds adds its part to each fund's group (POSITION_FUND_PARTS).
 * Unpriced vacancies add nothing (their cost is unknown until a step and lane price them); closed
 * and frozen ones add 0.
 *
 * `sets`: the whole roster joined as sets (positionCostsAsSets; run it through asSets) and the fund
 * shares too (POSITION_FUND_PARTS_AS_SETS), for a read of every position; without it, probed
 * position by position, which a condition on the groups' columns narrows to the positions it names.
 */
export function positionCostGroups(scope: PositionScope, shape: 'probes' | 'sets' = 'probes'): string {
  const parts =
    shape === 'probes' || 'ids' in scope
      ? `(${positionCosts(scope)}) pc
    CROSS JOIN LATERAL (${POSITION_FUND_PARTS}) fp`
      : `(${positionCosts(scope, 'sets')}) pc
    ${POSITION_FUND_PARTS_AS_SETS}`;
  return `SELECT pc.category_id, pc.building_id, pc.dese_code AS code, fp.fund_id,
      coalesce(sum(fp.cost), 0) AS total, count(*)::int AS count
    FROM ${parts}
   WHERE pc.status <> 'closed'
   GROUP BY pc.category_id, pc.building_id, pc.dese_code, fp.fund_id`;
}

/**
 * Runs `read` with nested-loop joins off for its statements (in the caller's transaction, or one of
 * its own), then puts the setting back: for reads written as sets (positionCostGroups' 'sets'),
 * whose every join is an equality a hash join serves.
 */
export async function asSets<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  if (!(db as Knex.Transaction).isTransaction) {
    return (db as Knex).transaction((trx) => asSets(trx, read));
  }
  const { rows } = await db.raw(
    `WITH s AS MATERIALIZED (SELECT current_setting('enable_nestloop') AS was)
     SELECT was, set_config('enable_nestloop', 'off', true) FROM s`,
  );
  const result = await read(db);
  await db.raw(`SELECT set_config('enable_nestloop', ?, true)`, [rows[0].was]);
  return result;
}

/**
 * What new vacancies would cost, priced as positionCosts prices a vacancy (one home): `rows` are
 * (key, fiscal_year, work_group_id, vacancy_step, vacancy_lane, fte) of positions not yet in the
 * roster (a scenario's adds). Answers key, budgeted_cost (NULL when unpriced), unpriced_reason.
 */
export function newVacancyCosts(rows: readonly NewVacancy[]): {
  sql: string;
  bindings: (string | number | null)[];
} {
  if (!rows.length) {
    return {
      sql: 'SELECT NULL::int AS key, NULL::numeric AS budgeted_cost, NULL::text AS unpriced_reason WHERE false',
      bindings: [],
    };
  }
  // A scenario's add has no roster rate of its own (vacancy_rate NULL): the schedule prices it.
  const values = rows
    .map(() => '(?::int, ?::int, ?::int, ?::int, ?::text, ?::numeric, NULL::numeric)')
    .join(', ');
  return {
    sql: `SELECT p.key, round(cell.amount * p.fte, 2) AS budgeted_cost,
        CASE WHEN cell.amount IS NULL THEN ${UNPRICED_REASON} END AS unpriced_reason
      FROM (VALUES ${values}) AS p(key, fiscal_year, work_group_id, vacancy_step, vacancy_lane, fte, vacancy_rate)
      ${VACANCY_CELL}`,
    bindings: rows.flatMap((r) => [r.key, r.fiscalYear, r.workGroupId, r.vacancyStep, r.vacancyLane, r.fte]),
  };
}

export interface NewVacancy {
  key: number;
  /** The roster's fiscal year (the price is the next year's cell). */
  fiscalYear: number;
  workGroupId: number | null;
  vacancyStep: number | null;
  vacancyLane: string | null;
  /** FTE as decimal text. */
  fte: string;
}
