import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';
import { firstYearStep, newHire } from '@server/sql/counted-lines';
import { NEXT_YEAR_RULE_JOINS } from '@server/sql/salary-rule';
import { arrayLiteral } from '@server/sql/array-literal';

/**
 * Roll forward's SQL, private to the line writer (../roll-forward.ts). The source is a fiscal year's
 * working lines (line_items_all: what counts, projected lines included, as a stage freezes them).
 */

export interface RollSource {
  budgetYearId: number;
  fiscalYear: number;
  /**
   * Grants whose period does not reach the year the lines go to (closedGrants): a line carried on
   * one goes to the general fund (no fund), as an imported row on one does.
   */
  closedGrants?: readonly number[];
}

/** A carried line's fund: its own, unless a grant closed by the new year (then the general fund's). */
const carriedFund = (alias: string) =>
  `CASE WHEN ${alias}.fund_id = ANY(?::int[]) THEN NULL ELSE ${alias}.fund_id END`;
const onClosedGrant = (alias: string) => `${alias}.fund_id = ANY(?::int[])`;
const closedOf = (from: RollSource) => arrayLiteral(from.closedGrants ?? []);
export interface RollTarget {
  budgetYearId: number;
  operatingScenarioId: number | null;
  proposedScenarioId: number | null;
  versionId: number | null;
  rollForwardId: number;
}

/** Employees who stay: Active (or no status) employee lines that count. Retiring and Inactive leave. */
const staying = (alias: string) =>
  `${alias}.is_operating AND (${alias}.employee_status = 'Active' OR ${alias}.employee_status IS NULL)`;
/** Proposed lines carried: those that count, but for the ones marked one-time. */
const carriedProposed = (alias: string) => `NOT ${alias}.is_operating AND NOT ${alias}.one_time`;
const SOURCE = `FROM line_items_all li WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND ${activeScope('li')}`;

/** The columns a carried line copies as they are; its fund follows them (carriedFund). */
const COPIED = `first_name last_name position current_fte location_code department work_group_id work_group
  job_class hire_date date_of_departure employee_status budget_status account_description name
  account_line dese_categories amount dese_code category_id building_id notes`.split(/\s+/);
const DESCRIPTIVE = `${COPIED.join(', ')}, fund_id`;
const prefixed = (alias: string) => `${COPIED.map((c) => `${alias}.${c}`).join(', ')}, ${carriedFund(alias)}`;

/**
 * Step, lane and placement are written together or not at all (a CHECK). A projected line takes its
 * step from the projection and its lane from the line it was projected from, so a teacher placed
 * after the projection was made reads a lane without a step: such a line goes forward unplaced
 * (rolling the demo's FY2027 forward failed on it once another test had placed teachers).
 */
const PLACEMENT = 'salary_step, salary_lane, salary_placement';
const placement = (alias: string, step: string) => {
  const placed = `${alias}.salary_step IS NOT NULL AND ${alias}.salary_lane IS NOT NULL`;
  return `CASE WHEN ${placed} THEN (${step})::int END, CASE WHEN ${placed} THEN ${alias}.salary_lane END,
    CASE WHEN ${placed} THEN ${alias}.salary_placement END`;
};

/**
 * The figures of a roll forward read from the source alone, in exact numeric text: who is carried
 * and at what salary (their next-year salary, else their salary), who leaves, which proposed lines
 * go and which one-time ones stay behind.
 */
export async function rollSourceTotals(db: Db, from: RollSource) {
  const { rows } = await db.raw(
    `SELECT (count(*) FILTER (WHERE ${staying('li')}))::int AS employees,
            (count(*) FILTER (WHERE li.is_operating AND NOT (${staying('li')})))::int AS departures,
            (count(*) FILTER (WHERE ${carriedProposed('li')}))::int AS proposed,
            (count(*) FILTER (WHERE NOT li.is_operating AND NOT (${carriedProposed('li')})))::int AS one_time,
            round(coalesce(sum(coalesce(li.next_year_salary, li.current_salary)) FILTER (WHERE ${staying('li')}), 0), 2)::text
              AS operating_total,
            round(coalesce(sum(li.amount) FILTER (WHERE ${carriedProposed('li')}), 0), 2)::text AS proposed_total,
            round(coalesce(sum(li.amount) FILTER (WHERE NOT li.is_operating AND NOT (${carriedProposed('li')})), 0), 2)::text
              AS one_time_total,
            (count(*) FILTER (WHERE ${carriedProposed('li')} AND ${onClosedGrant('li')}))::int AS to_general,
            round(coalesce(sum(li.amount) FILTER (WHERE ${carriedProposed('li')} AND ${onClosedGrant('li')}), 0), 2)::text
              AS to_general_total
       ${SOURCE}`,
    [closedOf(from), closedOf(from), from.budgetYearId, from.fiscalYear],
  );
  const r = rows[0];
  return {
    employeesCarried: Number(r.employees),
    employeesLeftOut: Number(r.departures),
    proposedCarried: Number(r.proposed),
    oneTimeLeftOut: Number(r.one_time),
    // Money leaves as a JSON number read from numeric text (moneyOut), exact to the cent.
    operatingTotal: Number(r.operating_total),
    proposedTotal: Number(r.proposed_total),
    oneTimeTotal: Number(r.one_time_total),
    proposedToGeneralFund: Number(r.to_general),
    proposedToGeneralFundTotal: Number(r.to_general_total),
  };
}

