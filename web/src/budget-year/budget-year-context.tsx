import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useBudgetYears, type BudgetYear } from '@web/api/budget-years';

/** The budget year the shell preselects (SPEC section 2). */
export const DEFAULT_FISCAL_YEAR = 'FY26';

export interface BudgetYearState {
  budgetYears: BudgetYear[];
  selected: BudgetYear | null;
  select(id: number): void;
  isLoading: boolean;
  /** True when the list could not be loaded; screens carry on without a selection. */
  isUnavailable: boolean;
}

const BudgetYearContext = createContext<BudgetYearState | null>(null);

/** FY26 when present, else the first year. */
export function pickDefaultBudgetYear(years: readonly BudgetYear[]): BudgetYear | null {
  return years.find((y) => y.fiscalYear === DEFAULT_FISCAL_YEAR) ?? years[0] ?? null;
}

/** Loads the budget years once for the shell and holds the selection every screen reads. */
export function BudgetYearProvider({ children }: { children: ReactNode }) {
  const query = useBudgetYears();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const budgetYears = useMemo(() => query.data?.budgetYears ?? [], [query.data]);

  const value = useMemo<BudgetYearState>(() => {
    const chosen = budgetYears.find((y) => y.id === chosenId);
    return {
      budgetYears,
      selected: chosen ?? pickDefaultBudgetYear(budgetYears),
      select: setChosenId,
      isLoading: query.isPending,
      isUnavailable: query.isError,
    };
  }, [budgetYears, chosenId, query.isPending, query.isError]);

  return <BudgetYearContext.Provider value={value}>{children}</BudgetYearContext.Provider>;
}

export function useBudgetYear(): BudgetYearState {
  const state = useContext(BudgetYearContext);
  if (!state) {
    throw new Error('useBudgetYear must be used inside BudgetYearProvider');
  }
  return state;
}
