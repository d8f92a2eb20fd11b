import type { BudgetYear } from '@web/api/budget-years';
import type { FiscalYearsResponse } from '@web/api/fiscal-years';

/** The budget year's own fiscal years when the server cannot list them: the one before to the one after. */
function fallbackYears(budgetYear: BudgetYear | null): number[] {
  const current = budgetYear?.currentFiscalYear;
  return current ? [current - 1, current, current + 1] : [];
}

/**
 * The fiscal years offered for a budget year (its years with lines and its current one, once known)
 * and the one shown first: the user's choice while offered, else its current fiscal year when it has
 * lines, else its first fiscal year with lines (a payroll imported into the year after the current
 * one opened every screen on the empty current year), else the current year or the first offered.
 * The screen and its start-up preload both use it, so they ask for the same year's lines.
 */
export function fiscalYearChoice(
  budgetYear: BudgetYear | null,
  listed: FiscalYearsResponse | undefined,
  chosen: number | null = null,
): { years: number[]; fiscalYear: number | undefined } {
  const years = [...(listed?.fiscalYears.length ? listed.fiscalYears : fallbackYears(budgetYear))].sort(
    (a, b) => a - b,
  );
  const current = budgetYear?.currentFiscalYear ?? null;
  if (chosen !== null && years.includes(chosen)) {
    return { years, fiscalYear: chosen };
  }
  const withLines = years.filter((y) => listed?.withLines.includes(y));
  if (current !== null && withLines.includes(current)) {
    return { years, fiscalYear: current };
  }
  return {
    years,
    fiscalYear: withLines[0] ?? (current !== null && years.includes(current) ? current : years[0]),
  };
}
