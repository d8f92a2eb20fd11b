import type { Knex } from 'knex';

/** A group's FTE in thousandths, recomputed from the tables (not by the code under test). */
export interface StaffingFig {
  fte: number;
  filled: number;
  vacant: number;
  frozen: number;
}

/** A roster dimension as the staffing summary groups by it. */
export type StaffingDim = 'building' | 'code' | 'work_group';

const milli = (v: number | string) => Math.round(Number(v) * 1000);

/**
 * A fiscal year's positions that are not closed, by `dim` ('*': all), in thousandths, read straight
 * from positions and position_holders for the staffing tests to compare with. A position's function
 * code is its own, else its category's (as a line's is read); a filled position's holders fill at
 * most its FTE and what they do not hold is vacant; a frozen one is frozen, not vacant.
 */
export async function expectedStaffing(
  knex: Knex,
  fiscalYear: number,
  dim: StaffingDim,
): Promise<Map<string, StaffingFig>> {
  const { rows } = await knex.raw(
    `SELECT p.building_id::text AS building, p.work_group_id::text AS work_group,
            coalesce(nullif(btrim(p.dese_code), ''), nullif(btrim(c.dese_function), '')) AS code,
            p.fte::text AS fte, p.status,
            (SELECT coalesce(sum(h.fte_share), 0)::text FROM position_holders h WHERE h.position_id = p.id) AS held
       FROM positions p JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
       LEFT JOIN budget_categories c ON c.id = p.category_id
      WHERE p.fiscal_year = ? AND p.status <> 'closed'`,
    [fiscalYear],
  );
  const out = new Map<string, StaffingFig>();
  for (const r of rows) {
    const fte = milli(r.fte);
    const filled = r.status === 'filled' ? Math.min(milli(r.held), fte) : 0;
    for (const key of [String(r[dim]), '*']) {
      const f = out.get(key) ?? { fte: 0, filled: 0, vacant: 0, frozen: 0 };
      f.fte += fte;
      f.filled += filled;
      f.vacant += r.status === 'frozen' ? 0 : fte - filled;
      f.frozen += r.status === 'frozen' ? fte : 0;
      out.set(key, f);
    }
  }
  return out;
}
