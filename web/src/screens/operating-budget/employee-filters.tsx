import { useMemo } from 'react';
import type { EmployeeLineItem, EmployeeStatus, TotalsFilter } from '@web/api/line-items';
import { lineSearchMatcher } from '@shared/schemas/line-search';
import { ALL, buildingMatches, FilterSelect, SearchField } from '@web/components/line-filters';
import {
  BuildingFilter,
  lineTotalsFilter,
  YearFilters,
  type FiscalYearChoice,
} from '@web/components/manager-filters';
import { STATUS_OPTIONS } from '@web/components/employee-form';
import {
  FunctionCodeFilter,
  functionCodeMatches,
  NO_FUNCTION_CODE,
} from '@web/components/function-code-filter';

export interface EmployeeFilterState {
  building: string;
  workGroup: string;
  status: string;
  search: string;
  /** 'all', or 'none': lines without a DESE function code. */
  functionCode: string;
}

export const INITIAL_EMPLOYEE_FILTERS: EmployeeFilterState = {
  building: ALL,
  workGroup: ALL,
  status: ALL,
  search: '',
  functionCode: ALL,
};

/**
 * The rows the filters let through. Search is the one rule the server's totals apply too
 * (shared/schemas/line-search.ts): every term of the text, split on commas and spaces, in a field.
 */
export function employeeFilter(
  f: EmployeeFilterState,
  categoryCodes: ReadonlyMap<number, string | null> = new Map(),
): ((line: EmployeeLineItem) => boolean) | null {
  const search = lineSearchMatcher('operating', f.search);
  if (f.building === ALL && f.workGroup === ALL && f.status === ALL && f.functionCode === ALL && !search) {
    return null;
  }
  return (line) =>
    buildingMatches(f.building, line.buildingId) &&
    (f.workGroup === ALL || (line.workGroup ?? '') === f.workGroup) &&
    (f.status === ALL || line.employeeStatus === f.status) &&
    functionCodeMatches(f.functionCode, line, categoryCodes) &&
    (!search || search(line));
}

/** The same filters as the summary cards' totals call takes them. */
export function employeeTotalsFilter(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  f: EmployeeFilterState,
): TotalsFilter | null {
  return lineTotalsFilter(budgetYearId, fiscalYear, true, f, {
    employeeStatus: f.status === ALL ? undefined : (f.status as EmployeeStatus),
    workGroup: f.workGroup === ALL ? undefined : f.workGroup,
    functionCode: f.functionCode === NO_FUNCTION_CODE ? NO_FUNCTION_CODE : undefined,
  });
}

interface EmployeeFilterBarProps {
  filters: EmployeeFilterState;
  onChange(next: EmployeeFilterState): void;
  years: FiscalYearChoice;
  lines: readonly EmployeeLineItem[];
}

/** Fiscal year, building (with Unassigned), work group, status and search. */
export function EmployeeFilterBar(props: EmployeeFilterBarProps) {
  const { filters, onChange, years, lines } = props;
  // Work groups as the lines spell them, so imported labels that match no work group can be found too.
  const workGroupOptions = useMemo(() => {
    const names = new Set<string>();
    for (const line of lines) {
      if (line.workGroup) {
        names.add(line.workGroup);
      }
    }
    return [
      { value: ALL, label: 'All work groups' },
      ...[...names].sort((a, b) => a.localeCompare(b)).map((n) => ({ value: n, label: n })),
    ];
  }, [lines]);
  const set = (key: keyof EmployeeFilterState) => (value: string) => onChange({ ...filters, [key]: value });

  return (
    <div className="filter-bar" role="search" aria-label="Filter employees">
      <YearFilters idPrefix="employee" years={years} />
      <BuildingFilter id="employee-building" value={filters.building} onChange={set('building')} />
      <FilterSelect
        id="employee-work-group"
        label="Work group"
        value={filters.workGroup}
        options={workGroupOptions}
        onChange={set('workGroup')}
      />
      <FilterSelect
        id="employee-status"
        label="Status"
        value={filters.status}
        options={[{ value: ALL, label: 'All statuses' }, ...STATUS_OPTIONS]}
        onChange={set('status')}
      />
      <FunctionCodeFilter
        id="employee-function-code"
        value={filters.functionCode}
        onChange={set('functionCode')}
      />
      <SearchField
        id="employee-search"
        placeholder="Name, position, department, code..."
        onSearch={set('search')}
      />
    </div>
  );
}
