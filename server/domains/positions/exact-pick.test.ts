import { describe, expect, it } from 'vitest';
import { exactPick } from './scenario-roster';

/** The choice of whole positions a cut by FTE makes (thousandths of FTE, in order of preference). */
describe('exactPick', () => {
  it('takes the earliest positions that make the FTE exactly, skipping one that would stop short', () => {
    // 0.6 first (least senior), then two whole ones: 1.0 is made by a whole one, not 0.6 + nothing.
    expect(exactPick([600, 1000, 1000], 1000)).toEqual({ ok: true, indexes: [1] });
    expect(exactPick([600, 1000, 1000], 1600)).toEqual({ ok: true, indexes: [0, 1] });
    expect(exactPick([1000, 1000, 500, 500], 2000)).toEqual({ ok: true, indexes: [0, 1] });
  });

  it('names the nearest cut below when no set of whole positions makes it', () => {
    expect(exactPick([1000, 1000, 1000], 1500)).toEqual({ ok: false, nearest: 1000 });
    expect(exactPick([800, 1000], 500)).toEqual({ ok: false, nearest: 0 });
  });

  it('stays small for a large group of whole positions', () => {
    const sizes = Array.from({ length: 2000 }, () => 1000);
    const picked = exactPick(sizes, 1_500_000);
    expect(picked.ok && picked.indexes).toEqual(Array.from({ length: 1500 }, (_, i) => i));
  });
});
