import { describe, expect, it } from 'vitest';
import { formatMoneyTicks } from '@web/lib/format';
import { niceTicks, valueTicks } from './bar-chart';

describe('chart axes', () => {
  it('puts ticks on round numbers from zero', () => {
    expect(niceTicks(51_900_000)).toEqual([0, 20_000_000, 40_000_000]);
    expect(niceTicks(124)).toEqual([0, 50, 100]);
    expect(niceTicks(10)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0)).toEqual([0]);
  });

  it('labels the ticks all at once or one at a time, or leaves them to Plotly', () => {
    expect(valueTicks(330_000, undefined, formatMoneyTicks)).toEqual({
      tickvals: [0, 100_000, 200_000, 300_000],
      ticktext: ['$0', '$100K', '$200K', '$300K'],
    });
    expect(valueTicks(124, (v) => `${v} people`)).toEqual({
      tickvals: [0, 50, 100],
      ticktext: ['0 people', '50 people', '100 people'],
    });
    expect(valueTicks(124)).toEqual({});
  });

  it("gives an empty year's money axis one $0 tick, not $0.0M at every tick", () => {
    expect(valueTicks(0, undefined, formatMoneyTicks)).toEqual({ tickvals: [0], ticktext: ['$0'] });
    // The grouped chart's axis of an empty year runs to 1 (Plotly needs a range): dollars, not millions.
    const emptyAxis = valueTicks(1, undefined, formatMoneyTicks).ticktext ?? [];
    expect(emptyAxis.some((label) => label.endsWith('M'))).toBe(false);
    expect(new Set(emptyAxis).size).toBe(emptyAxis.length);
  });
});
