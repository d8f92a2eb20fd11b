import { describe, expect, it } from 'vitest';
import {
  largestRemainder,
  wholeDollarGroups,
  wholeDollarParts,
  wholeDollarTable,
  wholeSalaries,
} from './whole-dollars';

/** Each row rounded on its own, halves away from zero (as formatMoney rounds), in BigInt. */
const ownRounding = (cents: bigint) => {
  const sign = cents < 0n ? -1n : 1n;
  const abs = cents * sign;
  return sign * (abs / 100n + (abs % 100n >= 50n ? 1n : 0n));
};
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

/** The rule's promises for rows in cents: they add up to the total rounded once, each within $1. */
function expectAddsUp(rowsCents: bigint[]) {
  const dollars = wholeDollarParts(rowsCents);
  expect(sum(dollars)).toBe(ownRounding(sum(rowsCents)));
  rowsCents.forEach((cents, i) => {
    const off = dollars[i] - ownRounding(cents);
    expect(off >= -1n && off <= 1n, `${cents} cents shown as $${dollars[i]}`).toBe(true);
    // Never further than a dollar from the exact amount either: rounded down or up.
    expect(dollars[i] * 100n - cents > -100n && dollars[i] * 100n - cents < 100n).toBe(true);
  });
  return dollars;
}

describe('whole dollars that add up (largest remainder)', () => {
  it("adds Boston's state categories up to their total: the dollar goes to the larger remainder", () => {
    // Each on its own: $547,732,276 + $61,363,806 = $609,096,082, under a Total of $609,096,083.
    expect(expectAddsUp([54_773_227_631n, 6_136_380_647n])).toEqual([547_732_276n, 61_363_807n]);
    expect(wholeDollarTable([547_732_276.31, 61_363_806.47])).toEqual({
      rows: [547_732_276, 61_363_807],
      total: 609_096_083,
    });
  });

  it('takes a dollar away when the rows rounded on their own add up to more than the total', () => {
    // $1.50 + $2.50 + $3.60 = $7.60: on their own $2 + $3 + $4 = $9, the total once $8.
    expect(expectAddsUp([150n, 250n, 360n])).toEqual([2n, 2n, 4n]);
  });

  it('decides ties by the rows’ order, the same every time', () => {
    // Three halves, $1.50 in all: the total is $2, so two of the three halves round up: the first two.
    expect(expectAddsUp([50n, 50n, 50n])).toEqual([1n, 1n, 0n]);
    expect(expectAddsUp([50n, 50n, 50n])).toEqual([1n, 1n, 0n]);
    expect(largestRemainder([1n, 1n, 1n, 1n], 4n, 2n)).toEqual([1n, 1n, 0n, 0n]);
  });

  it('keeps zero rows at zero and rounds negative rows (credits) the same way', () => {
    expect(expectAddsUp([0n, 12_345n, 0n])).toEqual([0n, 123n, 0n]);
    // -$1.50 + $10.75 - $0.40 = $8.85: the total $9; rounded down -2 + 10 - 1 = 7, so two rows go up.
    expect(expectAddsUp([-150n, 1_075n, -40n])).toEqual([-2n, 11n, 0n]);
    // A negative total rounds away from zero, as it is printed: -$2.50 -> -$3.
    expect(expectAddsUp([-125n, -125n])).toEqual([-1n, -2n]);
    expect(expectAddsUp([])).toEqual([]);
  });

  it('holds for many rows of awkward cents', () => {
    let seed = 7n;
    const next = () => (seed = (seed * 6_364_136_223_846_793_005n + 1n) % 2n ** 63n);
    for (let t = 0; t < 200; t += 1) {
      const rows = Array.from({ length: 1 + (t % 13) }, () => (next() % 100_000_000_000n) - 20_000_000_000n);
      expectAddsUp(rows);
    }
  });

  it('gives a total larger than its rows (withheld figures) its own share, not shown', () => {
    // Rows $10.40 + $20.40, withheld $0.80: the total $31.60 prints $32, of which the withheld $1.
    expect(wholeDollarParts([1_040n, 2_040n], 3_160n)).toEqual([11n, 20n]);
    expect(wholeDollarTable([10.4, 20.4], 31.6)).toEqual({ rows: [11, 20], total: 32 });
  });

  it('adds each group’s parts up to the group as shown, and the groups up to the total', () => {
    const shown = wholeDollarGroups(
      [
        { amount: 547_732_276.31, functions: [{ amount: 500_123_456.6 }, { amount: 47_608_819.71 }] },
        { amount: 61_363_806.47, functions: [{ amount: 30_000_000.24 }, { amount: 31_363_806.23 }] },
        { amount: 0, functions: [] },
      ],
      609_096_082.78,
    );
    expect(shown).toEqual({
      groups: [
        { amount: 547_732_276, functions: [500_123_456, 47_608_820] },
        { amount: 61_363_807, functions: [30_000_001, 31_363_806] },
        { amount: 0, functions: [] },
      ],
      total: 609_096_083,
    });
  });

  it('leaves salaries rounded for privacy as published', () => {
    const place = (totalSalary: number, salaryRounded = false) => ({ totalSalary, salaryRounded });
    expect(
      wholeSalaries({ locations: [place(1_234_567.5), place(765_432.5)], totalSalaries: 2_000_000 }),
    ).toEqual({ rows: [1_234_568, 765_432], total: 2_000_000 });
    expect(
      wholeSalaries({ locations: [place(530_000, true), place(469_320.77)], totalSalaries: 1_000_000 }),
    ).toBeNull();
    expect(wholeSalaries({ locations: [], totalSalaries: null })).toBeNull();
  });

  it('refuses a target the shares cannot reach by rounding', () => {
    expect(() => largestRemainder([150n, 250n], 100n, 6n)).toThrow(RangeError);
    expect(() => largestRemainder([100n], 0n, 1n)).toThrow(RangeError);
  });
});
