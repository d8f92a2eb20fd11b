import type { Db } from '@server/db/index';
import { OF_FUNDS } from '@server/domains/funds';
import { inScope, type LineScope } from '@server/domains/planning';
import { activeScope } from '@server/sql/line-items-scope';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';

/**
 * What an AI analysis sends to the model, read in SQL: the proposed lines of the budget year's
 * fiscal year (the very lines a cut scenario cuts, so a suggestion's line ids map onto one), and the
 * personnel (operating) budget aggregated by position and work group. No names, no employee ids and
 * no individual salaries ever leave this file: a group where only one person is paid would show that
 * person's salary as its total, so such groups are folded (see personnelGroups).
 *
 * Only the general fund's lines and people (GOAL_FUNDS): the target is what the budget is over the
 * town's goal, which pays the general fund alone, so a grant's line cut would not bring it nearer.
 * What is left out is counted (otherFunds) and said beside the result.
 */

export interface AnalysisLine {
  id: number;
  description: string;
  category: string | null;
  building: string | null;
  /** Exact decimal text, e.g. '12345.67'. */
  amount: string;
}

export interface CategoryRest {
  category: string | null;
  count: number;
  total: string;
}

/**
 * The largest `limit` proposed lines itemised, and the rest totalled per category: a district with
 * tens of thousands of lines would not fit in one request, and the small lines matter least to a
 * list of cuts. Both parts are counted in what was analysed.
 */
export async function proposedLines(
  db: Db,
  scope: LineScope,
  limit: number,
): Promise<{ lines: AnalysisLine[]; rest: CategoryRest[] }> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `WITH l AS MATERIALIZED (
       SELECT li.id, coalesce(nullif(btrim(li.account_description), ''), nullif(btrim(li.name), ''),
                              nullif(btrim(li.account_line), ''), 'Line ' || li.id) AS description,
              bc.name AS category, b.name AS building, li.amount,
              row_number() OVER (ORDER BY li.amount DESC, li.id) AS rank
         FROM line_items_all li
         LEFT JOIN budget_categories bc ON bc.id = li.category_id
         LEFT JOIN buildings b ON b.id = li.building_id
        WHERE ${where.sql} AND ${OF_FUNDS(GOAL_FUNDS, 'li')})
     SELECT json_build_object(
       'lines', (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description,
                  'category', category, 'building', building, 'amount', amount::text) ORDER BY rank), '[]')
                   FROM l WHERE rank <= ?),
       'rest', (SELECT coalesce(json_agg(r ORDER BY r.category NULLS LAST), '[]')
                  FROM (SELECT category, count(*)::int AS count, sum(amount)::text AS total
                          FROM l WHERE rank > ? GROUP BY category) r)) AS doc`,
    [...where.bindings, limit, limit],
  );
  return rows[0].doc;
}

/** The personnel (operating) lines of a budget year's fiscal year that count (bindings: its id, the year); a function, as module start-up must not reach into other modules. */
const operating = () =>
  `li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND ${activeScope()}`;

export interface PersonnelGroup {
  position: string;
  /** null: no work group. */
  workGroup: string | null;
  count: number;
  total: string;
}

export const OTHER_POSITIONS = 'Other positions';
export const SEVERAL_WORK_GROUPS = 'Several work groups';

/**
 * The operating lines of the fiscal year (as the dashboard counts them) by position and work group:
 * head count and total current salary, summed in SQL. A group in which exactly one person has a
 * salary would reveal it, so its people move to 'Other positions' of their work group; one still
 * alone there moves to 'Other positions' of 'Several work groups'; one alone even there is left out
 * (`withheld` counts them). Counts include everyone; only the folding looks at who is paid.
 */
export async function personnelGroups(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ groups: PersonnelGroup[]; withheld: number }> {
  const paid = (n: string) =>
    `count(*) FILTER (WHERE salary <> 0) OVER (PARTITION BY position, work_group) AS ${n}`;
  const { rows } = await db.raw(
    `WITH base AS (
       SELECT coalesce(nullif(btrim(li.position), ''), 'Unspecified position') AS position,
              coalesce(wg.name, nullif(btrim(li.work_group), '')) AS work_group,
              coalesce(li.current_salary, 0) AS salary
         FROM line_items_all li
         LEFT JOIN work_groups wg ON wg.id = li.work_group_id
        WHERE ${operating()} AND ${OF_FUNDS(GOAL_FUNDS, 'li')}),
     c1 AS (SELECT *, ${paid('n')} FROM base),
     s1 AS (SELECT CASE WHEN n = 1 THEN '${OTHER_POSITIONS}' ELSE position END AS position,
                   work_group, salary FROM c1),
     c2 AS (SELECT *, ${paid('n')} FROM s1),
     s2 AS (SELECT position, CASE WHEN n = 1 THEN '${SEVERAL_WORK_GROUPS}' ELSE work_group END AS work_group,
                   salary FROM c2),
     c3 AS (SELECT *, ${paid('n')} FROM s2)
     SELECT json_build_object(
       'groups', (SELECT coalesce(json_agg(g ORDER BY g.sort DESC, g."workGroup" NULLS LAST, g.position), '[]')
                    FROM (SELECT position, work_group AS "workGroup", count(*)::int AS count,
                                 sum(salary)::text AS total, sum(salary) AS sort
                            FROM c3 WHERE n <> 1 GROUP BY position, work_group) g),
       'withheld', (SELECT count(*)::int FROM c3 WHERE n = 1)) AS doc`,
    [budgetYearId, fiscalYear],
  );
  const doc = rows[0].doc as { groups: (PersonnelGroup & { sort?: unknown })[]; withheld: number };
  return { groups: doc.groups.map(({ sort: _sort, ...g }) => g), withheld: doc.withheld };
}

export interface OtherFunds {
  /** Proposed lines paid by grants and other funds, and their total (decimal text). */
  lines: number;
  total: string;
  /** Personnel (operating) lines those funds pay. */
  people: number;
}

/** What the analysis leaves out because another fund than the general fund pays it. */
export async function otherFunds(db: Db, scope: LineScope): Promise<OtherFunds> {
  const where = inScope(scope);
  const other = `NOT (${OF_FUNDS(GOAL_FUNDS, 'li')})`;
  const { rows } = await db.raw(
    `SELECT count(*)::int AS lines, coalesce(sum(li.amount), 0)::text AS total,
            (SELECT count(*)::int FROM line_items_all li WHERE ${operating()} AND ${other}) AS people
       FROM line_items_all li WHERE ${where.sql} AND ${other}`,
    [scope.budgetYearId, scope.fiscalYear, ...where.bindings],
  );
  return rows[0];
}
