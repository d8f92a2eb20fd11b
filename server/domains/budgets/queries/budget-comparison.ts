import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';

export interface ComparisonSqlRow {
  fiscalYear: number;
  /** category: one category; personnel / other: the subtotal of personnel or other lines; total: all. */
  level: 'category' | 'personnel' | 'other' | 'total';
  categoryId: number | null;
  name: string | null;
  color: string | null;
  isPersonnel: boolean;
  displayOrder: number | null;
  operating: number;
  operatingCount: number;
  proposed: number;
  proposedCount: number;
}

/**
 * Operating salaries and proposed amounts per fiscal year and budget category, with a personnel
 * subtotal and a total row per fiscal year (GROUPING SETS), for the budget year's lines that count
 * (activeScope).
 */
export async function comparisonTotals(
  db: Db,
  budgetYearId: number,
  fromYear: number,
  toYear: number,
): Promise<ComparisonSqlRow[]> {
  const { rows } = await db.raw(
    `WITH a AS (
       SELECT li.fiscal_year, li.category_id,
              count(*) FILTER (WHERE li.is_operating) AS operating_count,
              coalesce(sum(li.current_salary) FILTER (WHERE li.is_operating), 0) AS operating,
              count(*) FILTER (WHERE NOT li.is_operating) AS proposed_count,
              coalesce(sum(li.amount) FILTER (WHERE NOT li.is_operating), 0) AS proposed
         FROM line_items_all li
        WHERE li.budget_year_id = ? AND li.fiscal_year BETWEEN ? AND ? AND ${activeScope()}
        GROUP BY li.fiscal_year, li.category_id
     )
     SELECT a.fiscal_year, GROUPING(a.category_id) AS by_category, GROUPING(c.is_personnel) AS by_kind,
            a.category_id, c.name, c.color, c.is_personnel, c.display_order,
            sum(a.operating_count)::int AS operating_count, sum(a.operating) AS operating,
            sum(a.proposed_count)::int AS proposed_count, sum(a.proposed) AS proposed
       FROM a
       LEFT JOIN budget_categories c ON c.id = a.category_id
      GROUP BY GROUPING SETS ((a.fiscal_year, a.category_id, c.name, c.color, c.is_personnel, c.display_order),
                              (a.fiscal_year, c.is_personnel), (a.fiscal_year))
      ORDER BY a.fiscal_year`,
    [budgetYearId, fromYear, toYear],
  );
  return rows.map(
    (r: {
      fiscal_year: number;
      by_category: number;
      by_kind: number;
      category_id: number | null;
      name: string | null;
      color: string | null;
      is_personnel: boolean | null;
      display_order: number | null;
      operating: number;
      operating_count: number;
      proposed: number;
      proposed_count: number;
    }) => ({
      fiscalYear: r.fiscal_year,
      level:
        Number(r.by_category) === 0
          ? 'category'
          : Number(r.by_kind) === 1
            ? 'total'
            : r.is_personnel === true
              ? 'personnel'
              : 'other',
      categoryId: r.category_id,
      name: r.name,
      color: r.color,
      isPersonnel: Boolean(r.is_personnel),
      displayOrder: r.display_order,
      operating: Number(r.operating),
      operatingCount: Number(r.operating_count),
      proposed: Number(r.proposed),
      proposedCount: Number(r.proposed_count),
    }),
  );
}
