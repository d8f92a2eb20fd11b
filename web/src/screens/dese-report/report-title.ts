/**
 * The report's heading, naming the budget year and the fiscal year once: 'FY26 Budget by DESE
 * function' when the budget year's name already says its fiscal year, else 'FY26 Budget: FY27 budget
 * by DESE function' (another fiscal year of it, or a name without one); 'FY26 budget by DESE
 * function' for a budget year without a name.
 */
export function reportTitle(budgetYearName: string | null, fy: string): string {
  if (!budgetYearName) {
    return `${fy} budget by DESE function`;
  }
  const namesYear = new RegExp(`(^|[^A-Za-z0-9])${fy}([^A-Za-z0-9]|$)`, 'i').test(budgetYearName);
  return namesYear
    ? `${budgetYearName} by DESE function`
    : `${budgetYearName}: ${fy} budget by DESE function`;
}
