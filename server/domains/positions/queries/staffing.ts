import type { Db } from '@server/db/index';
import { positionCosts } from '@server/sql/position-cost';
import { TOTALS, type TotalsRow } from './positions';

export interface StaffingRow extends TotalsRow {
  dimension: 'building' | 'function' | 'workGroup' | 'total';
  key: number | string | null;
  name: string | null;
  /** Holders of filled positions: the people whose pay the group's cost sums. */
  people: number;
  average_salary: number | null;
}

/**
 * A year's positions (closed ones left out: they count nowhere) by building, by function code and
 * by work group, and in total, in one pass (GROUPING SETS).
 */
export async function staffingRows(db: Db, budgetYearId: number, fiscalYear: number): Promise<StaffingRow[]> {
  const { rows } = await db.raw(
    `SELECT CASE WHEN GROUPING(f.building_id) = 0 THEN 'building' WHEN GROUPING(f.dese_code) = 0 THEN 'function'
                 WHEN GROUPING(f.work_group_id) = 0 THEN 'workGroup' ELSE 'total' END AS dimension,
            coalesce(f.building_id::text, f.dese_code, f.work_group_id::text) AS key,
            CASE WHEN GROUPING(f.building_id) = 0 THEN min(b.name) WHEN GROUPING(f.work_group_id) = 0 THEN min(wg.name) END AS name,
            ${TOTALS},
            coalesce(sum(f.holder_count) FILTER (WHERE f.status = 'filled'), 0)::int AS people,
            round(sum(f.budgeted_cost) FILTER (WHERE f.status = 'filled')
                  / nullif(sum(f.filled_fte) FILTER (WHERE f.status = 'filled'), 0), 2) AS average_salary
       FROM (${positionCosts({ budgetYearId, fiscalYear })}) f
       LEFT JOIN buildings b ON b.id = f.building_id
       LEFT JOIN work_groups wg ON wg.id = f.work_group_id
      WHERE f.status <> 'closed'
      GROUP BY GROUPING SETS ((f.building_id), (f.dese_code), (f.work_group_id), ())
      ORDER BY 1, 3 NULLS LAST, 2`,
  );
  return rows;
}
