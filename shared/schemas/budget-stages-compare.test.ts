import { describe, expect, it } from 'vitest';
import { changePercentText } from './budget-stages-compare';

describe('changePercentText', () => {
  it('signs a change, and says a change too small for two decimals is under 0.01%', () => {
    // An edit of $1,824.50 after the vote on $49,024,537.55 is 0.0037%: it read '0.00%'.
    expect(changePercentText({ percent: 0.0037, difference: 1824.5 })).toBe('+<0.01%');
    expect(changePercentText({ percent: -0.004, difference: -1824.5 })).toBe('\u2212<0.01%');
    expect(changePercentText({ percent: -0.38, difference: -185_453.1 })).toBe('\u22120.38%');
    expect(changePercentText({ percent: 1.25, difference: 100 })).toBe('+1.25%');
    expect(changePercentText({ percent: 0, difference: 0 })).toBe('0.00%');
    expect(changePercentText({ percent: null, difference: 500 })).toBe('');
  });
});
