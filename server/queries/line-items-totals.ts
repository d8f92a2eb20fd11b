import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { BudgetTotals, BudgetTotalsQuery } from '@server/schemas/line-items';
import { activeScope } from './line-items-scope';

/** LIKE wildcards in user input are literal characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The summary cards of the budget grids: count and exact sums (numeric in SQL, never floats added
 * in JavaScript) of the lines matching the same filters the grid applies, in the same active scope.
 */
export async function budgetTotals(db: Db, q: BudgetTotalsQuery): Promise<BudgetTotals> {
  const query = db('line_items as li')
    .where('li.budget_year_id', q.budgetYearId)
    .andWhere('li.fiscal_year', q.fiscalYear)
    .andWhere('li.is_operating', q.isOperating)
    .whereRaw(activeScope());
  if (q.buildingId === 'unassigned') {
    query.whereNull('li.building_id');
  } else if (q.buildingId !== undefined) {
    query.where('li.building_id', q.buildingId);
  }
  if (q.categoryId !== undefined) {
    query.where('li.category_id', q.categoryId);
  }
  if (q.employeeStatus !== undefined) {
    query.whereRaw(`coalesce(li.employee_status, 'Active') = ?`, [q.employeeStatus]);
  }
  if (q.workGroup !== undefined) {
    query.where('li.work_group', q.workGroup);
  }
  if (q.needsReview !== undefined) {
    query.where('li.needs_review', q.needsReview);
  }
  const search = q.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const columns = q.isOperating
      ? [
          'first_name',
          'last_name',
          'position',
          'location_code',
          'department',
          'work_group',
          'job_class',
          'dese_code',
        ]
      : ['account_description', 'name', 'account_line', 'dese_code', 'dese_categories', 'notes'];
    query.where((w: Knex.QueryBuilder) => {
      for (const col of columns) {
        w.orWhereRaw(`?? ILIKE ?`, [`li.${col}`, pattern]);
      }
      if (q.isOperating) {
        w.orWhereRaw(`(coalesce(li.first_name, '') || ' ' || coalesce(li.last_name, '')) ILIKE ?`, [pattern]);
      }
    });
  }
  const [row] = await query.select(
    db.raw('count(*)::int AS count'),
    db.raw('coalesce(sum(li.current_salary), 0) AS total_current_salary'),
    db.raw('coalesce(sum(li.next_year_salary), 0) AS total_next_year_salary'),
    db.raw('coalesce(sum(li.current_fte), 0) AS total_fte'),
    db.raw('coalesce(sum(li.amount), 0) AS total_amount'),
  );
  return {
    count: Number(row.count),
    totalCurrentSalary: Number(row.total_current_salary),
    totalNextYearSalary: Number(row.total_next_year_salary),
    totalFte: Number(row.total_fte),
    totalAmount: Number(row.total_amount),
  };
}
