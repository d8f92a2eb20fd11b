import type { BudgetYear } from '@web/api/budget-years';
import { budgetYearLabel } from '@web/budget-year/budget-year-label';

/**
 * The words after the dashboard's fiscal-year badge: which budget year the figures belong to, left
 * out when its name says no more than the badge ('FY26' then 'FY26 Budget' read 'FY26 FY26 Budget').
 * Another fiscal year of the budget year reads 'of FY26 Budget'; a name of its own is kept ('Adopted').
 */
export function budgetYearWords(fy: string, year: Pick<BudgetYear, 'fiscalYear' | 'name'>): string | null {
  const label = budgetYearLabel(year);
  if (label === fy || label === `${fy} Budget`) {
    return null;
  }
  return year.fiscalYear === fy ? year.name : `of ${label}`;
}
