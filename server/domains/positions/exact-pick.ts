/**
 * How a cut of some FTE is made of whole positions (the Scenario Builder's cuts, scenario-roster.ts
 * pickForCut): kept apart from the SQL that orders them so each reads on its own.
 */

/**
 * Which of `sizes` (in order of preference) add up to exactly `want`, preferring the earliest: each
 * is taken when the ones after it can still make up the rest. Whole positions of mixed FTE (0.6 and
 * 1.0) are found this way where taking them greedily would stop short. Sizes and want are scaled
 * down by their common divisor first, so the table stays small (thousandths of FTE, usually whole
 * or half positions).
 */
export function exactPick(
  sizes: readonly number[],
  want: number,
): { ok: true; indexes: number[] } | { ok: false; nearest: number } {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const unit = sizes.reduce((g, n) => gcd(g, n), want) || 1;
  const target = want / unit;
  const units = sizes.map((n) => n / unit);
  // can[i][s]: positions i.. can make exactly s.
  const can = Array.from({ length: units.length + 1 }, () => new Uint8Array(target + 1));
  can[units.length][0] = 1;
  for (let i = units.length - 1; i >= 0; i -= 1) {
    for (let s = 0; s <= target; s += 1) {
      can[i][s] = can[i + 1][s] || (s >= units[i] && can[i + 1][s - units[i]]) ? 1 : 0;
    }
  }
  if (!can[0][target]) {
    let nearest = target;
    while (nearest > 0 && !can[0][nearest]) {
      nearest -= 1;
    }
    return { ok: false, nearest: nearest * unit };
  }
  const indexes: number[] = [];
  let rest = target;
  for (let i = 0; i < units.length && rest > 0; i += 1) {
    if (units[i] <= rest && can[i + 1][rest - units[i]]) {
      indexes.push(i);
      rest -= units[i];
    }
  }
  return { ok: true, indexes };
}
