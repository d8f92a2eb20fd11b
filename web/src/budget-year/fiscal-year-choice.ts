import type { BudgetYear } from '@web/api/budget-years';
import type { FiscalYearsResponse } from '@web/api/fiscal-years';
import { openingFiscalYear } from '@shared/fiscal-year-choice';
import { fiscalYearLabel } from '@shared/budget-math';

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

/**
 * A fiscal year as the year pickers offer it: 'FY26', and 'FY26 (current)' for the budget year's
 * current one. The dashboard and every screen's Fiscal year filter write it so (they wrote
 * 'FY26 (2026)' beside the dashboard's 'FY26 (current)').
 */
export function fiscalYearOption(year: number, current: number | null | undefined): string {
  return `${fiscalYearLabel(year)}${year === current ? ' (current)' : ''}`;
}
