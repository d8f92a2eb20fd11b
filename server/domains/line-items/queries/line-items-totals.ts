import type { Db } from '@server/db/index';
import type { BudgetTotals, BudgetTotalsQuery } from '@shared/schemas/line-items';
import { LINE_FUND } from '@server/domains/funds';
import { hasFunctionCodeSql } from '@server/domains/massachusetts';
import { activeScope } from '@server/sql/line-items-scope';
import { whereLineSearch } from './line-search';

/**
 * The summary cards of the budget grids: count and exact sums (numeric in SQL, never floats added
 * in JavaScript) of the lines matching the same filters the grid applies, in the same active scope.
 */
export async function budgetTotals(db: Db, q: BudgetTotalsQuery): Promise<BudgetTotals> {
  const query = db('line_items_all as li')
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
  if (q.functionCode === 'none') {
    query.whereRaw(`NOT ${hasFunctionCodeSql('li')}`);
  }
  if (q.fundId !== undefined) {
    query.whereRaw(`${LINE_FUND('li.fund_id')} = ?`, [q.fundId]);
  }
  if (q.needsReview !== undefined) {
    query.where('li.needs_review', q.needsReview);
  }
  whereLineSearch(query, q.isOperating ? 'operating' : 'proposed', q.search);
  // Next year's change: a line with a next-year salary changes by next - current; an Inactive or
  // Retiring line leaves (its salary is not paid next year); an Active line with no next-year salary
  // is unknown, counted apart (missing) rather than as a cut to zero.
  const leaving = `li.is_operating AND li.employee_status IN ('Inactive', 'Retiring')`;
  const missing = `li.is_operating AND coalesce(li.employee_status, 'Active') = 'Active' AND li.next_year_salary IS NULL`;
  const [row] = await query.select(
    db.raw('count(*)::int AS count'),
    db.raw('coalesce(sum(li.current_salary), 0) AS total_current_salary'),
    db.raw('coalesce(sum(li.next_year_salary), 0) AS total_next_year_salary'),
    db.raw(`coalesce(sum(CASE WHEN ${leaving} THEN -coalesce(li.current_salary, 0)
      ELSE li.next_year_salary - coalesce(li.current_salary, 0) END), 0) AS total_change`),
    db.raw(`count(*) FILTER (WHERE ${missing})::int AS missing`),
    db.raw(`count(*) FILTER (WHERE ${leaving})::int AS leaving`),
    db.raw('coalesce(sum(li.current_fte), 0) AS total_fte'),
    db.raw('coalesce(sum(li.amount), 0) AS total_amount'),
  );
  return {
    count: Number(row.count),
    totalCurrentSalary: Number(row.total_current_salary),
    totalNextYearSalary: Number(row.total_next_year_salary),
    totalChange: Number(row.total_change),
    missingNextYearSalaryCount: Number(row.missing),
    leavingCount: Number(row.leaving),
    totalFte: Number(row.total_fte),
    totalAmount: Number(row.total_amount),
  };
}
