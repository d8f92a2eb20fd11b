import { describe, expect, it } from 'vitest';
import { firstRanked } from './first-ranked';

describe('firstRanked', () => {
  it('gives what a stable sort then slice gives, ties in their first order', () => {
    const compare = (a: { n: number }, b: { n: number }) => b.n - a.n;
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (const size of [0, 1, 5, 499, 500, 501, 3000]) {
      const items = Array.from({ length: size }, (_, i) => ({ n: next() % 40, i }));
      for (const n of [0, 1, 10, 500]) {
        expect(firstRanked(items, n, compare)).toEqual([...items].sort(compare).slice(0, n));
      }
    }
  });
});
