import { useMemo } from 'react';
import { POSITION_STATUSES, type PositionFilters } from '@web/api/positions';
import { useDeseCodes } from '@web/api/budget-categories';
import { useCategories } from '@web/api/lookups';
import { deseCodeOptions } from '@web/components/dese-code-select';
import { ALL, buildingParam, FilterSelect } from '@web/components/line-filters';
import { BuildingFilter, YearFilters, type FiscalYearChoice } from '@web/components/manager-filters';
import { STATUS_LABELS } from '@web/screens/positions/position-rules';

/** The filters' values: 'all' or a choice; the server filters (a district may hold 50,000 positions). */
export interface PositionFilterState {
  building: string;
  functionCode: string;
  category: string;
  status: string;
}

export const INITIAL_POSITION_FILTERS: PositionFilterState = {
  building: ALL,
  functionCode: ALL,
  category: ALL,
  status: ALL,
};

/** Vacant or posted: the positions the district still has to fill. */
export const VACANCIES = 'vacancies';
export const OVER_FILLED = 'over-filled';

const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  { value: VACANCIES, label: 'Vacancies (vacant or posted)' },
  { value: OVER_FILLED, label: 'Over-filled' },
  ...POSITION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** The status filter as the list takes it: vacancies are vacant and posted; over-filled is a flag. */
function statusParams(status: string): Pick<PositionFilters, 'status' | 'overFilled'> {
  if (status === ALL) {
    return {};
  }
  if (status === OVER_FILLED) {
    return { overFilled: true };
  }
  return { status: status === VACANCIES ? 'vacant,posted' : status };
}

/** The list request for the filters: null until the year is known. */
export function positionQuery(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  f: PositionFilterState,
): PositionFilters | null {
  if (!budgetYearId || !fiscalYear) {
    return null;
  }
  const building = buildingParam(f.building);
  return {
    budgetYearId,
    fiscalYear,
    buildingId: building === 'unassigned' ? 'none' : building,
    deseCode: f.functionCode === ALL ? undefined : f.functionCode,
    categoryId: f.category === ALL ? undefined : Number(f.category),
    ...statusParams(f.status),
  };
}

interface PositionFilterBarProps {
  filters: PositionFilterState;
  onChange(next: PositionFilterState): void;
  years: FiscalYearChoice;
}

/** Budget year, fiscal year, building, function code, category and status. */
export function PositionFilterBar({ filters, onChange, years }: PositionFilterBarProps) {
  const categories = useCategories();
  const codes = useDeseCodes();
  const categoryOptions = useMemo(
    () => [
      { value: ALL, label: 'All categories' },
      ...(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [categories.data],
  );
  const codeOptions = useMemo(
    () => [{ value: ALL, label: 'All function codes' }, ...deseCodeOptions(codes.data?.codes ?? [])],
    [codes.data],
  );
  const set = (key: keyof PositionFilterState) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <div className="filter-bar" role="search" aria-label="Filter positions">
      <YearFilters idPrefix="positions" years={years} />
      <BuildingFilter id="positions-building" value={filters.building} onChange={set('building')} />
      <FilterSelect
        id="positions-function"
        label="Function code"
        value={filters.functionCode}
        options={codeOptions}
        onChange={set('functionCode')}
      />
      <FilterSelect
        id="positions-category"
        label="Category"
        value={filters.category}
        options={categoryOptions}
        onChange={set('category')}
      />
      <FilterSelect
        id="positions-status"
        label="Status"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={set('status')}
      />
    </div>
  );
}
