import type { BudgetYear } from '@web/api/budget-years';
import type { FiscalYearsResponse } from '@web/api/fiscal-years';
import { openingFiscalYear } from '@shared/fiscal-year-choice';

/** The budget year's own fiscal years when the server cannot list them: the one before to the one after. */
function fallbackYears(budgetYear: BudgetYear | null): number[] {
  const current = budgetYear?.currentFiscalYear;
  return current ? [current - 1, current, current + 1] : [];
}

/**
 * The fiscal years offered for a budget year (its years with lines and its current one, once known)
 * and the one shown first (openingFiscalYear). The screen and its start-up preload both use it, so
 * they ask for the same year's lines.
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
  return {
    years,
    fiscalYear: openingFiscalYear(
      current,
      { fiscalYears: years, withLines: listed?.withLines ?? [] },
      chosen,
    ),
  };
}