/**
 * Inserts the carried lines into the target's fiscal year (from.fiscalYear + 1): an employee's salary
 * is their next-year salary (the rule's, or what was entered for them), their step the one the
 * schedule rule moves them to (a new hire keeps the step they were placed on), their next-year
 * salary left for the rule to write; a proposed line as it is. Each names its source line and the
 * roll forward in metadata. Returns the new ids of each kind.
 */
export async function insertRolledLines(
  db: Db,
  from: RollSource,
  to: RollTarget,
): Promise<{ employeeIds: number[]; proposedIds: number[] }> {
  const meta = `jsonb_build_object('rolledForwardFrom', li.id, 'rollForwardId', ${Number(to.rollForwardId)})`;
  const common = [to.budgetYearId, to.versionId, from.fiscalYear + 1];
  const employees = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, version_id, fiscal_year, is_operating, is_projected,
            ${DESCRIPTIVE}, current_salary, next_year_salary, next_year_salary_manual, ${PLACEMENT}, metadata)
     SELECT ?, ?::int, ?::int, ?::int, true, false, ${prefixed('li')},
            coalesce(li.next_year_salary, li.current_salary), NULL, false,
            ${placement('li', firstYearStep({ newHire: newHire('li.current_salary') }))}, ${meta}
       FROM line_items_all li
       CROSS JOIN LATERAL (SELECT li.budget_year_id, li.fiscal_year, li.work_group_id, li.work_group,
              li.current_salary, li.salary_step, li.salary_lane, li.current_fte) src
       ${NEXT_YEAR_RULE_JOINS}
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND ${activeScope('li')} AND ${staying('li')}
      ORDER BY li.id
     RETURNING id`,
    [
      to.budgetYearId,
      to.operatingScenarioId,
      to.versionId,
      from.fiscalYear + 1,
      closedOf(from),
      from.budgetYearId,
      from.fiscalYear,
    ],
  );
  const proposed = await db.raw(
    `INSERT INTO line_items (budget_year_id, scenario_id, version_id, fiscal_year, is_operating, is_projected,
            ${DESCRIPTIVE}, current_salary, next_year_salary, next_year_salary_manual, ${PLACEMENT}, metadata)
     SELECT ?, ?::int, ?::int, ?::int, false, false, ${prefixed('li')},
            li.current_salary, li.next_year_salary, false, ${placement('li', 'li.salary_step')}, ${meta}
       ${SOURCE} AND ${carriedProposed('li')}
      ORDER BY li.id
     RETURNING id`,
    [
      to.budgetYearId,
      to.proposedScenarioId,
      ...common.slice(1),
      closedOf(from),
      from.budgetYearId,
      from.fiscalYear,
    ],
  );
  const ids = (r: { rows: { id: number }[] }) => r.rows.map((x) => Number(x.id));
  return { employeeIds: ids(employees), proposedIds: ids(proposed) };
}

/** Stored and projected lines of a budget year's fiscal year (a roll forward goes only into an empty one). */
export async function linesIn(db: Db, budgetYearId: number, fiscalYear: number): Promise<number> {
  const { rows } = await db.raw(
    'SELECT count(*)::int AS n FROM line_items_all WHERE budget_year_id = ? AND fiscal_year = ?',
    [budgetYearId, fiscalYear],
  );
  return Number(rows[0].n);
}

/**
 * Whether a roll forward's lines are as it wrote them: the fiscal year holds exactly `count` lines,
 * every one written by it and none changed since `since`.
 */
export async function rolledLinesUntouched(
  db: Db,
  target: { budgetYearId: number; fiscalYear: number; rollForwardId: number; count: number; since: string },
): Promise<boolean> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS n,
            (count(*) FILTER (WHERE (metadata ->> 'rollForwardId')::int IS DISTINCT FROM ?
                              OR updated_at > ?::timestamptz))::int AS other
       FROM line_items_all WHERE budget_year_id = ? AND fiscal_year = ?`,
    [target.rollForwardId, target.since, target.budgetYearId, target.fiscalYear],
  );
  return Number(rows[0].n) === target.count && Number(rows[0].other) === 0;
}

/** Deletes a roll forward's lines (undo). */
export async function deleteRolledLines(
  db: Db,
  target: { budgetYearId: number; fiscalYear: number; rollForwardId: number },
): Promise<number> {
  const r = await db.raw(
    `DELETE FROM line_items WHERE budget_year_id = ? AND fiscal_year = ? AND (metadata ->> 'rollForwardId')::int = ?`,
    [target.budgetYearId, target.fiscalYear, target.rollForwardId],
  );
  return r.rowCount ?? 0;
}
