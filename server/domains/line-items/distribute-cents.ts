/**
 * Splits `total` cents over lines in proportion to their current amounts (equally when none is
 * positive), by largest remainder, so the parts add up to the total exactly.
 */
export function distributeCents(total: number, weights: number[]): number[] {
  const positive = weights.map((w) => Math.max(w, 0));
  const sum = positive.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? positive.map((w) => (total * w) / sum) : weights.map(() => total / weights.length);
  const parts = shares.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((s, i) => ({ i, rest: s - Math.floor(s) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) {
      break;
    }
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}
