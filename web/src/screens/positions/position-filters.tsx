import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { POSITION_STATUSES, type PositionFilters } from '@web/api/positions';
import { useDeseCodes } from '@web/api/budget-categories';
import { useFunds } from '@web/api/funds';
import { useCategories } from '@web/api/lookups';
import { deseCodeOptions } from '@web/components/dese-code-select';
import { ALL, buildingParam, FilterSelect, optionsById } from '@web/components/line-filters';
import { BuildingFilter, YearFilters, type FiscalYearChoice } from '@web/components/manager-filters';
import type { SelectOption } from '@web/components/select';
import { STATUS_LABELS } from '@web/screens/positions/position-rules';

/** The filters' values: 'all' or a choice; the server filters (a district may hold 50,000 positions). */
export interface PositionFilterState {
  building: string;
  functionCode: string;
  category: string;
  status: string;
  /** A fund id: the positions it pays a share of. */
  fund: string;
}

export const INITIAL_POSITION_FILTERS: PositionFilterState = {
  building: ALL,
  functionCode: ALL,
  category: ALL,
  status: ALL,
  fund: ALL,
};

/** Each filter's name in the address (?status=vacancies&fund=3): a link or a reload keeps them. */
const PARAMS: Record<keyof PositionFilterState, string> = {
  building: 'building',
  functionCode: 'function',
  category: 'category',
  status: 'status',
  fund: 'fund',
};

/** The filters as the address holds them ('all' is left out of it). */
export function usePositionFilters(): [PositionFilterState, (next: PositionFilterState) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const out = { ...INITIAL_POSITION_FILTERS };
    for (const key of Object.keys(PARAMS) as (keyof PositionFilterState)[]) {
      out[key] = params.get(PARAMS[key]) || ALL;
    }
    return out;
  }, [params]);
  const setFilters = (next: PositionFilterState) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const key of Object.keys(PARAMS) as (keyof PositionFilterState)[]) {
          if (next[key] === ALL) {
            out.delete(PARAMS[key]);
          } else {
            out.set(PARAMS[key], next[key]);
          }
        }
        return out;
      },
      { replace: true },
    );
  return [filters, setFilters];
}

/** The category filter's value for positions whose cost lands in no salary line (the banner's). */
export const NO_CATEGORY = 'none';

/** Vacant or posted: the positions the district still has to fill. */
export const VACANCIES = 'vacancies';
export const OVER_FILLED = 'over-filled';

const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  { value: VACANCIES, label: 'Vacancies (vacant or posted)' },
  { value: OVER_FILLED, label: 'Over-filled' },
  ...POSITION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** All, then No category (the banner's positions in no salary line), then each category. */
function categoryOptions(items: readonly { id: number; name: string }[] | undefined): SelectOption[] {
  const [all, ...each] = optionsById('All categories', items);
  return [all, { value: NO_CATEGORY, label: 'No category (no salary line)' }, ...each];
}

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
    categoryId: f.category === ALL ? undefined : f.category === NO_CATEGORY ? 'none' : Number(f.category),
    fundId: f.fund === ALL ? undefined : Number(f.fund),
    ...statusParams(f.status),
  };
}

/** 'All ...' then each item by id. */
interface PositionFilterBarProps {
  filters: PositionFilterState;
  onChange(next: PositionFilterState): void;
  years: FiscalYearChoice;
}

/** Budget year, fiscal year, building, function code, category, status and fund. */
export function PositionFilterBar({ filters, onChange, years }: PositionFilterBarProps) {
  const categories = useCategories();
  const codes = useDeseCodes();
  const funds = useFunds();
  // Besides the year and the building, each filter a select of its own (ids positions-<param>).
  const selects: [keyof PositionFilterState, string, readonly SelectOption[]][] = useMemo(
    () => [
      [
        'functionCode',
        'Function code',
        [{ value: ALL, label: 'All function codes' }, ...deseCodeOptions(codes.data?.codes ?? [])],
      ],
      ['category', 'Category', categoryOptions(categories.data?.categories)],
      ['status', 'Status', STATUS_OPTIONS],
      // As GET /funds lists them: the general fund first.
      ['fund', 'Fund', optionsById('All funds', funds.data?.funds)],
    ],
    [codes.data, categories.data, funds.data],
  );
  const set = (key: keyof PositionFilterState) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <div className="filter-bar" role="search" aria-label="Filter positions">
      <YearFilters idPrefix="positions" years={years} />
      <BuildingFilter id="positions-building" value={filters.building} onChange={set('building')} />
      {selects.map(([key, label, options]) => (
        <FilterSelect
          key={key}
          id={`positions-${PARAMS[key]}`}
          label={label}
          value={filters[key]}
          options={options}
          onChange={set(key)}
        />
      ))}
    </div>
  );
}
