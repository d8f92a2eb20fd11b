import { describe, expect, it } from 'vitest';
import {
  centsOf,
  centsText,
  formatAmount,
  formatDecimalMoney,
  formatFixed,
  formatMillions,
  formatMoney,
  formatMoneyAsTyped,
  formatMoneyCents,
  formatNumber,
  fromCents,
  moneyFromText,
  nearestCents,
  parseMoneyText,
  sumDollars,
  ungroupedDecimal,
} from './money';

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

describe('cents and dollars', () => {
  it('converts exactly or refuses: a fraction of a cent is a bug, not a value to round', () => {
    expect(centsOf(311865755.6)).toBe(31186575560n);
    expect(centsOf('1250000.25')).toBe(125000025n);
    expect(() => centsOf(10.005)).toThrow(RangeError);
    expect(fromCents(-123n)).toBe(-1.23);
    expect(centsText(-5n)).toBe('-0.05');
    expect(centsText(120000050n)).toBe('1200000.50');
  });

  it("reads the database's numeric text as dollars through whole cents, and what is not cents as 0", () => {
    expect(moneyFromText('311865755.60')).toBe(311865755.6);
    expect(moneyFromText('-1234.5')).toBe(-1234.5);
    expect(moneyFromText('999999999999.99')).toBe(999_999_999_999.99);
    expect(moneyFromText('0')).toBe(0);
    expect(moneyFromText('10.005')).toBe(0);
    expect(moneyFromText('')).toBe(0);
  });

  it('reads a count with thousands separators in groups of three, as the money flags do', () => {
    expect(ungroupedDecimal('1,500')).toBe('1500');
    expect(ungroupedDecimal('1,500.25')).toBe('1500.25');
    expect(ungroupedDecimal('3912')).toBe('3912');
    expect(ungroupedDecimal('.5')).toBe('0.5');
    for (const garbage of ['1,50', '15,00', '1e3', '-5', '$5', '', '1,500,00']) {
      expect(ungroupedDecimal(garbage)).toBeNull();
    }
  });

  it('sums through cents (0.1 + 0.2 is 0.3) and rounds a spreadsheet float once', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars(['999999999999.99', -0.99])).toBe(999999999999);
    expect(nearestCents(1234.5699999999999)).toBe(123457n);
    expect(nearestCents(-2.675)).toBe(-268n);
  });

  it('formats exact decimal text without a float, and amounts for text tables', () => {
    expect(formatDecimalMoney('1030000000000.00')).toBe('$1,030,000,000,000.00');
    expect(formatDecimalMoney('-1234.565')).toBe('-$1,234.565');
    expect(formatDecimalMoney('5')).toBe('$5.00');
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(null)).toBe('');
    expect(formatMoneyCents(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(1234.5)).toBe('$1,235');
  });

  it('echoes a typed amount with its cents, and a whole amount without', () => {
    expect(formatMoneyAsTyped(508684.5)).toBe('$508,684.50');
    expect(formatMoneyAsTyped(45342684.5)).toBe('$45,342,684.50');
    expect(formatMoneyAsTyped(1200000)).toBe('$1,200,000');
    expect(formatMoneyAsTyped(-0.01)).toBe('-$0.01');
    expect(formatMoneyAsTyped(null)).toBe('');
  });

  // The formatters work on decimal text rather than Intl (whose data a browser loads on first use);
  // Intl is the reference they must agree with, figure for figure.
  it("formats every figure as Intl.NumberFormat('en-US') does, without a sign on a zero", () => {
    const intl = {
      dollars: new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      }),
      cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
      fixed: [0, 1, 2, 3].map(
        (d) => new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }),
      ),
      plain: new Intl.NumberFormat('en-US'),
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const values = [
      0, 1, -1, 0.5, 1.005, 2.675, -2.5, 999.995, 1234.5, 1e15, 311865755.6, 999_999_999_999.99,
    ];
    for (let i = 0; i < 3000; i += 1) {
      const magnitude = 10 ** Math.floor(random() * 13);
      const places = Math.floor(random() * 5);
      values.push(Number(((random() - 0.3) * magnitude).toFixed(places)));
    }
    for (const v of values) {
      const zero = (text: string) => text.replace(/^-(?=\$?[0.,]*$)/, '');
      expect(formatMoney(v), String(v)).toBe(zero(intl.dollars.format(v)));
      expect(formatMoneyCents(v), String(v)).toBe(zero(intl.cents.format(v)));
      expect(formatAmount(v), String(v)).toBe(zero(intl.fixed[2].format(v)));
      expect(formatNumber(v), String(v)).toBe(zero(intl.plain.format(v)));
      for (const d of [0, 1, 2, 3]) {
        expect(formatFixed(v, d), `${v} to ${d}`).toBe(zero(intl.fixed[d].format(v)));
      }
    }
    expect(formatMoneyCents(-0.001)).toBe('$0.00');
    expect(formatMillions(-40_000)).toBe('$0.0M');
    expect(formatMillions(-1_250_000)).toBe('-$1.3M');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});
