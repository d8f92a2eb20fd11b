import type { Db } from '@server/db/index';
import { LINE_FUND } from '@server/domains/funds';
import { lineCode } from '@server/sql/line-code';
import { asSets, POSITION_FUND_PARTS_AS_SETS, positionCosts } from '@server/sql/position-cost';
import { TOTALS, type TotalsRow } from './positions';

/**
 * A positionCosts read with each position's function code as `function_code`, read as a line's is
 * (lineCode, the rule's home: its own, else its category's): a vacancy an adopted scenario adds has
 * a category and no code of its own, and belongs under the category's.
 */
const withCode = (costs: string) => `SELECT pc.*, ${lineCode('pc.dese_code')} AS function_code
    FROM (${costs}) pc LEFT JOIN budget_categories c ON c.id = pc.category_id`;

/**
 * A roster as its own fiscal year holds it, over withCode rows: what the adoptions of the year after
 * (not undone) did to it given back. Such an adoption cuts this roster because its cost is next
 * year's budget (positionsRoster): a position it closed is not budgeted next year, but this year it
 * is still held (its holders' lines, this year's payroll, stay), so it counts with its status and
 * holders from before; a vacancy it created is next year's job and counts nowhere. Only the columns
 * the staffing sums read; a position given back costs nothing here (no pay is read from it), so
 * `given_back` marks it for the sums over pay (its holders are not among the people paid).
 */
const heldByItsYear = (source: string, fiscalYear: number) => `SELECT x.id, x.building_id, x.work_group_id,
       x.category_id, x.function_code, x.fte, x.unpriced_reason,
       CASE WHEN a.status_before IS NULL THEN x.budgeted_cost ELSE 0 END AS budgeted_cost,
       a.status_before IS NOT NULL AS given_back,
       coalesce(a.status_before, x.status) AS status,
       CASE WHEN a.status_before IS NULL THEN x.filled_fte ELSE a.held_fte END AS filled_fte,
       CASE WHEN a.status_before IS NULL THEN x.holder_count ELSE a.holders END AS holder_count
  FROM (${source}) x
  LEFT JOIN (SELECT DISTINCT ON (sap.position_id) sap.position_id, sap.action,
                    CASE WHEN sap.action = 'closed' THEN sap.status_before END AS status_before,
                    (SELECT coalesce(sum((h->>'fteShare')::numeric), 0)
                       FROM jsonb_array_elements(coalesce(sap.holders_before, '[]'::jsonb)) h) AS held_fte,
                    jsonb_array_length(coalesce(sap.holders_before, '[]'::jsonb)) AS holders
               FROM scenario_adoption_positions sap
               JOIN scenario_adoptions sa ON sa.id = sap.adoption_id
              WHERE sa.undone_at IS NULL AND sa.fiscal_year = ${Number(fiscalYear) + 1}
                AND sap.position_id IS NOT NULL
              ORDER BY sap.position_id, sap.id DESC) a
    ON a.position_id = x.id AND (a.action = 'created' OR x.status = 'closed')
 WHERE a.action IS DISTINCT FROM 'created'`;

/** The positions a staffing read sums: the roster as it stands, or (`held`) as its year holds it. */
const staffingSource = (costs: string, fiscalYear: number, held: boolean) =>
  held
    ? heldByItsYear(withCode(costs), fiscalYear)
    : `SELECT w.*, false AS given_back FROM (${withCode(costs)}) w`;

export interface StaffingRow extends TotalsRow {
  dimension: 'building' | 'function' | 'workGroup' | 'total';
  key: number | string | null;
  name: string | null;
  /** Holders of filled positions, as the roster's year holds them (`held`). */
  people: number;
  /** The holders whose pay the group's cost sums: `people` but those of a position given back. */
  paid_people: number;
  average_salary: number | null;
}

/**
 * A year's positions (closed ones left out: they count nowhere) by building, by function code
 * (withCode) and by work group, and in total, in one pass (GROUPING SETS), the whole roster costed as sets;
 * `held`: the roster as its year holds it (heldByItsYear), not as next year's budget has it; the
 * average salary and `paid_people` are over the holders whose pay the cost sums all the same.
 */
