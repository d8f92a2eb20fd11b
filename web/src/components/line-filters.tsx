import { useEffect, useMemo, useRef, useState } from 'react';
import type { BudgetYear } from '@web/api/budget-years';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { useFiscalYears } from '@web/api/line-items';
import { fiscalYearChoice, fiscalYearOption } from '@web/budget-year/fiscal-year-choice';
import type { Building } from '@web/api/lookups';
import { Field } from '@web/components/form/field';
import { Select, type SelectOption } from '@web/components/select';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';

/** Filter values of the select controls: 'all', 'unassigned' (buildings only) or an id. */
export const ALL = 'all';
export const UNASSIGNED = 'unassigned';

/** A filter's options: 'all' first, then each item by its id, in the order given. */
export const optionsById = (
  all: string,
  items: readonly { id: number; name: string }[] | undefined,
): SelectOption[] => [
  { value: ALL, label: all },
  ...(items ?? []).map((i) => ({ value: String(i.id), label: i.name })),
];

/** Buildings for a filter: all, Unassigned (District Wide lines), then each building. */
export function buildingFilterOptions(buildings: readonly Building[] | undefined): SelectOption[] {
  return [
    { value: ALL, label: 'All buildings' },
    { value: UNASSIGNED, label: `Unassigned (${DISTRICT_WIDE})` },
    ...(buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
  ];
}

/** The building filter as the totals call takes it. */
export function buildingParam(value: string): number | 'unassigned' | undefined {
  if (value === ALL) {
    return undefined;
  }
  return value === UNASSIGNED ? 'unassigned' : Number(value);
}

/** Whether a line's building passes the building filter. */
export function buildingMatches(value: string, buildingId: number | null): boolean {
  if (value === ALL) {
    return true;
  }
  return value === UNASSIGNED ? buildingId === null : buildingId === Number(value);
}

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  disabled?: boolean;
  /** What the box says with nothing chosen ('No scenarios yet'), rather than nothing. */
  placeholder?: string;
}

/** A labelled select in a filter bar. */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  placeholder,
}: FilterSelectProps) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <Select
          {...control}
          value={value}
          options={options}
          onValueChange={onChange}
          disabled={disabled}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}

interface SearchFieldProps {
  id: string;
  label?: string;
  placeholder: string;
  onSearch(value: string): void;
}

/** A search box that reports its text a moment after typing stops (no refiltering per keystroke). */
export function SearchField({ id, label = 'Search', placeholder, onSearch }: SearchFieldProps) {
  const [text, setText] = useState('');
  const report = useRef({ onSearch, last: '' });
  report.current.onSearch = onSearch;
  useEffect(() => {
    const value = text.trim();
    if (value === report.current.last) {
      return undefined;
    }
    const timer = setTimeout(() => {
      report.current.last = value;
      report.current.onSearch(value);
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Field
      id={id}
      label={label}
      grow
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

/** The fiscal years of the selected budget year and the one chosen (see fiscalYearChoice). */
export function useFiscalYearChoice(budgetYear: BudgetYear | null, preferred: number | null = null) {
  const query = useFiscalYears(budgetYear?.id);
  const [chosen, setChosen] = useState<{ budgetYearId: number; fiscalYear: number } | null>(null);
  const { years, fiscalYear } = useMemo(
    () =>
      fiscalYearChoice(
        budgetYear,
        query.data,
        // A choice made here wins; else the screen's preference (its URL or what it remembered).
        chosen && chosen.budgetYearId === budgetYear?.id ? chosen.fiscalYear : preferred,
      ),
    [query.data, budgetYear, chosen],
  );
  const choose = (value: number) => {
    if (budgetYear) {
      setChosen({ budgetYearId: budgetYear.id, fiscalYear: value });
    }
  };
  const options: SelectOption[] = years.map((y) => ({
    value: String(y),
    label: fiscalYearOption(y, budgetYear?.currentFiscalYear),
  }));
  return { fiscalYear, years, options, choose, isLoading: query.isPending && Boolean(budgetYear) };
}

/** The budget year chosen in the header, offered again beside the other filters (same selection). */
export function BudgetYearFilter({ id }: { id: string }) {
  const { budgetYears, selected, select } = useBudgetYear();
  if (budgetYears.length === 0) {
    return null;
  }
  return (
    <FilterSelect
      id={id}
      label="Budget year"
      value={selected ? String(selected.id) : ''}
      options={budgetYears.map((y) => ({ value: String(y.id), label: y.fiscalYear }))}
      onChange={(v) => select(Number(v))}
    />
  );
}
