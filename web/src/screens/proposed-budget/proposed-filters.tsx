import { useMemo } from 'react';
import type { ProposedLineItem, TotalsFilter } from '@web/api/line-items';
import { lineFund, useFunds, type Fund } from '@web/api/funds';
import { useCategories } from '@web/api/lookups';
import { lineSearchMatcher } from '@shared/schemas/line-search';
import { ALL, buildingMatches, FilterSelect, optionsById, SearchField } from '@web/components/line-filters';
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
  /** A fund id: the lines it pays. */
  fund: string;
}

export const INITIAL_PROPOSED_FILTERS: ProposedFilterState = {
  building: ALL,
  category: ALL,
  search: '',
  functionCode: ALL,
  fund: ALL,
};

/**
 * The rows the filters let through. Search is the one rule the server's totals apply too
 * (shared/schemas/line-search.ts): every term of the text, split on commas and spaces, in a field.
 */
export function proposedFilter(
  f: ProposedFilterState,
  categoryCodes: ReadonlyMap<number, string | null> = new Map(),
  funds?: readonly Fund[],
): ((line: ProposedLineItem) => boolean) | null {
  const search = lineSearchMatcher('proposed', f.search);
  if (f.building === ALL && f.category === ALL && f.functionCode === ALL && f.fund === ALL && !search) {
    return null;
  }
  const payer = lineFund(funds);
  return (line) =>
    buildingMatches(f.building, line.buildingId) &&
    (f.category === ALL || line.categoryId === Number(f.category)) &&
    (f.fund === ALL || payer(line.fundId) === Number(f.fund)) &&
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
    fundId: f.fund === ALL ? undefined : Number(f.fund),
  });
}

interface ProposedFilterBarProps {
  filters: ProposedFilterState;
  onChange(next: ProposedFilterState): void;
  years: FiscalYearChoice;
}

/** Fiscal year, search, building (with Unassigned), category, function code and fund. */
export function ProposedFilterBar(props: ProposedFilterBarProps) {
  const { filters, onChange, years } = props;
  const categories = useCategories();
  const categoryOptions = useMemo(
    () => optionsById('All categories', categories.data?.categories),
    [categories.data],
  );
  const funds = useFunds();
  // As GET /funds lists them: the general fund first.
  const fundOptions = useMemo(() => optionsById('All funds', funds.data?.funds), [funds.data]);
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
      <FilterSelect
        id="proposed-fund"
        label="Fund"
        value={filters.fund}
        options={fundOptions}
        onChange={set('fund')}
      />
    </div>
  );
}