export async function staffingRows(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  held = false,
): Promise<StaffingRow[]> {
  const { rows } = await asSets(db, (trx) =>
    trx.raw(
      `SELECT CASE WHEN GROUPING(f.building_id) = 0 THEN 'building' WHEN GROUPING(f.function_code) = 0 THEN 'function'
                 WHEN GROUPING(f.work_group_id) = 0 THEN 'workGroup' ELSE 'total' END AS dimension,
            coalesce(f.building_id::text, f.function_code, f.work_group_id::text) AS key,
            CASE WHEN GROUPING(f.building_id) = 0 THEN min(b.name) WHEN GROUPING(f.work_group_id) = 0 THEN min(wg.name) END AS name,
            ${TOTALS},
            coalesce(sum(f.holder_count) FILTER (WHERE f.status = 'filled'), 0)::int AS people,
            coalesce(sum(f.holder_count) FILTER (WHERE f.status = 'filled' AND NOT f.given_back), 0)::int AS paid_people,
            -- Over what the holders hold (over-filled too): their pay is what the cost sums.
            round(sum(f.budgeted_cost) FILTER (WHERE f.status = 'filled' AND NOT f.given_back)
                  / nullif(sum(f.filled_fte) FILTER (WHERE f.status = 'filled' AND NOT f.given_back), 0), 2) AS average_salary
       FROM (${staffingSource(positionCosts({ budgetYearId, fiscalYear }, 'sets'), fiscalYear, held)}) f
       LEFT JOIN buildings b ON b.id = f.building_id
       LEFT JOIN work_groups wg ON wg.id = f.work_group_id
      WHERE f.status <> 'closed'
      GROUP BY GROUPING SETS ((f.building_id), (f.function_code), (f.work_group_id), ())
      ORDER BY 1, 3 NULLS LAST, 2`,
    ),
  );
  return rows;
}

export interface FundFteRow {
  dimension: 'building' | 'function' | 'total';
  key: string | null;
  name: string | null;
  /** The fund, when it is named on the resident page; null: 'Other funds'. */
  fund_id: number | null;
  fte: string;
}

/**
 * The FTE each fund pays of a year's filled and vacant positions (their shares:
 * POSITION_FUND_PARTS_AS_SETS), by building, by function code and in total; funds not named to
 * residents together as fund_id null. The whole roster and its shares read as sets (asSets), as
 * staffingRows reads it: probed position by position it grew to seconds at 20,000 positions.
 */
export async function fundFteRows(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  held = false,
): Promise<FundFteRow[]> {
  const { rows } = await asSets(db, (trx) =>
    trx.raw(
      `SELECT CASE WHEN GROUPING(x.building_id) = 0 THEN 'building' WHEN GROUPING(x.dese_code) = 0 THEN 'function'
                 ELSE 'total' END AS dimension,
            coalesce(x.building_id::text, x.dese_code) AS key,
            CASE WHEN GROUPING(x.building_id) = 0 THEN min(x.building_name) END AS name, x.fund_id,
            sum(x.share)::text AS fte
       FROM (SELECT pc.building_id, pc.function_code AS dese_code, b.name AS building_name, fp.share,
                    CASE WHEN f.show_to_residents THEN f.id END AS fund_id
               FROM (${staffingSource(positionCosts({ budgetYearId, fiscalYear }, 'sets'), fiscalYear, held)}) pc
               ${POSITION_FUND_PARTS_AS_SETS}
               JOIN funds f ON f.id = ${LINE_FUND('fp.fund_id')}
               LEFT JOIN buildings b ON b.id = pc.building_id
              WHERE pc.status NOT IN ('closed', 'frozen')) x
      GROUP BY GROUPING SETS ((x.building_id, x.fund_id), (x.dese_code, x.fund_id), (x.fund_id))
      ORDER BY 1, 3 NULLS LAST, 2`,
    ),
  );
  return rows;
}

/** The names of buildings and work groups by id (as text, the staffing rows' keys). */
export async function groupNames(
  db: Db,
  ids: { building: readonly string[]; workGroup: readonly string[] },
): Promise<{ building: Map<string, string>; workGroup: Map<string, string> }> {
  const read = async (table: string, keys: readonly string[]) =>
    new Map<string, string>(
      keys.length
        ? (await db(table).whereIn('id', keys.map(Number)).select('id', 'name')).map(
            (r: { id: number; name: string }) => [String(r.id), r.name] as const,
          )
        : [],
    );
  return {
    building: await read('buildings', ids.building),
    workGroup: await read('work_groups', ids.workGroup),
  };
}
