import { useMemo } from 'react';
import type { ProposedLineItem, TotalsFilter } from '@web/api/line-items';
import { useCategories } from '@web/api/lookups';
import { lineSearchMatcher } from '@shared/schemas/line-search';
import { ALL, buildingMatches, FilterSelect, SearchField } from '@web/components/line-filters';
import {
  FunctionCodeFilter,
  functionCodeMatches,
  NO_FUNCTION_CODE,
} from '@web/components/function-code-filter';
import {
  BuildingFilter,
  lineTotalsFilter,
  YearFilters,
  type FiscalYearChoice,
} from '@web/components/manager-filters';

export interface ProposedFilterState {
  building: string;
  category: string;
  search: string;
  /** 'all', or 'none': lines without a DESE function code. */
  functionCode: string;
}

export const INITIAL_PROPOSED_FILTERS: ProposedFilterState = {
  building: ALL,
  category: ALL,
  search: '',
  functionCode: ALL,
};

/**
 * The rows the filters let through. Search is the one rule the server's totals apply too
 * (shared/schemas/line-search.ts): every term of the text, split on commas and spaces, in a field.
 */
export function proposedFilter(
  f: ProposedFilterState,
  categoryCodes: ReadonlyMap<number, string | null> = new Map(),
): ((line: ProposedLineItem) => boolean) | null {
  const search = lineSearchMatcher('proposed', f.search);
  if (f.building === ALL && f.category === ALL && f.functionCode === ALL && !search) {
    return null;
  }
  return (line) =>
    buildingMatches(f.building, line.buildingId) &&
    (f.category === ALL || line.categoryId === Number(f.category)) &&
    functionCodeMatches(f.functionCode, line, categoryCodes) &&
    (!search || search(line));
}

export function proposedTotalsFilter(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  f: ProposedFilterState,
): TotalsFilter | null {
  return lineTotalsFilter(budgetYearId, fiscalYear, false, f, {
    categoryId: f.category === ALL ? undefined : Number(f.category),
    functionCode: f.functionCode === NO_FUNCTION_CODE ? NO_FUNCTION_CODE : undefined,
  });
}

interface ProposedFilterBarProps {
  filters: ProposedFilterState;
  onChange(next: ProposedFilterState): void;
  years: FiscalYearChoice;
}

/** Fiscal year, search, building (with Unassigned) and category. */
export function ProposedFilterBar(props: ProposedFilterBarProps) {
  const { filters, onChange, years } = props;
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
      <YearFilters idPrefix="proposed" years={years} />
      <SearchField
        id="proposed-search"
        placeholder="Description, account line, DESE code..."
        onSearch={set('search')}
      />
      <BuildingFilter id="proposed-building" value={filters.building} onChange={set('building')} />
      <FilterSelect
        id="proposed-category"
        label="Category"
        value={filters.category}
        options={categoryOptions}
        onChange={set('category')}
      />
      <FunctionCodeFilter
        id="proposed-function-code"
        value={filters.functionCode}
        onChange={set('functionCode')}
      />
    </div>
  );
}
