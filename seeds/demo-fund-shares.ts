import type { Knex } from 'knex';
import { LINE_CODE } from '@server/domains/massachusetts';
import { CURRENT_FISCAL_YEAR } from './demo-district';

/**
 * The people the demo's grants pay a share of (ILLUSTRATIVE, not any district's): Title I pays half
 * of each reading specialist (its supplemental reading program), IDEA the whole of ten special
 * education paraprofessionals (the aides students' plans name). As a district keeps them: the
 * current year's salary lines are split by fund where those people work, so its projections carry
 * a line per fund; the positions say the same by FTE share, which the planned year's salary lines
 * then follow (server/sql/position-cost.ts: POSITION_FUND_PARTS).
 */

/** FY2026 employee lines the grants pay, with the part (0 to 1) and the fund code. */
const GRANT_HOLDERS = `
  SELECT li.id, li.category_id, li.building_id, li.current_salary, li.current_fte, g.code AS fund_code, g.part
    FROM line_items li
    JOIN (SELECT id, '2401' AS code, 0.5 AS part FROM line_items
           WHERE is_operating AND fiscal_year = :fy AND position = 'Reading Specialist'
          UNION ALL
          (SELECT id, '2402', 1 FROM line_items
            WHERE is_operating AND fiscal_year = :fy AND position = 'Special Education Paraprofessional'
            ORDER BY id LIMIT 10)) g ON g.id = li.id`;

/** Before Generate Projections: each grant's part of the FY2026 salary lines on a line of its own. */
export async function splitDemoSalaryLines(trx: Knex.Transaction, budgetYearId: number): Promise<void> {
  const { rows } = await trx.raw(
    `SELECT g.category_id, g.building_id, ${LINE_CODE.replace('li.dese_code', 'e.dese_code')} AS code,
            f.id AS fund_id, f.name AS fund_name, sum(round(g.current_salary * g.part, 2))::text AS part
       FROM (${GRANT_HOLDERS}) g
       JOIN line_items e ON e.id = g.id
       LEFT JOIN budget_categories c ON c.id = g.category_id
       JOIN funds f ON f.code = g.fund_code
      GROUP BY 1, 2, 3, 4, 5`,
    { fy: CURRENT_FISCAL_YEAR },
  );
  for (const r of rows) {
    const { rows: lines } = await trx.raw(
      `SELECT li.* FROM line_items li LEFT JOIN budget_categories c ON c.id = li.category_id
        WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND li.fund_id IS NULL
          AND li.category_id = ? AND li.building_id IS NOT DISTINCT FROM ?::integer AND ${LINE_CODE} = ?
        ORDER BY li.amount DESC LIMIT 1`,
      [budgetYearId, CURRENT_FISCAL_YEAR, r.category_id, r.building_id, r.code],
    );
    const line = lines[0];
    if (!line) {
      continue;
    }
    await trx('line_items')
      .where({ id: line.id })
      .update({ amount: trx.raw('amount - ?::numeric', [r.part]) });
    // needs_review is generated (from the review reasons): never written.
    const { id: _id, created_at: _c, updated_at: _u, needs_review: _n, ...copy } = line;
    await trx('line_items').insert({
      ...copy,
      name: `${line.name} (${r.fund_name})`,
      account_description: `${line.account_description ?? line.name} (${r.fund_name})`,
      amount: r.part,
      fund_id: r.fund_id,
    });
  }
}

/** After the positions: the grants' FTE shares of the positions those people hold. */
export async function splitDemoPositions(trx: Knex.Transaction, budgetYearId: number): Promise<void> {
  const general = Number((await trx('funds').where({ kind: 'general' }).first('id')).id);
  await trx.raw(
    `INSERT INTO position_fund_shares (position_id, fund_id, fte)
     SELECT p.id, s.fund_id, s.fte
       FROM positions p
       JOIN position_holders h ON h.position_id = p.id
       JOIN (${GRANT_HOLDERS}) g ON g.id = h.line_item_id
       JOIN funds f ON f.code = g.fund_code
       CROSS JOIN LATERAL (VALUES (f.id, round(p.fte * g.part, 3)), (:general::int, p.fte - round(p.fte * g.part, 3))) s(fund_id, fte)
      WHERE p.budget_year_id = :by AND p.fiscal_year = :fy AND s.fte > 0`,
    { fy: CURRENT_FISCAL_YEAR, by: budgetYearId, general },
  );
}
