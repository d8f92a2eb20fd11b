import { useMemo } from 'react';
import type { ProposedLineItem, TotalsFilter } from '@web/api/line-items';
import { useBuildings, useCategories } from '@web/api/lookups';
import {
  ALL,
  buildingFilterOptions,
  buildingMatches,
  buildingParam,
  BudgetYearFilter,
  FilterSelect,
  SearchField,
  textMatches,
} from '@web/components/line-filters';
import type { SelectOption } from '@web/components/select';

export interface ProposedFilterState {
  building: string;
  category: string;
  search: string;
}

export const INITIAL_PROPOSED_FILTERS: ProposedFilterState = { building: ALL, category: ALL, search: '' };

/** The rows the filters let through; search covers the same fields as the server's totals. */
export function proposedFilter(f: ProposedFilterState): ((line: ProposedLineItem) => boolean) | null {
  if (f.building === ALL && f.category === ALL && !f.search) {
    return null;
  }
  return (line) =>
    buildingMatches(f.building, line.buildingId) &&
    (f.category === ALL || line.categoryId === Number(f.category)) &&
    textMatches(f.search, [
      line.accountDescription,
      line.name,
      line.accountLine,
      line.deseCode,
      line.deseCategories,
      line.notes,
    ]);
}

export function proposedTotalsFilter(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  f: ProposedFilterState,
): TotalsFilter | null {
  if (!budgetYearId || !fiscalYear) {
    return null;
  }
  return {
    budgetYearId,
    fiscalYear,
    isOperating: false,
    buildingId: buildingParam(f.building),
    categoryId: f.category === ALL ? undefined : Number(f.category),
    search: f.search || undefined,
  };
}

interface ProposedFilterBarProps {
  filters: ProposedFilterState;
  onChange(next: ProposedFilterState): void;
  fiscalYear: number | undefined;
  fiscalYearOptions: SelectOption[];
  onFiscalYearChange(year: number): void;
}

/** Fiscal year, search, building (with Unassigned) and category. */
export function ProposedFilterBar(props: ProposedFilterBarProps) {
  const { filters, onChange, fiscalYear, fiscalYearOptions, onFiscalYearChange } = props;
  const buildings = useBuildings();
  const categories = useCategories();
  const categoryOptions = useMemo(
    () => [
      { value: ALL, label: 'All categories' },
      ...(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [categories.data],
  );
  const set = (key: keyof ProposedFilterState) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <div className="filter-bar" role="search" aria-label="Filter proposed lines">
      <BudgetYearFilter id="proposed-budget-year" />
      <FilterSelect
        id="proposed-fiscal-year"
        label="Fiscal year"
        value={fiscalYear ? String(fiscalYear) : ''}
        options={fiscalYearOptions}
        onChange={(v) => onFiscalYearChange(Number(v))}
      />
      <SearchField
        id="proposed-search"
        placeholder="Description, account line, DESE code..."
        onSearch={set('search')}
      />
      <FilterSelect
        id="proposed-building"
        label="Building"
        value={filters.building}
        options={buildingFilterOptions(buildings.data?.buildings)}
        onChange={set('building')}
      />
      <FilterSelect
        id="proposed-category"
        label="Category"
        value={filters.category}
        options={categoryOptions}
        onChange={set('category')}
      />
    </div>
  );
}
