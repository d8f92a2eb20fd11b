import type { TotalsFilter } from '@web/api/line-items';
import { useBuildings } from '@web/api/lookups';
import {
  BudgetYearFilter,
  buildingFilterOptions,
  buildingParam,
  FilterSelect,
  type useFiscalYearChoice,
} from '@web/components/line-filters';

// Filters the Employee and Proposed Budget Managers (and Import History) share.

/** The fiscal-year choice of a screen (from useFiscalYearChoice). */
export type FiscalYearChoice = Pick<
  ReturnType<typeof useFiscalYearChoice>,
  'fiscalYear' | 'options' | 'choose'
>;

/** The fiscal years of the budget year chosen in the header, as a filter. */
export function FiscalYearFilter({ id, years }: { id: string; years: FiscalYearChoice }) {
  return (
    <FilterSelect
      id={id}
      label="Fiscal year"
      value={years.fiscalYear ? String(years.fiscalYear) : ''}
      options={years.options}
      onChange={(v) => years.choose(Number(v))}
    />
  );
}

/** Budget year then fiscal year, the first filters of a line manager (ids `<idPrefix>-budget-year`, ...). */
export function YearFilters({ idPrefix, years }: { idPrefix: string; years: FiscalYearChoice }) {
  return (
    <>
      <BudgetYearFilter id={`${idPrefix}-budget-year`} />
      <FiscalYearFilter id={`${idPrefix}-fiscal-year`} years={years} />
    </>
  );
}

/** All buildings, Unassigned (District Wide lines), then each building. */
export function BuildingFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
}) {
  const buildings = useBuildings();
  return (
    <FilterSelect
      id={id}
      label="Building"
      value={value}
      options={buildingFilterOptions(buildings.data?.buildings)}
      onChange={onChange}
    />
  );
}

/**
 * The summary cards' totals filter for a manager's lines: its budget year, fiscal year, building and
 * search, with `extra` for the manager's own filters; null until both years are known.
 */
export function lineTotalsFilter(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  isOperating: boolean,
  f: { building: string; search: string },
  extra: Omit<Partial<TotalsFilter>, 'budgetYearId' | 'fiscalYear' | 'isOperating'>,
): TotalsFilter | null {
  if (!budgetYearId || !fiscalYear) {
    return null;
  }
  return {
    budgetYearId,
    fiscalYear,
    isOperating,
    buildingId: buildingParam(f.building),
    ...extra,
    search: f.search || undefined,
  };
}
