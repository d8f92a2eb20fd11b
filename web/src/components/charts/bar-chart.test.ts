import { describe, expect, it } from 'vitest';
import { formatMillions } from '@web/lib/format';
import { niceTicks } from './bar-chart';

describe('chart axes', () => {
  it('puts ticks on round numbers from zero', () => {
    expect(niceTicks(51_900_000)).toEqual([0, 20_000_000, 40_000_000]);
    expect(niceTicks(124)).toEqual([0, 50, 100]);
    expect(niceTicks(10)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0)).toEqual([0]);
  });

  it('shows dashboard money in millions with 1 or 2 decimals (SPEC section 9)', () => {
    expect(formatMillions(87_834_567)).toBe('$87.8M');
    expect(formatMillions(87_834_567, 2)).toBe('$87.83M');
    expect(formatMillions(-444_400)).toBe('-$0.4M');
    expect(formatMillions(null)).toBe('');
  });
});
