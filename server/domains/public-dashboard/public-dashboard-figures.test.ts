import { describe, expect, it } from 'vitest';
import { MIN_CELL_COUNT, youtubeId } from '@shared/schemas/public-dashboard';
import { foldSmallGroups, MIN_PAY_GROUP } from '@server/lib/pay-groups';
import { suppressCells } from './public-dashboard-figures';
import { locationData } from './public-dashboard-staff';

const cells = (counts: number[]) =>
  counts.map((count, i) => ({ label: `Cell ${i}`, count, cents: BigInt(count) * 5_000_000n + BigInt(i) }));

describe('suppressCells (small-cell and complementary suppression)', () => {
  it('publishes every cell when none is under 5', () => {
    const result = suppressCells(cells([12, 5, 7]));
    expect(result.shown.map((c) => c.count)).toEqual([12, 5, 7]);
    expect(result.other).toBeNull();
  });

  it('counts two small cells together when they reach 5', () => {
    const result = suppressCells(cells([20, 3, 2]));
    expect(result.shown.map((c) => c.count)).toEqual([20]);
    expect(result.other).toMatchObject({ label: 'Other', count: 5 });
  });

  it('merges the smallest published cell too when the small ones are under 5 together', () => {
    const result = suppressCells(cells([20, 6, 3]));
    expect(result.shown.map((c) => c.count)).toEqual([20]);
    expect(result.other!.count).toBe(9);
  });

  it('never leaves one suppressed cell alone in Other, whose figures would be that cell’s', () => {
    // One cell of 4 and nothing else small: Other must take a published cell with it.
    const result = suppressCells(cells([30, 8, 4]));
    expect(result.other!.count).toBe(12);
    expect(result.shown.map((c) => c.count)).toEqual([30]);
  });

  it('withholds everything when even all cells together are under 5', () => {
    expect(suppressCells(cells([2, 2]))).toEqual({ shown: [], other: null, withheld: true });
  });

  it('keeps totals: published cells and Other add up to everyone, each of them 5 or more', () => {
    for (const counts of [
      [1, 1, 1, 1, 1, 9],
      [4, 4, 4],
      [50, 1],
      [5, 4, 5, 3, 100],
      [1, 2, 3, 4, 5, 6, 7],
    ]) {
      const { shown, other } = suppressCells(cells(counts));
      const published = [...shown, ...(other ? [other] : [])];
      for (const cell of published) {
        expect(cell.count).toBeGreaterThanOrEqual(5);
      }
      expect(published.reduce((n, c) => n + c.count, 0)).toBe(counts.reduce((n, c) => n + c, 0));
      expect(published.reduce((n, c) => n + c.cents, 0n)).toBe(
        cells(counts).reduce((n, c) => n + c.cents, 0n),
      );
    }
  });
});

describe('suppressCells over positions whose pay is of fewer people (a planned year’s roster)', () => {
  const roster = (cells: [number, number][]) =>
    cells.map(([count, people], i) => ({
      label: `School ${i}`,
      count,
      people,
      cents: BigInt(count) * 6_000_000n,
    }));

  it('folds a school of 6 positions whose pay is 2 people’s, with the next smallest', () => {
    const result = suppressCells(
      roster([
        [40, 38],
        [9, 9],
        [6, 2],
      ]),
    );
    expect(result.shown.map((c) => c.label)).toEqual(['School 0']);
    expect(result.other).toMatchObject({ label: 'Other', count: 15, people: 11 });
  });

  it('shows a school of vacancies only: their cost is a schedule’s, no one’s pay', () => {
    const result = suppressCells(
      roster([
        [40, 38],
        [6, 0],
      ]),
    );
    expect(result.shown.map((c) => c.label)).toEqual(['School 0', 'School 1']);
    expect(result.other).toBeNull();
  });

  it('withholds everything when every school together is the pay of 1 to 4 people', () => {
    expect(suppressCells(roster([[8, 3]]))).toEqual({ shown: [], other: null, withheld: true });
    expect(
      suppressCells(
        roster([
          [6, 2],
          [5, 2],
        ]),
      ),
    ).toEqual({ shown: [], other: null, withheld: true });
  });
});

