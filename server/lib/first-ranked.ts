/**
 * The first `n` items of `items` in the order `compare` gives, as `[...items].sort(compare)
 * .slice(0, n)` would return them, without sorting them all: the crosswalk lists the first 500 of
 * up to 50,000 unmatched titles, and a full sort of those held the server for a noticeable time.
 * A sorted list of the best n so far; most items lose to its last with one comparison.
 */
export function firstRanked<T>(items: Iterable<T>, n: number, compare: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (n <= 0) {
    return best;
  }
  for (const item of items) {
    if (best.length === n && compare(item, best[n - 1]) >= 0) {
      continue;
    }
    // Binary search for the place after every item ranked before or equal (a stable sort's place).
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(item, best[mid]) < 0) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    best.splice(lo, 0, item);
    if (best.length > n) {
      best.pop();
    }
  }
  return best;
}
