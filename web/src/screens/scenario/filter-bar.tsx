import { useMemo } from 'react';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import { FilterSelect, SearchField } from '@web/components/line-filters';
import {
  buildingOptions,
  categoryOptions,
  PERSONNEL_OPTIONS,
  type PersonnelFilter,
  type ScenarioFilterState,
} from './filters';

interface FilterBarProps {
  lines: readonly ScenarioLine[];
  filters: ScenarioFilterState;
  onChange(next: ScenarioFilterState): void;
}

/** Category, building, personnel or not, and search, over the lines of the year. */
export function FilterBar({ lines, filters, onChange }: FilterBarProps) {
  const categories = useMemo(() => categoryOptions(lines), [lines]);
  const buildings = useMemo(() => buildingOptions(lines), [lines]);
  return (
    <div className="filter-bar" role="search" aria-label="Filter scenario lines">
      <SearchField
        id="scenario-search"
        placeholder="Description, account line, DESE code..."
        onSearch={(search) => onChange({ ...filters, search })}
      />
      <FilterSelect
        id="scenario-category"
        label="Category"
        value={filters.category}
        options={categories}
        onChange={(category) => onChange({ ...filters, category })}
      />
      <FilterSelect
        id="scenario-building"
        label="Building"
        value={filters.building}
        options={buildings}
        onChange={(building) => onChange({ ...filters, building })}
      />
      <FilterSelect
        id="scenario-personnel"
        label="Personnel"
        value={filters.personnel}
        options={PERSONNEL_OPTIONS}
        onChange={(personnel) => onChange({ ...filters, personnel: personnel as PersonnelFilter })}
      />
    </div>
  );
}