describe('suppressCells is the pay-groups rule (foldSmallGroups) on a cell’s count and people', () => {
  const school = (label: string, count: number, people: number) => ({
    label,
    count,
    people,
    cents: BigInt(count) * 6_000_000n,
  });

  it('counts cells by the size every public breakdown folds at', () => {
    expect(MIN_CELL_COUNT).toBe(MIN_PAY_GROUP);
  });

  it('keeps a school of vacancies only shown while Other takes the smallest school with people', () => {
    // A school whose pay is 3 people's needs people beside it: a school of vacancies adds none.
    const result = suppressCells([school('Big', 40, 38), school('Vacant', 6, 0), school('Small', 7, 3)]);
    expect(result.shown.map((c) => c.label)).toEqual(['Vacant']);
    expect(result.other).toMatchObject({ count: 47, people: 41, cents: 47n * 6_000_000n });
  });

  it('folds the schools Spending by School folds over the same rows (foldSmallGroups)', () => {
    const rows = [
      school('East', 40, 40),
      school('North', 6, 6),
      school('South', 8, 5),
      school('West', 10, 3),
    ];
    const result = suppressCells(rows);
    const byName = [...rows].sort((a, b) => a.label.localeCompare(b.label));
    const { folded } = foldSmallGroups(byName, (c) => [c.count, c.people]);
    expect(folded.map((c) => c.label)).toEqual(['South', 'West']);
    expect(result.shown.map((c) => c.label)).toEqual(['East', 'North']);
    expect(result.other).toMatchObject({ count: 18, people: 8 });
  });

  it('folds equal cells in label order', () => {
    const result = suppressCells([
      school('Beta', 20, 20),
      school('Gamma', 6, 6),
      school('Alpha', 6, 6),
      school('Delta', 3, 3),
    ]);
    expect(result.shown.map((c) => c.label)).toEqual(['Beta', 'Gamma']);
    expect(result.other).toMatchObject({ count: 9, people: 9 });
  });

  it('shows every cell when none is small, and withholds all when Other’s people stay 1 to 4', () => {
    const none = suppressCells([school('A', 5, 0), school('B', 7, 5)]);
    expect({ shown: none.shown.length, other: none.other }).toEqual({ shown: 2, other: null });
    expect(suppressCells([school('A', 30, 3), school('Vacant', 9, 0)])).toEqual({
      shown: [],
      other: null,
      withheld: true,
    });
  });
});

describe('locationData of a roster: the rule on differences counts the people a total is the pay of', () => {
  // Big School's 40 positions, 38 of them held, then one more held: same positions, one more person.
  const roster = (people: number, bigPay: number) => ({
    locations: [
      { buildingId: 1, location: 'Big School', count: 40, totalSalary: bigPay, totalFte: 40 },
      { buildingId: 2, location: 'Mid School', count: 20, totalSalary: 1_200_000, totalFte: 20 },
    ],
    totalEmployees: 60,
    totalSalary: bigPay + 1_200_000,
    people: people + 20,
    peopleAt: new Map<number | null, number>([
      [1, people],
      [2, 20],
    ]),
  });

  it('rounds a school’s and the total’s pay when a vacancy is filled between two Publishes', () => {
    const first = locationData(roster(38, 2_400_000.5), {});
    expect(first.data.locations.map((l) => l.salaryRounded)).toEqual([false, false]);
    // The one who filled the vacancy: 2,463,456.78 less the vacancy's schedule price.
    const second = locationData(roster(39, 2_463_456.78), first.released);
    expect(second.data.locations.map((l) => [l.location, l.totalSalary, l.salaryRounded])).toEqual([
      ['Big School', 2_460_000, true],
      ['Mid School', 1_200_000, false],
    ]);
    expect(second.data).toMatchObject({
      totalEmployees: 60,
      totalSalaries: 3_660_000,
      totalSalariesRounded: true,
    });
  });
});

describe('youtubeId (an 11-character id, or a watch, short or embed URL)', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://evil.example/watch?v=dQw4w9WgXcQ', null],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', null],
    ['javascript:alert("dQw4w9WgXcQ")', null],
    ['dQw4w9WgXc', null],
    ['https://www.youtube.com/watch?v=short', null],
  ])('%s -> %s', (value, id) => {
    expect(youtubeId(value)).toBe(id);
  });
});
