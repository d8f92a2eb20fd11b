import type { Db } from '@server/db/index';
import { OF_FUNDS } from '@server/domains/funds';
import { HOLDER_LINES, HOLDER_SALARY, POSITION_FUND_PARTS, positionCosts } from '@server/sql/position-cost';
import { lineCode } from '@server/sql/line-code';
import { hasSalaryLine } from '@server/sql/salary-line';
import { DISTRICT_WIDE, salaryRangesOf, where, type Scope, type SalaryRangeRow } from './dashboard';

/**
 * The Budget Dashboard's staff figures for a year with no employee lines of its own, whose salary
 * budget is a roster of positions' budgeted cost (the roster is chosen by the line writer's rule,
 * reconciliation.positionsRoster; what a position costs is positionCosts', server/sql/position-cost.ts).
 */

/**
 * Whether the scope's year has employee lines in any fund (the fund choice may leave them all out);
 * `importedOnly`: a payroll's, not projected ones.
 */
export async function hasEmployeeLines(db: Db, scope: Scope, importedOnly = false): Promise<boolean> {
  const w = where({ ...scope, funds: 'all', adoptedStaffOnly: importedOnly }, true);
  const { rows } = await db.raw(
    `SELECT EXISTS (SELECT 1 FROM line_items_all li WHERE ${w.sql}) AS has`,
    w.bindings,
  );
  return Boolean(rows[0].has);
}

/**
 * How many of a roster's positions, whatever their status, have no salary line to land on (the
 * Positions banner's count, server/sql/salary-line.ts).
 */
