import { describe, expect, it } from 'vitest';
import { chartCodes, compareFunctionCodes, DESE_FUNCTION_CODES } from './function-code';

// The collator the order was first written with, as the reference the ICU-free order must match.
const collator = new Intl.Collator('en', { numeric: true });
const sign = (n: number) => Math.sign(n);

describe('compareFunctionCodes', () => {
  it("orders codes as the collator's numeric order does, pair by pair", () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const alphabet = '0123456789ABZabz';
    const codes = [...DESE_FUNCTION_CODES, '2305A', '2305b', '02305', '2305', 'ab1', 'abc', 'AB', 'ab', ''];
    for (let i = 0; i < 120; i += 1) {
      codes.push(Array.from({ length: 1 + random(6) }, () => alphabet[random(alphabet.length)]).join(''));
    }
    codes.push('23-05', '2305 A', 'Écoles', '2305.1');
    for (const a of codes) {
      for (const b of codes) {
        expect(sign(compareFunctionCodes(a, b)), `${a} against ${b}`).toBe(sign(collator.compare(a, b)));
      }
    }
  });

  it('lists the chart by number, 2305 before 2315, letters after the same number', () => {
    const chart = chartCodes();
    expect(chart.indexOf('2305')).toBeLessThan(chart.indexOf('2315'));
    expect([...chart].sort(collator.compare)).toEqual(chart);
    expect(['2305A', '2315', '2305'].sort(compareFunctionCodes)).toEqual(['2305', '2305A', '2315']);
  });
});
