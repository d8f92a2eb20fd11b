import { describe, expect, it } from 'vitest';
import { parseMoneyText } from './money-text';

const cents = (text: string) => {
  const r = parseMoneyText(text);
  return r.ok ? r.cents : r.error;
};

describe('parseMoneyText', () => {
  it('reads amounts as people type them, exactly to the cent', () => {
    expect(cents('1200000')).toBe(120000000n);
    expect(cents('1,200,000')).toBe(120000000n);
    expect(cents(' $1,200,000.50 ')).toBe(120000050n);
    expect(cents('1.2M')).toBe(120000000n);
    expect(cents('$850k')).toBe(85000000n);
    expect(cents('0.1')).toBe(10n);
    expect(cents('.5')).toBe(50n);
    expect(cents('1.23456789M')).toBe(123456789n);
  });

  it('refuses what it cannot read exactly', () => {
    expect(cents('')).toBe('Enter an amount');
    expect(cents('12,00')).toMatch(/Enter an amount in dollars/);
    expect(cents('1.2.3')).toMatch(/Enter an amount in dollars/);
    expect(cents('-5')).toMatch(/Enter an amount in dollars/);
    expect(cents('10.005')).toMatch(/2 decimal places/);
    expect(cents('1.234567891M')).toMatch(/2 decimal places/);
    expect(cents('0')).toBe('Enter an amount above zero');
    expect(cents('1000000000000')).toMatch(/too large/);
  });
});
