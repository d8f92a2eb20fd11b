import { describe, expect, it } from 'vitest';
import { COMPONENT_KEYS, type PublicYearData } from '@shared/schemas/public-dashboard';
import {
  exactIsSafe,
  locationKey,
  releaseStaffTotals,
  roundSalaryCents,
  withoutHidden,
} from './public-dashboard-release';

describe('exactIsSafe (the small-cell rule on differences between Publishes)', () => {
  it('allows the first Publish, the same head count again, and a change of 5 or more', () => {
    expect(exactIsSafe(10)).toBe(true);
    expect(exactIsSafe(10, [10])).toBe(true);
    expect(exactIsSafe(15, [10])).toBe(true);
    expect(exactIsSafe(5, [10])).toBe(true);
  });

  it('refuses a change of 1 to 4 people from any earlier exact Publish, not only the last', () => {
    for (const n of [6, 7, 8, 9, 11, 12, 13, 14]) {
      expect(exactIsSafe(n, [10])).toBe(false);
    }
    // Published exactly at 10 and then 15: 11 is one person from the first.
    expect(exactIsSafe(11, [10, 15])).toBe(false);
    expect(exactIsSafe(20, [10, 15])).toBe(true);
  });
});

describe('roundSalaryCents', () => {
  it('rounds to the nearest $10,000 in whole cents, halves up', () => {
    expect(roundSalaryCents(52_808_620n)).toBe(53_000_000n); // $528,086.20 -> $530,000
    expect(roundSalaryCents(52_499_999n)).toBe(52_000_000n);
    expect(roundSalaryCents(52_500_000n)).toBe(53_000_000n);
    expect(roundSalaryCents(0n)).toBe(0n);
  });
});

describe('releaseStaffTotals', () => {
  const north = locationKey(3);

  it('rounds a cell that moved by one person, rounds the total with it, and keeps the earlier releases for both', () => {
    const before = { [north]: [10], other: [10], total: [20] };
    const { rounded, after } = releaseStaffTotals(
      [
        { key: north, count: 11 },
        { key: 'other', count: 10 },
      ],
      { key: 'total', count: 21 },
      before,
    );
    expect([...rounded].sort()).toEqual([north, 'total'].sort());
    expect(after).toEqual(before);
  });

  it('rounds the total when a single cell is rounded even if the total moved by 5, so the cell cannot be subtracted out', () => {
    const { rounded, after } = releaseStaffTotals(
      [
        { key: north, count: 11 },
        { key: locationKey(4), count: 19 },
      ],
      { key: 'total', count: 30 },
      { [north]: [10], [locationKey(4)]: [14], total: [24] },
    );
    expect([...rounded].sort()).toEqual([north, 'total'].sort());
    expect(after[locationKey(4)]).toEqual([14, 19]);
  });

  it('records the head counts of every exact release', () => {
    const { rounded, after } = releaseStaffTotals(
      [{ key: north, count: 15 }],
      { key: 'total', count: 25 },
      { [north]: [10], total: [20] },
    );
    expect(rounded.size).toBe(0);
    expect(after).toEqual({ [north]: [10, 15], total: [20, 25] });
  });

  it('keys a location by its building, so a renamed building still compares with what was published', () => {
    expect(locationKey(3)).toBe('building:3');
    expect(locationKey(null)).toBe('district-wide');
  });
});

describe('withoutHidden', () => {
  const year: PublicYearData = {
    fiscalYear: 2027,
    publishedAt: '2026-11-20T15:00:00.000Z',
    totalBudget: 100,
    townGoal: 120,
    hasTownGoal: true,
    guidanceGap: 20,
    categoryBreakdown: [{ name: 'Salaries', amount: 100, itemCount: 3, color: '#1d4ed8' }],
    buildingBreakdown: [{ name: 'Hillside', amount: 100 }],
    salaryData: {
      teachers: [{ range: '$60k-$70k', rangeStart: 60000, count: 12, isOther: false }],
      paras: [],
    },
    locationData: {
      locations: [{ location: 'Hillside', count: 40, totalSalary: 2_500_000, isOther: false }],
      totalEmployees: 40,
      totalSalaries: 2_500_000,
    },
    perPupil: { enrollment: 10, total: 10, byCategory: [{ name: 'Salaries', amount: 10 }] },
    deseBreakdown: [{ name: 'Teachers', amount: 100, functions: [] }],
    includesProjectedEmployees: false,
  };

  it('keeps everything when every section is shown', () => {
    expect(withoutHidden(year, new Set(COMPONENT_KEYS))).toEqual(year);
  });

  it('leaves out the figures of every section switched off, and keeps the year’s totals', () => {
    const shown = new Set(['budgetStatus', 'progressBar'] as const);
    expect(withoutHidden(year, shown)).toEqual({
      ...year,
      categoryBreakdown: [],
      buildingBreakdown: [],
      deseBreakdown: [],
      perPupil: { enrollment: 10, total: 10, byCategory: [] },
      salaryData: null,
      locationData: null,
    });
  });
});
