import type { BudgetYear } from '@web/api/budget-years';

/**
 * A budget year as the header's picker names it: its name when the name already says its year
 * ('FY26 Budget'), else its year and name ('FY26 · Adopted'). Its year is the stored label, which the
 * server writes with fiscalYearLabel. One home, so the import wizard names the year as the header does.
 */
export function budgetYearLabel(year: Pick<BudgetYear, 'fiscalYear' | 'name'>): string {
  if (!year.name) {
    return year.fiscalYear;
  }
  return year.name.includes(year.fiscalYear) ? year.name : `${year.fiscalYear} · ${year.name}`;
}