export async function positionsWithNoSalaryLine(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
): Promise<number> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS n FROM positions p
      WHERE p.budget_year_id = ? AND p.fiscal_year = ? AND NOT ${hasSalaryLine('p.category_id')}`,
    [roster.budgetYearId, roster.fiscalYear],
  );
  return Number(rows[0].n);
}

/** One building's (or, is_total = 1, the roster's) funded positions. */
export interface RosterGroupRow {
  building_id: number | null;
  name: string | null;
  is_total: number;
  /** Filled, vacant and posted positions: what the budget pays for (frozen ones are not funded). */
  count: number;
  salary: string;
  fte: string;
  filled: number;
  vacant: number;
  frozen: number;
  unpriced: number;
  /**
   * The people whose pay the salaries sum: the holders (their employee lines) of the filled
   * positions, each once however many positions they hold, here and in the total.
   */
  people: number;
}

/**
 * A roster's positions by building and in total, of the funds chosen: a position split across
 * funds counts where it has a part of the fund choice, with that part's FTE and cost
 * (POSITION_FUND_PARTS, whose parts add up to the position's FTE and cost). Closed positions count
 * nowhere; frozen ones are counted apart and add nothing; an unpriced vacancy is counted, its cost
 * is not (it has none until a step and lane price it). Sums are numeric, exact to the cent.
 */
export async function rosterStaff(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
  funds: Scope['funds'],
): Promise<RosterGroupRow[]> {
  const { rows } = await db.raw(
    `WITH pos AS MATERIALIZED (
       SELECT pc.id, pc.building_id, pc.status, pc.unpriced_reason IS NOT NULL AS unpriced,
              sum(fp.cost) AS cost, sum(fp.share) AS fte
         FROM (${positionCosts(roster)}) pc
         CROSS JOIN LATERAL (${POSITION_FUND_PARTS}) fp
        WHERE pc.status <> 'closed' AND ${OF_FUNDS(funds, 'fp')}
        GROUP BY pc.id, pc.building_id, pc.status, pc.unpriced_reason),
     -- A person holding two positions is one person, as rosterSalaryRanges ranges them.
     people AS (SELECT pos.building_id, GROUPING(pos.building_id) AS is_total,
                       count(DISTINCT hl.id)::int AS people
                  FROM pos CROSS JOIN LATERAL (SELECT li.id FROM ${HOLDER_LINES} WHERE h.position_id = pos.id) hl
                 WHERE pos.status = 'filled'
                 GROUP BY GROUPING SETS ((pos.building_id), ()))
     SELECT a.*, coalesce(pp.people, 0) AS people, b.name
       FROM (SELECT building_id, GROUPING(building_id) AS is_total,
                    (count(*) FILTER (WHERE status <> 'frozen'))::int AS count,
                    coalesce(sum(cost) FILTER (WHERE status <> 'frozen'), 0)::text AS salary,
                    coalesce(sum(fte) FILTER (WHERE status <> 'frozen'), 0)::text AS fte,
                    (count(*) FILTER (WHERE status = 'filled'))::int AS filled,
                    (count(*) FILTER (WHERE status IN ('vacant', 'posted')))::int AS vacant,
                    (count(*) FILTER (WHERE status = 'frozen'))::int AS frozen,
                    (count(*) FILTER (WHERE unpriced))::int AS unpriced
               FROM pos
              GROUP BY GROUPING SETS ((building_id), ())
             -- A building whose positions are all frozen has no budgeted staff to list.
             HAVING GROUPING(building_id) = 1 OR count(*) FILTER (WHERE status <> 'frozen') > 0) a
       LEFT JOIN people pp ON pp.is_total = a.is_total AND pp.building_id IS NOT DISTINCT FROM a.building_id
       LEFT JOIN buildings b ON b.id = a.building_id AND a.is_total = 0
      ORDER BY a.is_total, a.salary::numeric DESC, b.name`,
  );
  return rows.map((r: RosterGroupRow) => ({
    ...r,
    is_total: Number(r.is_total),
    name: Number(r.is_total) === 1 ? null : (r.name ?? DISTRICT_WIDE),
  }));
}

/**
 * The salary ranges (salaryRangesOf: teachers and paraeducators by the lines' rule) of a roster's
 * people: the holders of its filled positions that have a part in the funds chosen (as rosterStaff
 * counts them), each person (their employee line) once however many positions they hold.
 *
 * A salary in a range is a person's annual salary: the budgeted next-year salary a holder's cost
 * starts from (HOLDER_SALARY), not that cost. positionCosts charges a position the salary times the
 * holder's share over their FTE, the position's part of the person's pay: a teacher holding two
 * half positions costs each half, but earns, and is paid, the whole. A year's own lines range a
 * line's whole current_salary, one line a person, so the roster's ranges describe people as those
 * do, and no one falls into a lower range for being split across positions.
 */
export function rosterSalaryRanges(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
  funds: Scope['funds'],
): Promise<SalaryRangeRow[]> {
  return salaryRangesOf(db, {
    sql: `SELECT DISTINCT ON (hl.id) hl.salary, hl.work_group_id, hl.work_group, hl.position
            FROM (${positionCosts(roster)}) pc
            CROSS JOIN LATERAL (SELECT li.id, ${HOLDER_SALARY} AS salary, li.work_group_id, li.work_group, li.position
                                  FROM ${HOLDER_LINES} WHERE h.position_id = pc.id) hl
           WHERE pc.status = 'filled'
             AND EXISTS (SELECT 1 FROM (${POSITION_FUND_PARTS}) fp WHERE ${OF_FUNDS(funds, 'fp')})
           ORDER BY hl.id`,
    bindings: [],
  });
}

/** What rosterStaffBy groups positions by: the category or DESE function code of their salary lines. */
export type RosterGroup = 'category' | 'code';

/** A position's place in a rosterStaffBy group (over positionCosts `pc`, its category `c` joined). */
const ROSTER_GROUPS: Record<RosterGroup, string> = {
  category: 'pc.category_id',
  code: lineCode('pc.dese_code'),
};

/** One group's funded positions and the people whose pay they are, as rosterStaff counts a building's. */
export interface RosterStaffRow {
  /** A category's id, or a function code; null for none (Uncategorized, no code). */
  key: number | string | null;
  count: number;
  people: number;
}

/**
 * A roster's funded positions and people (rosterStaff's counts: positions with a part in the funds
 * chosen, frozen and closed ones apart; the filled ones' holders, each once) by the category or the
 * function code their cost is budgeted under: a salary line set from the roster sits at its
 * positions' category and code (positionCostGroups), so these are the staff whose pay it holds.
 */
export async function rosterStaffBy(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
  funds: Scope['funds'],
  by: RosterGroup,
): Promise<RosterStaffRow[]> {
  const { rows } = await db.raw(
    `WITH pos AS MATERIALIZED (
       SELECT pc.id, ${ROSTER_GROUPS[by]} AS key, pc.status
         FROM (${positionCosts(roster)}) pc
         LEFT JOIN budget_categories c ON c.id = pc.category_id
        WHERE pc.status NOT IN ('closed', 'frozen')
          AND EXISTS (SELECT 1 FROM (${POSITION_FUND_PARTS}) fp WHERE ${OF_FUNDS(funds, 'fp')}))
     SELECT pos.key, count(DISTINCT pos.id)::int AS count,
            (count(DISTINCT hl.id) FILTER (WHERE pos.status = 'filled'))::int AS people
       FROM pos LEFT JOIN LATERAL (SELECT li.id FROM ${HOLDER_LINES} WHERE h.position_id = pos.id) hl ON true
      GROUP BY pos.key
      ORDER BY pos.key`,
  );
  return rows.map((r: RosterStaffRow) => ({ key: r.key, count: Number(r.count), people: Number(r.people) }));
}
