import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { MINUS, signedText } from './signed-words';

describe('signedText', () => {
  it('writes a rise with a plus, a fall with the minus sign U+2212, and no change bare', () => {
    expect(MINUS).toBe('\u2212');
    expect(signedText(182_313, formatMoney)).toBe('+$182,313');
    expect(signedText(-12_008, formatMoney)).toBe('\u2212$12,008');
    expect(signedText(0, formatMoney)).toBe('$0');
  });

  it('signs the figure as written: a change that rounds to nothing carries no sign', () => {
    const percent = (size: number) => `${size.toFixed(1)}%`;
    expect(signedText(-0.04, percent)).toBe('0.0%');
    expect(signedText(0.4, formatMoney)).toBe('$0');
    expect(signedText(-0.25, (size) => size.toFixed(3))).toBe('\u22120.250');
  });
});
