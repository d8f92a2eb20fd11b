import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = path.resolve(import.meta.dirname, '../e2e');

/**
 * CI splits the browser specs into parts of about equal time by e2e/durations.json
 * (scripts/e2e-parts.mjs); a spec missing there counts as the median (about 15 s), so a minute-long
 * one unmeasured makes its part run long while the others' cores wait. Eighteen specs had gone
 * unmeasured, setup-budget-years.spec (64 s) among them. A new spec gets its seconds from a run:
 * `node scripts/e2e-parts.mjs --record test-results/e2e-*.json`, or one entry added by hand.
 */
describe('e2e/durations.json', () => {
  const durations = JSON.parse(readFileSync(path.join(E2E, 'durations.json'), 'utf8')) as Record<
    string,
    number
  >;
  const specs = readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));

  it('has the measured seconds of every browser spec', () => {
    expect(specs.filter((f) => !(f in durations))).toEqual([]);
  });

  it('names no spec that is gone, each with its seconds', () => {
    expect(Object.keys(durations).filter((f) => !specs.includes(f))).toEqual([]);
    expect(Object.values(durations).every((s) => Number.isFinite(s) && s > 0)).toBe(true);
  });
});
