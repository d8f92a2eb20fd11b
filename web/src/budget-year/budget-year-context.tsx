import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useBudgetYears, type BudgetYear } from '@web/api/budget-years';

import { DEFAULT_FISCAL_YEAR, pickDefaultBudgetYear } from '@shared/schemas/budget-years';

/** The budget year the shell preselects; one home with the CLI's default. */
export { DEFAULT_FISCAL_YEAR, pickDefaultBudgetYear };

/** Where the chosen budget year is kept, so it survives a reload (like the dashboard's settings). */
export const BUDGET_YEAR_STORAGE_KEY = 'budgetYearId';

export interface BudgetYearState {
  budgetYears: BudgetYear[];
  selected: BudgetYear | null;
  select(id: number): void;
  isLoading: boolean;
  /** True when the list could not be loaded; screens carry on without a selection. */
  isUnavailable: boolean;
}

const BudgetYearContext = createContext<BudgetYearState | null>(null);

/** The chosen year while it still exists (it may have been deleted since), else the default. */
export function pickBudgetYear(years: readonly BudgetYear[], chosenId: number | null): BudgetYear | null {
  return years.find((y) => y.id === chosenId) ?? pickDefaultBudgetYear(years);
}

/** The stored choice, or null when there is none or it is not an id (storage may also be blocked). */
export function readStoredBudgetYearId(): number | null {
  try {
    const raw = localStorage.getItem(BUDGET_YEAR_STORAGE_KEY);
    const id = Number(raw);
    return raw && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function storeBudgetYearId(id: number): void {
  try {
    localStorage.setItem(BUDGET_YEAR_STORAGE_KEY, String(id));
  } catch {
    // Without storage the choice lasts until the page is reloaded.
  }
}

/** Loads the budget years once for the shell and holds the selection every screen reads. */
export function BudgetYearProvider({ children }: { children: ReactNode }) {
  const query = useBudgetYears();
  const [chosenId, setChosenId] = useState<number | null>(readStoredBudgetYearId);
  const budgetYears = useMemo(() => query.data?.budgetYears ?? [], [query.data]);

  const select = useCallback((id: number) => {
    storeBudgetYearId(id);
    setChosenId(id);
  }, []);

  const value = useMemo<BudgetYearState>(
    () => ({
      budgetYears,
      selected: pickBudgetYear(budgetYears, chosenId),
      select,
      isLoading: query.isPending,
      isUnavailable: query.isError,
    }),
    [budgetYears, chosenId, select, query.isPending, query.isError],
  );

  return <BudgetYearContext.Provider value={value}>{children}</BudgetYearContext.Provider>;
}

export function useBudgetYear(): BudgetYearState {
  const state = useContext(BudgetYearContext);
  if (!state) {
    throw new Error('useBudgetYear must be used inside BudgetYearProvider');
  }
  return state;
}
