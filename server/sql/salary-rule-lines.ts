import { LOCKED_STATUSES } from '@shared/schemas/salary-rule-lines';

/**
 * The lines the automatic next-year salary rule serves (the rule in words:
 * shared/schemas/salary-rule-lines.ts), as a SQL condition over the line_items (or line_items_all)
 * row `alias`. Every query that picks those lines splices this in: the recompute, the review flag
 * that follows it, and what a contract or COLA change may move.
 */
export function followsSalaryRuleSql(alias: string): string {
  const locked = [...LOCKED_STATUSES].map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');
  return `(${alias}.is_operating AND NOT ${alias}.next_year_salary_manual
    AND coalesce(${alias}.employee_status, 'Active') NOT IN (${locked})
    AND coalesce(${alias}.current_salary, 0) > 0)`;
}
