import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { fiscalYearLabel, parseFiscalYear } from '@shared/schemas/fiscal-year';
import { budgetYearKeys, useBudgetYears } from '@web/api/budget-years';
import { fiscalYearKeys, useAllFiscalYears } from '@web/api/fiscal-years';

/** What the wizard knows of the district's fiscal years, and how to ask for them again. */
export interface DistrictYears {
  /** The years the district has: a budget year's (its own, its current one) or lines'. */
  known: ReadonlySet<number>;
  /** Both lists have answered (until then no year is said to be missing). */
  loaded: boolean;
  /** Either list is being asked for again. */
  checking: boolean;
  /**
   * Asks the server for both lists again (a budget year created meanwhile, in another tab); a
   * request already running is replaced unless `keepRunning`.
   */
  recheck(keepRunning?: boolean): Promise<void>;
}

/**
 * The one home on the web of 'is this fiscal year one of the district's', as the server decides
 * before a ledger import: a budget year is named for it, points its current year at it, or lines
 * hold it. Anything else the server refuses ('FY23 does not exist').
 */
export function useDistrictYears(): DistrictYears {
  const budgetYears = useBudgetYears();
  const allYears = useAllFiscalYears();
  const queryClient = useQueryClient();
  const known = useMemo(() => {
    const years = new Set<number>();
    budgetYears.data?.budgetYears.forEach((b) => {
      for (const y of [b.currentFiscalYear, parseFiscalYear(b.fiscalYear)]) {
        if (y !== null) {
          years.add(y);
        }
      }
    });
    allYears.data?.fiscalYears.forEach((y) => years.add(y.fiscalYear));
    return years;
  }, [budgetYears.data, allYears.data]);
  const recheck = useCallback(
    async (keepRunning = false) => {
      const options = { cancelRefetch: !keepRunning };
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: budgetYearKeys.list() }, options),
        queryClient.invalidateQueries({ queryKey: fiscalYearKeys.everywhere() }, options),
      ]);
    },
    [queryClient],
  );
  return {
    known,
    loaded: budgetYears.isSuccess && allYears.isSuccess,
    checking: budgetYears.isFetching || allYears.isFetching,
    recheck,
  };
}

/** The district's years asked for again when the map step opens: one may have been created since. */
export function useRecheckYearsOnMount({ recheck }: DistrictYears): void {
  useEffect(() => {
    // The first answer, if still coming, is waited for rather than asked again.
    void recheck(true);
  }, [recheck]);
}

/** The chosen year when the lists have answered and it is not one of the district's, else null. */
export function missingYear(years: DistrictYears, fiscalYear: number | null): number | null {
  return years.loaded && fiscalYear !== null && !years.known.has(fiscalYear) ? fiscalYear : null;
}

/** Why Preview Import waits: the chosen year is not one of the district's (the server refuses it). */
export function useLedgerYearProblem(settings: { fiscalYear: number | null }): string | undefined {
  const years = useDistrictYears();
  const year = missingYear(years, settings.fiscalYear);
  return year === null
    ? undefined
    : `${fiscalYearLabel(year)} is not a year of this district: choose another fiscal year, or create its budget year and press Check again.`;
}
