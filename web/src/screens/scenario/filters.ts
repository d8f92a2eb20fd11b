import { searchTerms } from '@shared/schemas/line-search';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { ALL, buildingMatches, UNASSIGNED } from '@web/components/line-filters';
import type { SelectOption } from '@web/components/select';

/** Lines of no budget category, in the category filter. */
export const UNCATEGORIZED = 'none';

export type PersonnelFilter = typeof ALL | 'personnel' | 'non-personnel';

export interface ScenarioFilterState {
  /** ALL, UNCATEGORIZED or a category id. */
  category: string;
  /** ALL, UNASSIGNED (District Wide) or a building id. */
  building: string;
  personnel: PersonnelFilter;
  search: string;
}

export const INITIAL_FILTERS: ScenarioFilterState = {
  category: ALL,
  building: ALL,
  personnel: ALL,
  search: '',
};

const searchText = new WeakMap<ScenarioLine, string>();

/** A line's searchable text, lower-cased once per line object: description, account, DESE code, category, building. */
function textOf(line: ScenarioLine): string {
  let text = searchText.get(line);
  if (text === undefined) {
    text = [
      line.accountDesc,
      line.accountLine,
      line.deseCode,
      line.category?.name,
      line.building?.name ?? DISTRICT_WIDE,
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    searchText.set(line, text);
  }
  return text;
}

/**
 * The lines the filters let through, or null when they let every line through. Search follows the
 * budget grids' rule (shared/schemas/line-search.ts): every term of the text somewhere in the line.
 */
export function scenarioFilter(f: ScenarioFilterState): ((line: ScenarioLine) => boolean) | null {
  const terms = searchTerms(f.search);
  if (f.category === ALL && f.building === ALL && f.personnel === ALL && terms.length === 0) {
    return null;
  }
  return (line) => {
    if (
      f.category === UNCATEGORIZED
        ? line.categoryId !== null
        : f.category !== ALL && line.categoryId !== Number(f.category)
    ) {
      return false;
    }
    if (!buildingMatches(f.building, line.buildingId)) {
      return false;
    }
    if (f.personnel !== ALL && line.isPersonnel !== (f.personnel === 'personnel')) {
      return false;
    }
    if (terms.length === 0) {
      return true;
    }
    const text = textOf(line);
    return terms.every((t) => text.includes(t));
  };
}

/** The categories of the lines, in the lines' order (the server sorts by category), then 'No category'. */
export function categoryOptions(lines: readonly ScenarioLine[]): SelectOption[] {
  const seen = new Map<number, string>();
  let uncategorized = false;
  for (const line of lines) {
    if (line.categoryId === null) {
      uncategorized = true;
    } else if (!seen.has(line.categoryId)) {
      seen.set(line.categoryId, line.category?.name ?? `Category ${line.categoryId}`);
    }
  }
  return [
    { value: ALL, label: 'All categories' },
    ...[...seen].map(([id, name]) => ({ value: String(id), label: name })),
    ...(uncategorized ? [{ value: UNCATEGORIZED, label: 'No category' }] : []),
  ];
}

/** The buildings of the lines by name, with District Wide (no building) first when present. */
export function buildingOptions(lines: readonly ScenarioLine[]): SelectOption[] {
  const seen = new Map<number, string>();
  let districtWide = false;
  for (const line of lines) {
    if (line.buildingId === null) {
      districtWide = true;
    } else if (!seen.has(line.buildingId)) {
      seen.set(line.buildingId, line.building?.name ?? `Building ${line.buildingId}`);
    }
  }
  return [
    { value: ALL, label: 'All buildings' },
    ...(districtWide ? [{ value: UNASSIGNED, label: DISTRICT_WIDE }] : []),
    ...[...seen]
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([id, name]) => ({ value: String(id), label: name })),
  ];
}

export const PERSONNEL_OPTIONS: SelectOption[] = [
  { value: ALL, label: 'Personnel and non-personnel' },
  { value: 'personnel', label: 'Personnel only' },
  { value: 'non-personnel', label: 'Non-personnel only' },
];
