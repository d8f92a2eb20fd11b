import { largestRemainder } from '@shared/whole-dollars';

/**
 * Splits `total` cents over lines in proportion to their current amounts (equally when none is
 * positive), by largest remainder (shared/whole-dollars.ts), so the parts add up to the total
 * exactly. Amounts are whole cents; the shares are worked out in BigInt, not floating point.
 */
export function distributeCents(total: number, weights: number[]): number[] {
  if (weights.length === 0) {
    return [];
  }
  const cents = BigInt(total);
  const positive = weights.map((w) => BigInt(Math.max(w, 0)));
  const sum = positive.reduce((a, b) => a + b, 0n);
  const parts =
    sum > 0n
      ? largestRemainder(
          positive.map((w) => cents * w),
          sum,
          cents,
        )
      : largestRemainder(
          weights.map(() => cents),
          BigInt(weights.length),
          cents,
        );
  return parts.map(Number);
}
