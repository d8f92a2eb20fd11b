import type { BudgetYear } from '@web/api/budget-years';

/** The budget year's own fiscal years when the server cannot list them: the one before to the one after. */
function fallbackYears(budgetYear: BudgetYear | null): number[] {
  const current = budgetYear?.currentFiscalYear;
  return current ? [current - 1, current, current + 1] : [];
}

/**
 * The fiscal years offered for a budget year (those it has lines in, once known) and the one shown
 * first: the user's choice while offered, else its current fiscal year when it has lines for it,
 * else its first fiscal year. The screen and its start-up preload both use it, so they ask for the
 * same year's lines.
 */
export function fiscalYearChoice(
  budgetYear: BudgetYear | null,
  listed: readonly number[] | undefined,
  chosen: number | null = null,
): { years: number[]; fiscalYear: number | undefined } {
  const years = [...(listed?.length ? listed : fallbackYears(budgetYear))].sort((a, b) => a - b);
  const current = budgetYear?.currentFiscalYear ?? null;
  if (chosen !== null && years.includes(chosen)) {
    return { years, fiscalYear: chosen };
  }
  return { years, fiscalYear: current !== null && years.includes(current) ? current : years[0] };
}
