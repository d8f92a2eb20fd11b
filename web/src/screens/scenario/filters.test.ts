import { describe, expect, it } from 'vitest';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import { ALL, UNASSIGNED } from '@web/components/line-filters';
import { buildingOptions, categoryOptions, INITIAL_FILTERS, scenarioFilter, UNCATEGORIZED } from './filters';

const make = (over: Partial<ScenarioLine>): ScenarioLine => ({
  id: 1,
  accountDesc: 'Teachers Salaries - Hillside',
  accountLine: '01-130-2305-5110',
  deseCode: '2305',
  categoryId: 1,
  category: { name: 'Teachers', color: '#3b82f6' },
  buildingId: 3,
  building: { name: 'Hillside Elementary School' },
  isPersonnel: true,
  fy26ProposedV3: 1000,
  percentKept: 100,
  floorPercent: 0,
  adjustedAmount: 1000,
  cut: 0,
  generalFund: true,
  ...over,
});

const LINES = [
  make({ id: 1 }),
  make({
    id: 2,
    accountDesc: 'Textbooks',
    accountLine: '01-100-2410-5500',
    deseCode: '2410',
    categoryId: 4,
    category: { name: 'Instructional Materials', color: '#10b981' },
    buildingId: null,
    building: null,
    isPersonnel: false,
  }),
  make({
    id: 3,
    accountDesc: 'Copier lease',
    categoryId: null,
    category: null,
    buildingId: 5,
    building: { name: 'Adams Middle School' },
    isPersonnel: false,
  }),
];

const pass = (f: Partial<typeof INITIAL_FILTERS>) => {
  const filter = scenarioFilter({ ...INITIAL_FILTERS, ...f });
  return LINES.filter((l) => !filter || filter(l)).map((l) => l.id);
};

describe('scenarioFilter', () => {
  it('lets everything through without filters', () => {
    expect(scenarioFilter(INITIAL_FILTERS)).toBeNull();
    expect(scenarioFilter({ ...INITIAL_FILTERS, search: ' , ' })).toBeNull();
  });

  it('filters by category, no category, building, District Wide and personnel', () => {
    expect(pass({ category: '4' })).toEqual([2]);
    expect(pass({ category: UNCATEGORIZED })).toEqual([3]);
    expect(pass({ building: '3' })).toEqual([1]);
    expect(pass({ building: UNASSIGNED })).toEqual([2]);
    expect(pass({ personnel: 'personnel' })).toEqual([1]);
    expect(pass({ personnel: 'non-personnel' })).toEqual([2, 3]);
    expect(pass({ personnel: 'non-personnel', building: '5' })).toEqual([3]);
  });

  it('searches every term in description, account, DESE code, category and building', () => {
    expect(pass({ search: 'hillside teach' })).toEqual([1]);
    expect(pass({ search: '2410' })).toEqual([2]);
    expect(pass({ search: 'district wide' })).toEqual([2]);
    expect(pass({ search: 'instructional, text' })).toEqual([2]);
    expect(pass({ search: 'ADAMS' })).toEqual([3]);
    expect(pass({ search: 'adams textbooks' })).toEqual([]);
  });
});

describe('filter options', () => {
  it('lists the categories of the lines in their order, then No category', () => {
    expect(categoryOptions(LINES)).toEqual([
      { value: ALL, label: 'All categories' },
      { value: '1', label: 'Teachers' },
      { value: '4', label: 'Instructional Materials' },
      { value: UNCATEGORIZED, label: 'No category' },
    ]);
  });

  it('lists District Wide, then the buildings by name', () => {
    expect(buildingOptions(LINES).map((o) => o.label)).toEqual([
      'All buildings',
      'District Wide',
      'Adams Middle School',
      'Hillside Elementary School',
    ]);
  });
});
